import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PaidLevel } from '@marquee/contract';
import type { Db } from '../../platform/db/database.js';
import { listings } from '../listings/listings.tables.js';
import { users } from '../members/members.tables.js';
import { paymentEvents, purchases } from './payments.tables.js';

/** Every query of payments: purchases and the providers' events. */

export type Purchase = typeof purchases.$inferSelect;

/**
 * Records a provider's event before anything is applied; answers false when its id was seen before
 * (D10.1). The primary key (provider, event id) makes two deliveries at once record it once.
 */
export async function recordEventOnce(
  tx: Db,
  event: { provider: string; eventId: string; type: string; occurredAt: Date },
  receivedAt: Date,
): Promise<boolean> {
  const [first] = await tx
    .insert(paymentEvents)
    .values({ ...event, receivedAt, outcome: 'pending' })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  return Boolean(first);
}

/** What applying an event did, kept for support. */
export async function setEventOutcome(
  tx: Db,
  event: { provider: string; eventId: string },
  outcome: string,
  userId: number | null,
  money: { amountPennies: number; sold: string | null } = { amountPennies: 0, sold: null },
) {
  await tx
    .update(paymentEvents)
    .set({ outcome, userId, amountPennies: money.amountPennies, sold: money.sold })
    .where(and(eq(paymentEvents.provider, event.provider), eq(paymentEvents.eventId, event.eventId)));
}

/** Locks the purchase an event names: by our id, else by the provider's reference. */
export async function lockPurchase(
  tx: Db,
  provider: string,
  by: { id: number | null; ref: string | null },
): Promise<Purchase | null> {
  const where =
    by.id !== null ? eq(purchases.id, by.id) : by.ref ? eq(purchases.providerRef, by.ref) : undefined;
  if (!where) return null;
  const [row] = await tx
    .select()
    .from(purchases)
    .where(and(where, eq(purchases.provider, provider)))
    .for('update');
  return row ?? null;
}

/** A checkout started: the purchase waits as 'pending' for the provider's event; answers its id. */
export async function createPendingPurchase(
  db: Db,
  values: {
    userId: number;
    provider: string;
    kind: 'membership' | 'subscription';
    level: PaidLevel;
    months: number;
    amountPennies: number;
    createdAt: Date;
  },
): Promise<number> {
  const [row] = await db
    .insert(purchases)
    .values({ ...values, status: 'pending' })
    .returning({ id: purchases.id });
  return (row as { id: number }).id;
}

/** The provider's id of the checkout, by which its page and its events find the purchase. */
export async function setPurchaseProviderRef(db: Db, id: number, providerRef: string) {
  await db.update(purchases).set({ providerRef }).where(eq(purchases.id, id));
}

/** A membership paid once: paid, with the dates it moved the level between (what a refund takes back). */
export async function markPurchasePaid(
  tx: Db,
  id: number,
  paid: { paidAt: Date; providerRef: string; grantedFrom: Date; grantedUntil: Date },
) {
  await tx
    .update(purchases)
    .set({ status: 'paid', ...paid })
    .where(eq(purchases.id, id));
}

/** A subscription's first period paid: its pending purchase (if still pending and the member's) is paid. */
export async function markSubscriptionPurchasePaid(
  tx: Db,
  purchase: { id: number; userId: number },
  paid: { paidAt: Date; subscriptionId: number; grantedFrom: Date; grantedUntil: Date },
) {
  await tx
    .update(purchases)
    .set({ status: 'paid', ...paid })
    .where(
      and(
        eq(purchases.id, purchase.id),
        eq(purchases.userId, purchase.userId),
        eq(purchases.status, 'pending'),
      ),
    );
}

export async function markPurchaseRefunded(tx: Db, id: number, refundedAt: Date) {
  await tx.update(purchases).set({ status: 'refunded', refundedAt }).where(eq(purchases.id, id));
}

/** The member gave up at the test checkout: a pending purchase is abandoned. */
export async function abandonPurchase(db: Db, id: number) {
  await db
    .update(purchases)
    .set({ status: 'abandoned' })
    .where(and(eq(purchases.id, id), eq(purchases.status, 'pending')));
}

/** The listing sponsored activity was bought for, as the receipt names it. */
export async function listingForReceipt(tx: Db, listingId: number) {
  const [row] = await tx
    .select({ name: listings.name, type: listings.type })
    .from(listings)
    .where(eq(listings.id, listingId));
  return row ?? null;
}

/** Where a receipt goes: the member's address and first name (none once the account is deleted). */
export async function receiptAddress(db: Db, userId: number) {
  const [row] = await db
    .select({ email: users.email, first: users.first })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** A checkout of the built-in test checkout, by its page's id, with what its page shows. */
export async function findTestCheckout(db: Db, ref: string) {
  const [row] = await db
    .select({
      purchase: purchases,
      email: users.email,
      listing: { name: listings.name, type: listings.type, platform: listings.platform },
    })
    .from(purchases)
    .innerJoin(users, eq(users.id, purchases.userId))
    .leftJoin(listings, eq(listings.id, purchases.listingId))
    .where(and(eq(purchases.providerRef, ref), eq(purchases.provider, 'test')))
    .limit(1);
  return row ?? null;
}

export type TestCheckout = NonNullable<Awaited<ReturnType<typeof findTestCheckout>>>;

/**
 * The member's latest membership checkout (sponsored activity and Managed Rank, which has its own
 * check, never answer the membership's subscription check).
 */
export async function latestMembershipPurchase(db: Db, userId: number) {
  const [row] = await db
    .select({ id: purchases.id, status: purchases.status, checks: purchases.checks })
    .from(purchases)
    .where(and(eq(purchases.userId, userId), inArray(purchases.kind, ['membership', 'subscription'])))
    .orderBy(desc(purchases.id))
    .limit(1);
  return row ?? null;
}

/** Counts one more subscription check of a purchase; answers the count. */
export async function countCheck(db: Db, id: number): Promise<number | null> {
  const [row] = await db
    .update(purchases)
    .set({ checks: sql`${purchases.checks} + 1` })
    .where(eq(purchases.id, id))
    .returning({ checks: purchases.checks });
  return row?.checks ?? null;
}
