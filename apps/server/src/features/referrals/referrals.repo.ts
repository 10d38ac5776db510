import { and, asc, desc, eq, lte, ne, sql } from 'drizzle-orm';
import type { PaidLevel } from '@marquee/contract';
import type { Db } from '../../platform/db/database.js';
import { membershipColumns, type MemberRow } from '../members/index.js';
import { users } from '../members/members.tables.js';
import { purchases } from '../payments/payments.tables.js';
import { membershipCredits, referralRewards } from './referrals.tables.js';
import type { TradeCurrency } from './referrals.policy.js';

/** Members who joined with a member's link, deleted accounts left out (D2.5). */
export async function countReferrals(db: Db, referrerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.referrerId, referrerId), ne(users.status, 'deleted')));
  return row?.n ?? 0;
}

/** Days a member got by trading referral points, per level. */
export async function referralTradeDays(db: Db, userId: number): Promise<Record<PaidLevel, number>> {
  const rows = await db
    .select({ level: membershipCredits.level, days: sql<number>`sum(${membershipCredits.days})::int` })
    .from(membershipCredits)
    .where(and(eq(membershipCredits.userId, userId), eq(membershipCredits.paidWith, 'referral_points')))
    .groupBy(membershipCredits.level);
  const days = { premium: 0, pro: 0 };
  for (const row of rows) if (row.level === 'premium' || row.level === 'pro') days[row.level] = row.days;
  return days;
}

/** The newest credits a member got with referral points. */
export async function recentReferralCredits(db: Db, userId: number, limit: number) {
  return db
    .select({
      level: membershipCredits.level,
      days: membershipCredits.days,
      createdAt: membershipCredits.createdAt,
    })
    .from(membershipCredits)
    .where(and(eq(membershipCredits.userId, userId), eq(membershipCredits.paidWith, 'referral_points')))
    .orderBy(desc(membershipCredits.createdAt), desc(membershipCredits.id))
    .limit(limit);
}

/** The newest active members who joined with a member's link, with what their level is derived from. */
export async function recentReferrals(db: Db, referrerId: number, limit: number): Promise<MemberRow[]> {
  const rows = await db
    .select({ user: users, ...membershipColumns })
    .from(users)
    .where(and(eq(users.referrerId, referrerId), eq(users.status, 'active')))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.user, managedUntil: r.managedUntil, subscribed: Boolean(r.subscribed) }));
}

/** Locks a member's row for the rest of the transaction: trades and rewards read then write it. */
export async function lockMember(tx: Db, id: number) {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row ?? null;
}

/** Moves a member's referral and feature point balances (both kept at or above zero by the callers). */
export async function addReferralBalances(
  tx: Db,
  userId: number,
  delta: { refPoints: number; featurePoints: number },
) {
  await tx
    .update(users)
    .set({
      refPoints: sql`${users.refPoints} + ${delta.refPoints}`,
      featurePoints: sql`${users.featurePoints} + ${delta.featurePoints}`,
    })
    .where(eq(users.id, userId));
}

/** Records a reward once per source; null when that source was rewarded before. */
export async function insertReward(tx: Db, reward: typeof referralRewards.$inferInsert) {
  const [row] = await tx
    .insert(referralRewards)
    .values(reward)
    .onConflictDoNothing({ target: referralRewards.source })
    .returning();
  return row ?? null;
}

/** Held rewards paid for at or before `paidBefore` (all referrers, or one), oldest first, with what their mail says. */
export async function dueRewards(tx: Db, paidBefore: Date, referrerId?: number) {
  const rows = await tx
    .select({
      id: referralRewards.id,
      referrerId: referralRewards.referrerId,
      source: referralRewards.source,
      refPoints: referralRewards.refPoints,
      featurePoints: referralRewards.featurePoints,
      referralName: sql<string>`trim(${users.first} || ' ' || ${users.last})`,
      level: sql<PaidLevel>`coalesce(${purchases.level}, 'premium')`,
      months: sql<number>`coalesce(${purchases.months}, 1)`,
    })
    .from(referralRewards)
    .innerJoin(users, eq(users.id, referralRewards.referralId))
    .leftJoin(purchases, sql`'purchase:' || ${purchases.id} = ${referralRewards.source}`)
    .where(
      and(
        eq(referralRewards.status, 'pending'),
        lte(referralRewards.createdAt, paidBefore),
        referrerId === undefined ? undefined : eq(referralRewards.referrerId, referrerId),
      ),
    )
    .orderBy(asc(referralRewards.referrerId), asc(referralRewards.id))
    .for('update', { of: referralRewards, skipLocked: true });
  return rows;
}

/** Ends a held reward's wait: paid out ('released') or not ('withdrawn'). */
export async function settleReward(tx: Db, id: number, status: 'released' | 'withdrawn', at: Date) {
  await tx.update(referralRewards).set({ status, releasedAt: at }).where(eq(referralRewards.id, id));
}

/** Referral points of rewards still held for a referrer. */
export async function heldRefPoints(db: Db, referrerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${referralRewards.refPoints}), 0)::int` })
    .from(referralRewards)
    .where(and(eq(referralRewards.referrerId, referrerId), eq(referralRewards.status, 'pending')));
  return row?.n ?? 0;
}

export async function findReward(tx: Db, source: string) {
  const [row] = await tx.select().from(referralRewards).where(eq(referralRewards.source, source)).limit(1);
  return row ?? null;
}

/** Writes a trade-in: the level's new paid-through date, the referral points spent, and the credit. */
export async function writeTrade(
  tx: Db,
  trade: {
    userId: number;
    currency: TradeCurrency;
    level: PaidLevel;
    days: number;
    cost: number;
    expiry: Date;
    at: Date;
  },
): Promise<number> {
  await tx
    .update(users)
    .set({
      ...(trade.level === 'pro' ? { proExpires: trade.expiry } : { premiumExpires: trade.expiry }),
      ...(trade.currency === 'referral_points' ? { refPoints: sql`${users.refPoints} - ${trade.cost}` } : {}),
    })
    .where(eq(users.id, trade.userId));
  const [credit] = await tx
    .insert(membershipCredits)
    .values({
      userId: trade.userId,
      paidWith: trade.currency,
      level: trade.level,
      days: trade.days,
      cost: trade.cost,
      createdAt: trade.at,
    })
    .returning({ id: membershipCredits.id });
  return (credit as { id: number }).id;
}
