import { and, eq, sql, type SQL } from 'drizzle-orm';
import { preparedOnce, type Db } from '../../platform/db/database.js';
import { subscriptions } from '../membership/membership.tables.js';
import { users } from '../members/members.tables.js';
import { membershipColumns, type MemberRow } from '../members/index.js';
import { dailyActions } from './points.tables.js';

/** A time, or a placeholder filled with one at each call of a prepared query. */
type At = Date | ReturnType<typeof sql.placeholder>;

/** Referrals who joined before `joinedBefore` (14 days ago) and are not free (D6.3). */
function qualifiedReferrals(referrerId: SQL, now: At, joinedBefore: At): SQL {
  return sql`(select count(*) from ${users} r
    where r.referrer_id = ${referrerId} and r.status = 'active' and r.created_at <= ${joinedBefore}
      and (r.premium_expires > ${now} or r.pro_expires > ${now}
           or exists (select 1 from ${subscriptions} s where s.user_id = r.id and s.level = 'managed'
                      and s.status <> 'ended' and s.current_period_end > ${now})))::int`;
}

export type MemberWithDay = MemberRow & { actions: number; limitRaised: boolean; qualifiedReferrals: number };

/**
 * The select fields of a member with what their membership and today's cap (D6.3) are derived
 * from, for a query that joins `users` (the member) and `daily_actions` on memberDayJoin; the time
 * and the join time referrals must be older than to qualify (D6.3) are values or placeholders.
 */
export function memberDayFieldsAt(now: At, joinedBefore: At) {
  const memberId = sql.raw('"users"."id"');
  return {
    user: users,
    ...membershipColumns,
    actions: sql<number>`coalesce(${dailyActions.actions}, 0)`.mapWith(Number),
    limitRaised: sql<boolean>`coalesce(${dailyActions.limitRaised}, false)`,
    qualifiedReferrals: qualifiedReferrals(memberId, now, joinedBefore).mapWith(Number),
  };
}

/** The member's row of daily_actions for a Pacific day, for a left join beside memberDayFieldsAt. */
export const memberDayJoin = (day: string | ReturnType<typeof sql.placeholder>) =>
  and(eq(dailyActions.userId, users.id), eq(dailyActions.day, day));

type MemberDayRow = {
  user: typeof users.$inferSelect;
  managedUntil: Date | null;
  subscribed: boolean;
  actions: number;
  limitRaised: boolean;
  qualifiedReferrals: number;
};

/** The member of a row read with memberDayFieldsAt. */
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

/** The query of findMemberWithDay, prepared once per database. */
const memberWithDayQuery = preparedOnce((db) =>
  db
    .select(memberDayFieldsAt(sql.placeholder('now'), sql.placeholder('joinedBefore')))
    .from(users)
    .leftJoin(dailyActions, memberDayJoin(sql.placeholder('day')))
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('member_with_day'),
);

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
  const [row] = await memberWithDayQuery(db).execute({
    id,
    day,
    now,
    joinedBefore: new Date(now.getTime() - qualifyingDays * 24 * 3600 * 1000),
  });
  return row ? toMemberWithDay(row) : null;
}
