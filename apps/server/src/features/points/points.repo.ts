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

export type MemberWithDay = MemberRow & { actions: number; limitRaised: boolean; qualifiedReferrals: number };

/**
 * The select fields of a member with what their membership and today's cap (D6.3) are derived
 * from, for a query that joins `users` (the member) and `daily_actions` on memberDayJoin.
 */
export function memberDayFields(now: Date, qualifyingDays: number) {
  const memberId = sql.raw('"users"."id"');
  return {
    user: users,
    ...membershipColumns,
    actions: sql<number>`coalesce(${dailyActions.actions}, 0)`.mapWith(Number),
    limitRaised: sql<boolean>`coalesce(${dailyActions.limitRaised}, false)`,
    qualifiedReferrals: qualifiedReferrals(memberId, now, qualifyingDays).mapWith(Number),
  };
}

/** The member's row of daily_actions for a Pacific day, for a left join beside memberDayFields. */
export const memberDayJoin = (day: string) =>
  and(eq(dailyActions.userId, users.id), eq(dailyActions.day, day));

type MemberDayRow = {
  user: typeof users.$inferSelect;
  managedUntil: Date | null;
  subscribed: boolean;
  actions: number;
  limitRaised: boolean;
  qualifiedReferrals: number;
};

/** The member of a row read with memberDayFields. */
export function toMemberWithDay(row: MemberDayRow): MemberWithDay {
  return {
    ...row.user,
    managedUntil: row.managedUntil,
    subscribed: Boolean(row.subscribed),
    actions: row.actions,
    limitRaised: Boolean(row.limitRaised),
    qualifiedReferrals: row.qualifiedReferrals,
  };
}

/**
 * A member with what their membership and today's cap (D6.3) are derived from, in one query: what
 * fetchListings and the point box read first.
 */
export async function findMemberWithDay(
  db: Db,
  id: number,
  day: string,
  now: Date,
  qualifyingDays: number,
): Promise<MemberWithDay | null> {
  const [row] = await db
    .select(memberDayFields(now, qualifyingDays))
    .from(users)
    .leftJoin(dailyActions, memberDayJoin(day))
    .where(eq(users.id, id))
    .limit(1);
  return row ? toMemberWithDay(row) : null;
}
