import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { SITE_TIME_ZONE, type PaidLevel } from '@marquee/contract';
import { rowsOf, type Db } from '../../platform/db/database.js';
import { users } from '../members/members.tables.js';
import { subscriptions } from './membership.tables.js';

/** Every query of membership: the level dates on the member and the subscriptions that renew them. */

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Locks a member's row for the rest of the transaction: level changes read the dates, then write them. */
export async function lockMember(tx: Db, id: number) {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row ?? null;
}

/** Sets the paid-through date of one level (D2.3). */
export async function setLevelExpiry(tx: Db, userId: number, level: PaidLevel, at: Date) {
  await tx
    .update(users)
    .set(level === 'pro' ? { proExpires: at } : { premiumExpires: at })
    .where(eq(users.id, userId));
}

/** Sets both paid-through dates at once (the pro trade). */
export async function setLevelDates(tx: Db, userId: number, dates: { premium: Date; pro: Date }) {
  await tx
    .update(users)
    .set({ premiumExpires: dates.premium, proExpires: dates.pro })
    .where(eq(users.id, userId));
}

/**
 * The pro trial: 7 days of pro for a member who has never had pro nor the trial. The condition is
 * in the statement, so two trials started at once give one; answers false when none was given.
 */
export async function startProTrial(db: Db, userId: number, now: Date, until: Date): Promise<boolean> {
  const [updated] = await db
    .update(users)
    .set({ proExpires: until, proTrialAt: now })
    .where(and(eq(users.id, userId), sql`${users.proTrialAt} is null`, sql`${users.proExpires} is null`))
    .returning({ id: users.id });
  return Boolean(updated);
}

/** The dashboard stops offering the pro trial. */
export async function dismissProOffer(db: Db, userId: number, now: Date) {
  await db.update(users).set({ proOfferDismissedAt: now }).where(eq(users.id, userId));
}

/** The member's newest active subscription; with paidOnly, one paid through a provider (not managed). */
export async function activeSubscription(
  db: Db,
  userId: number,
  opts: { paidOnly?: boolean } = {},
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.status, 'active'),
        opts.paidOnly ? ne(subscriptions.provider, 'admin') : undefined,
      ),
    )
    .orderBy(desc(subscriptions.currentPeriodEnd))
    .limit(1);
  return row ?? null;
}

const providerSubscription = (tx: Db, provider: string, providerRef: string) =>
  tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, provider), eq(subscriptions.providerRef, providerRef)));

/** The subscription a provider's event names, if Marquee knows it. */
export async function findProviderSubscription(tx: Db, provider: string, providerRef: string) {
  const [row] = await providerSubscription(tx, provider, providerRef);
  return row ?? null;
}

/** The same, locked for the rest of the transaction. */
export async function lockProviderSubscription(tx: Db, provider: string, providerRef: string) {
  const [row] = await providerSubscription(tx, provider, providerRef).for('update');
  return row ?? null;
}

/** Records a subscription the first time one of its events arrives; answers its id. */
export async function insertSubscription(
  tx: Db,
  values: {
    userId: number;
    level: PaidLevel | 'managed';
    /** Managed Rank: the tier (spec 4 §9 selection). */
    tier?: number | null;
    provider: string;
    providerRef: string;
    status: 'active' | 'cancelled' | 'ended';
    months: number;
    amountPennies: number;
    currentPeriodEnd: Date;
    lastEventAt: Date;
    createdAt: Date;
  },
): Promise<number> {
  const [created] = await tx.insert(subscriptions).values(values).returning({ id: subscriptions.id });
  return (created as { id: number }).id;
}

/** A later event of a known subscription: its period end, last event time, status, price per period or tier. */
export async function updateSubscription(
  tx: Db,
  id: number,
  changes: Partial<
    Pick<SubscriptionRow, 'currentPeriodEnd' | 'lastEventAt' | 'status' | 'amountPennies' | 'tier'>
  >,
) {
  await tx.update(subscriptions).set(changes).where(eq(subscriptions.id, id));
}

/** A refunded payment stops the renewals: active becomes cancelled, an ended one stays ended (D2.3). */
export async function stopRenewals(tx: Db, id: number) {
  await tx
    .update(subscriptions)
    .set({ status: sql`case when ${subscriptions.status} = 'ended' then 'ended' else 'cancelled' end` })
    .where(eq(subscriptions.id, id));
}

export interface EndingLevel {
  id: number;
  level: PaidLevel;
  ends: Date;
}

/**
 * Members whose paid level (the one they hold) ends on the Pacific day `daysAhead` from `day`, with
 * no subscription renewing it and not managed; with `daysAhead` -1, those whose last paid level
 * ended the day before and who are free now.
 */
export async function levelsEndingOn(
  tx: Db,
  day: string,
  daysAhead: number,
  now: Date,
): Promise<EndingLevel[]> {
  const rows = await rowsOf<{ id: number; level: PaidLevel; ends: string | Date }>(
    tx,
    sql`
    select id, level, ends from (
      select u.id,
        case when u.pro_expires > ${now} then 'pro' when u.premium_expires > ${now} then 'premium'
             when u.pro_expires >= u.premium_expires or u.premium_expires is null then 'pro'
             else 'premium' end as level,
        case when u.pro_expires > ${now} then u.pro_expires when u.premium_expires > ${now} then u.premium_expires
             else greatest(u.pro_expires, u.premium_expires) end as ends
      from users u
      where u.kind = 'member' and u.status = 'active'
        and (u.pro_expires is not null or u.premium_expires is not null)
        and not exists (select 1 from subscriptions s where s.user_id = u.id
                        and (s.status = 'active' or (s.level = 'managed' and s.status <> 'ended'
                                                     and s.current_period_end > ${now})))
    ) m
    where (ends at time zone ${SITE_TIME_ZONE})::date = ${day}::date + ${daysAhead}::int
      and (${daysAhead}::int >= 0) = (ends > ${now})`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    level: r.level,
    ends: new Date(r.ends),
  }));
}
