import { and, count, eq, gt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { subscriptions } from '../membership/membership.tables.js';
import { users } from '../members/members.tables.js';
import { dailyActions } from './points.tables.js';

export async function dailyActionsOn(db: Db, userId: number, day: string) {
  const [row] = await db
    .select({ actions: dailyActions.actions, limitRaised: dailyActions.limitRaised })
    .from(dailyActions)
    .where(and(eq(dailyActions.userId, userId), eq(dailyActions.day, day)))
    .limit(1);
  return row ?? { actions: 0, limitRaised: false };
}

/** Referrals who have been members for 14 days and are not free (D6.3). */
export async function qualifiedReferralCount(
  db: Db,
  userId: number,
  now: Date,
  qualifyingDays: number,
): Promise<number> {
  const joinedBefore = new Date(now.getTime() - qualifyingDays * 24 * 3600 * 1000);
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(
      and(
        eq(users.referrerId, userId),
        eq(users.status, 'active'),
        lte(users.createdAt, joinedBefore),
        or(
          gt(users.premiumExpires, now),
          gt(users.proExpires, now),
          sql`exists (select 1 from ${subscriptions} where ${subscriptions.userId} = ${users.id}
                and ${subscriptions.level} = 'managed' and ${subscriptions.status} <> 'ended'
                and ${subscriptions.currentPeriodEnd} > ${now})`,
        ),
      ),
    );
  return row?.n ?? 0;
}
