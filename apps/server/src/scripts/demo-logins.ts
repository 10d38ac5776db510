import { pacificDay } from '@marquee/contract';
import type { Db } from '../platform/db/database.js';
import { findByLogin, findMember } from '../features/members/members.repo.js';
import { membershipOf } from '../features/membership/membership.policy.js';
import { DEMO_LOGINS, DEMO_PASSWORD } from './demo-data.js';

/**
 * What the server prints at start (and seed:demo after seeding): each demo login with the level it
 * has now (D2.3), which changes as demo memberships run out or are bought, so a tester picks the
 * right one. Nothing is printed when the database holds none of them.
 */
export async function demoLoginLines(db: Db, now: Date): Promise<string[]> {
  const lines: string[] = [];
  for (const { username } of DEMO_LOGINS) {
    const login = await findByLogin(db, username);
    const member = login ? await findMember(db, login.id) : null;
    if (!member) continue;
    lines.push(`  ${username.padEnd(14)} ${describe(member, now)}`);
  }
  if (lines.length === 0) return [];
  return [`Demo logins (password "${DEMO_PASSWORD}"):`, ...lines];
}

type Member = NonNullable<Awaited<ReturnType<typeof findMember>>>;

/** "pro until 2027-01-03", "free", "admin, premium until …", "deactivated". */
function describe(member: Member, now: Date): string {
  if (member.status !== 'active') return member.status;
  const state = membershipOf(member, now);
  const ends =
    state.membership === 'pro'
      ? member.proExpires
      : state.membership === 'premium'
        ? member.premiumExpires
        : null;
  // The Pacific day the level ends, as every date of the site (docs/domain.md V4).
  const until = ends ? ` until ${pacificDay(ends)}` : '';
  return `${member.role === 'admin' ? 'admin, ' : ''}${state.membership}${until}`;
}
