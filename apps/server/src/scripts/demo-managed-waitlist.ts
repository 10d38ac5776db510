import { eq } from 'drizzle-orm';
import { managed, pacificDate } from '@marquee/contract';
import type { Db } from '../platform/db/database.js';
import { DAY_MS, HOUR_MS, addDays, pacificDay, weekOf } from '../platform/time.js';
import { hashToken, newToken } from '../platform/tokens.js';
import { recordAudit } from '../platform/audit.repo.js';
import { users } from '../features/members/members.tables.js';
import { managedWaitlist } from '../features/admin/admin.tables.js';
import { starmeterWeeks } from '../features/pro/pro.tables.js';
import { managedInvitations, managedSetups } from '../features/managed/managed.tables.js';

/**
 * The managed waitlist in the demo (docs/domain.md AD11, MR1-MR3): three members waiting for Managed
 * Rank, each with four STARmeter weeks, so /admin/waitlist has people to show; the oldest was set
 * up and invited two days ago by the demo admin. Places are those of the demo's PEOPLE; the demo
 * logins themselves are left off the waitlist.
 */
const ADMIN = 0;

/** [place, tier (spec 4 §9 selection), days on the waitlist, newest STARmeter rank, invited]. */
const WAITING: [place: number, selection: 1 | 2 | 3, days: number, rank: number, invited: boolean][] = [
  [7, 3, 24, 63_400, true],
  [9, 2, 11, 121_800, false],
  [6, 1, 3, 246_500, false],
];

export async function seedDemoManagedWaitlist(tx: Db, ids: number[], now: number) {
  const adminId = ids[ADMIN] as number;
  // The four weeks that have ended, newest first (weeks end on Sundays, D1.2).
  const lastSunday = addDays(weekOf(pacificDay(new Date(now))).monday, -1);
  const sundays = [0, 1, 2, 3].map((k) => addDays(lastSunday, -7 * k));

  for (const [place, selection, days, rank, invited] of WAITING) {
    const userId = ids[place] as number;
    await tx.insert(starmeterWeeks).values(
      // Older weeks a little further from the target: the page has been slipping.
      sundays.map((weekEnding, k) => ({ userId, weekEnding, rank: rank + k * Math.round(rank / 25) })),
    );
    await tx.insert(managedWaitlist).values({
      userId,
      selection,
      status: invited ? 'invited' : 'waitlisted',
      createdAt: new Date(now - days * DAY_MS),
    });
    if (!invited) continue;

    const [member] = await tx.select({ imdbUrl: users.imdbUrl }).from(users).where(eq(users.id, userId));
    const nmCode = /\/name\/(nm\d+)/.exec(member?.imdbUrl ?? '')?.[1] ?? 'nm0000000';
    const tier = managed.tierOf(selection)?.name ?? '';
    const setUpAt = new Date(now - 2 * DAY_MS - HOUR_MS);
    const row = {
      nmCode,
      selection,
      rank1: rank,
      rank2: rank + Math.round(rank / 25),
      rank3: rank + 2 * Math.round(rank / 25),
      rank4: rank + 3 * Math.round(rank / 25),
      views1: 18,
      views2: 12,
      views3: 9,
      views4: 14,
      hasPicture: true,
    };
    await tx
      .insert(managedSetups)
      .values({ userId, ...row, unsubCode: newToken(), setUpBy: adminId, setUpAt });
    await recordAudit(tx, {
      adminId,
      userId,
      action: 'managed.setup',
      summary: `Set up Managed Rank for ${nmCode}, ${tier}`,
      after: row,
      at: setUpAt,
    });
    // The invitation's code went out by mail only; nobody in the demo holds it.
    const sentAt = new Date(now - 2 * DAY_MS);
    const expiresAt = new Date(sentAt.getTime() + 14 * DAY_MS);
    await tx.insert(managedInvitations).values({
      userId,
      codeHash: hashToken(newToken()),
      selection,
      sentAt,
      expiresAt,
    });
    await recordAudit(tx, {
      adminId,
      userId,
      action: 'managed.invite',
      summary: `Invited to Managed Rank, ${tier}, until ${pacificDate(expiresAt)}`,
      after: { selection, expiresAt: expiresAt.toISOString() },
      at: sentAt,
    });
  }
}
