import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { subscriptions } from '../membership/membership.tables.js';
import { users } from '../members/members.tables.js';
import { membershipColumns, type MemberRow } from '../members/members.repo.js';
import { dailyActions } from './points.tables.js';

/** Referrals who have been members for 14 days and are not free (D6.3). */
function qualifiedReferrals(referrerId: SQL, now: Date, qualifyingDays: number): SQL {
  const joinedBefore = new Date(now.getTime() - qualifyingDays * 24 * 3600 * 1000);
  return sql`(select count(*) from ${users} r
    where r.referrer_id = ${referrerId} and r.status = 'active' and r.created_at <= ${joinedBefore}
      and (r.premium_expires > ${now} or r.pro_expires > ${now}
           or exists (select 1 from ${subscriptions} s where s.user_id = r.id and s.level = 'managed'
                      and s.status <> 'ended' and s.current_period_end > ${now})))::int`;
}

/**
 * A member with what their membership and today's cap (D6.3) are derived from, in one query: what
 * fetchListings, every credit and the point box read first.
 */
export async function findMemberWithDay(
  db: Db,
  id: number,
  day: string,
  now: Date,
  qualifyingDays: number,
): Promise<(MemberRow & { actions: number; limitRaised: boolean; qualifiedReferrals: number }) | null> {
  const memberId = sql.raw('"users"."id"');
  const [row] = await db
    .select({
      user: users,
      ...membershipColumns,
      actions: sql<number>`coalesce(${dailyActions.actions}, 0)`.mapWith(Number),
      limitRaised: sql<boolean>`coalesce(${dailyActions.limitRaised}, false)`,
      qualifiedReferrals: qualifiedReferrals(memberId, now, qualifyingDays).mapWith(Number),
    })
    .from(users)
    .leftJoin(dailyActions, and(eq(dailyActions.userId, users.id), eq(dailyActions.day, day)))
    .where(eq(users.id, id))
    .limit(1);
  if (!row) return null;
  return {
    ...row.user,
    managedUntil: row.managedUntil,
    subscribed: Boolean(row.subscribed),
    actions: row.actions,
    limitRaised: Boolean(row.limitRaised),
    qualifiedReferrals: row.qualifiedReferrals,
  };
}
