import { and, eq, sql } from 'drizzle-orm';
import type { PaidLevel } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/database.js';
import { users } from '../members/members.tables.js';
import { subscriptions } from '../membership/membership.tables.js';
import { addMonths } from '../membership/membership.policy.js';
import { paymentEvents, purchases } from './payments.tables.js';
import { findReward } from '../referrals/referrals.repo.js';
import { rewardReferrer, takeBackReferralReward } from '../referrals/rewards.service.js';
import type { PaymentEvent, ProviderName } from './providers/types.js';
import { grantSponsored, takeBackSponsored } from '../sponsored/grant.service.js';
import { listings } from '../listings/listings.tables.js';
import { membershipWhat, sendReceipt, sponsoredWhat, type Receipt } from './receipts.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Purchase = typeof purchases.$inferSelect;

/** What applying an event did: 'duplicate' when its id was seen before (D10.1). */
export type ApplyOutcome =
  'duplicate' | 'granted' | 'renewed' | 'cancelled' | 'ended' | 'refunded' | `ignored: ${string}`;

const expiryOf = (user: typeof users.$inferSelect, level: PaidLevel) =>
  level === 'pro' ? user.proExpires : user.premiumExpires;

const later = (a: Date | null, b: Date) => (a && a.getTime() > b.getTime() ? a : b);

/** Status only moves forward: a late 'cancelled' cannot reopen an ended subscription (out-of-order events). */
const STATUS_RANK: Record<string, number> = { active: 0, cancelled: 1, ended: 2 };

/** What an event did, and the receipt to mail when it was a payment granted (docs/domain.md Payments). */
type Effect = { outcome: ApplyOutcome; userId: number | null; receipt?: Receipt };

/**
 * D10.1: applies one verified provider event, once per event id, in one transaction with the
 * membership it changes. A repeated event changes nothing and says 'duplicate'. Every payment granted
 * is receipted by mail once the transaction has committed, so a rolled-back grant mails nothing.
 */
export async function applyPaymentEvent(deps: AppDeps, event: PaymentEvent): Promise<ApplyOutcome> {
  const { outcome, receipt } = await applyInTransaction(deps, event);
  if (receipt) await sendReceipt(deps, receipt);
  return outcome;
}

async function applyInTransaction(deps: AppDeps, event: PaymentEvent): Promise<Omit<Effect, 'userId'>> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [first] = await tx
      .insert(paymentEvents)
      .values({
        provider: event.provider,
        eventId: event.eventId,
        type: event.type,
        occurredAt: event.occurredAt,
        receivedAt: now,
        outcome: 'pending',
      })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (!first) return { outcome: 'duplicate' as const };
    const { outcome, userId, receipt } = await applyEffect(tx, event, now);
    await tx
      .update(paymentEvents)
      .set({ outcome, userId })
      .where(and(eq(paymentEvents.provider, event.provider), eq(paymentEvents.eventId, event.eventId)));
    return { outcome, receipt };
  });
}

async function applyEffect(tx: Tx, event: PaymentEvent, now: Date): Promise<Effect> {
  switch (event.effect) {
    case 'purchase_paid':
      return purchasePaid(tx, event.provider, event.purchaseId, event.providerRef, event.amountPennies, now);
    case 'purchase_refunded':
      return purchaseRefunded(tx, event.provider, event.purchaseId, event.providerRef, now);
    case 'subscription_paid':
      return subscriptionPaid(tx, event, now);
    case 'subscription_cancelled':
      return subscriptionCancelled(tx, event, now);
    default:
      return { outcome: `ignored: ${event.type} is not used`, userId: null };
  }
}

type Refused = { outcome: ApplyOutcome; userId: number | null };

/** Locks the purchase an event names, or says why the event is ignored: unknown, or not in the status it needs. */
async function lockPurchase(
  tx: Tx,
  provider: ProviderName,
  id: number | null,
  ref: string | null,
  needs: 'pending' | 'paid',
): Promise<Purchase | Refused> {
  const where = id !== null ? eq(purchases.id, id) : ref ? eq(purchases.providerRef, ref) : undefined;
  const [row] = where
    ? await tx
        .select()
        .from(purchases)
        .where(and(where, eq(purchases.provider, provider)))
        .for('update')
    : [];
  if (!row) return { outcome: 'ignored: no such purchase', userId: null };
  if (row.status !== needs) return { outcome: `ignored: the purchase is ${row.status}`, userId: row.userId };
  return row;
}

/** Sets the paid-through date of a level (D2.3). */
async function setExpiry(tx: Tx, userId: number, level: PaidLevel, at: Date) {
  await tx
    .update(users)
    .set(level === 'pro' ? { proExpires: at } : { premiumExpires: at })
    .where(eq(users.id, userId));
}

async function lockUser(tx: Tx, id: number) {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/**
 * A one-time purchase paid: a membership's months are added to the level's paid-through date, from
 * today if that has passed; sponsored activity's actions to its listing (D6.4).
 */
async function purchasePaid(
  tx: Tx,
  provider: ProviderName,
  purchaseId: number,
  providerRef: string,
  amount: number,
  now: Date,
) {
  const purchase = await lockPurchase(tx, provider, purchaseId, null, 'pending');
  if (!('id' in purchase)) return purchase;
  const userId = purchase.userId;
  if (amount !== purchase.amountPennies)
    return { outcome: 'ignored: the amount paid differs from the price' as const, userId };
  const user = await lockUser(tx, userId);
  if (!user || user.status === 'deleted') return { outcome: 'ignored: no such member' as const, userId };
  // Sponsored activity (D6.4) adds actions to the listing; it earns the referrer nothing, since
  // referral rewards are membership days for memberships paid for.
  const base = {
    userId,
    amountPennies: amount,
    paidAt: now,
    provider,
    orderId: String(purchase.id),
    providerRef,
  };
  if (purchase.kind === 'sponsored') {
    const granted = await grantSponsored(tx, purchase, providerRef, now);
    if (granted.outcome !== 'granted') return granted;
    const [listing] = await tx
      .select({ name: listings.name, type: listings.type })
      .from(listings)
      .where(eq(listings.id, purchase.listingId as number));
    const what = sponsoredWhat(purchase.quantity ?? 0, listing?.type ?? '', listing?.name ?? null);
    return { ...granted, receipt: { ...base, what } };
  }
  const level = purchase.level as PaidLevel;
  const from = later(expiryOf(user, level), now);
  const until = addMonths(from, purchase.months);
  await setExpiry(tx, userId, level, until);
  await tx
    .update(purchases)
    .set({ status: 'paid', paidAt: now, providerRef, grantedFrom: from, grantedUntil: until })
    .where(eq(purchases.id, purchase.id));
  await rewardReferrer(tx, {
    referral: user,
    level,
    months: purchase.months,
    source: `purchase:${purchase.id}`,
    at: now,
  });
  const what = membershipWhat(level, purchase.months, 'once');
  return { outcome: 'granted' as const, userId, receipt: { ...base, what, membership: { level, until } } };
}

/**
 * D2.3 as this product reads it: a refunded one-time purchase takes back the time it added (never
 * before today); a refunded subscription payment stops the renewals and serves to its paid-through date;
 * refunded sponsored activity takes back the actions not yet used (D6.4).
 */
async function purchaseRefunded(
  tx: Tx,
  provider: ProviderName,
  purchaseId: number | null,
  ref: string | null,
  now: Date,
) {
  const purchase = await lockPurchase(tx, provider, purchaseId, ref, 'paid');
  if (!('id' in purchase)) return purchase;
  const userId = purchase.userId;
  if (purchase.kind === 'membership' && purchase.grantedFrom && purchase.grantedUntil) {
    const user = await lockUser(tx, userId);
    const level = purchase.level as PaidLevel;
    const current = user ? expiryOf(user, level) : null;
    if (current) {
      const granted = purchase.grantedUntil.getTime() - purchase.grantedFrom.getTime();
      const back = later(new Date(current.getTime() - granted), now);
      await setExpiry(tx, userId, level, back);
    }
  }
  if (purchase.subscriptionId !== null) {
    await tx
      .update(subscriptions)
      .set({ status: sql`case when ${subscriptions.status} = 'ended' then 'ended' else 'cancelled' end` })
      .where(eq(subscriptions.id, purchase.subscriptionId));
  }
  if (purchase.kind === 'sponsored') await takeBackSponsored(tx, purchase);
  await tx
    .update(purchases)
    .set({ status: 'refunded', refundedAt: now })
    .where(eq(purchases.id, purchase.id));
  if (purchase.kind !== 'sponsored') await takeBackReferralReward(tx, `purchase:${purchase.id}`, now);
  return { outcome: 'refunded' as const, userId };
}

/** A paid period: the subscription is known from now on, and the member's level runs to its paid-through date. */
async function subscriptionPaid(
  tx: Tx,
  event: Extract<PaymentEvent, { effect: 'subscription_paid' }>,
  now: Date,
) {
  const { owner } = event;
  const user = await lockUser(tx, owner.userId);
  if (!user || user.status === 'deleted')
    return { outcome: 'ignored: no such member' as const, userId: null };
  const [existing] = await tx
    .select()
    .from(subscriptions)
    .where(
      and(eq(subscriptions.provider, event.provider), eq(subscriptions.providerRef, event.subscriptionRef)),
    )
    .for('update');
  const level = owner.level;
  const expiry = expiryOf(user, level);
  let subscriptionId: number;
  let until: Date;
  if (existing) {
    subscriptionId = existing.id;
    // A renewal adds the new period to the member's time, so days they had before subscribing are kept.
    const added = event.paidThrough.getTime() - existing.currentPeriodEnd.getTime();
    until = later(expiry && added > 0 ? new Date(expiry.getTime() + added) : expiry, event.paidThrough);
    await tx
      .update(subscriptions)
      .set({
        currentPeriodEnd: later(existing.currentPeriodEnd, event.paidThrough),
        lastEventAt: later(existing.lastEventAt, event.occurredAt),
      })
      .where(eq(subscriptions.id, existing.id));
  } else {
    // The first period runs on from any time the member still had.
    until = later(addMonths(later(expiry, now), owner.months), event.paidThrough);
    const [created] = await tx
      .insert(subscriptions)
      .values({
        userId: owner.userId,
        level: owner.level,
        provider: event.provider,
        providerRef: event.subscriptionRef,
        status: 'active',
        months: owner.months,
        amountPennies: event.amountPennies,
        currentPeriodEnd: event.paidThrough,
        lastEventAt: event.occurredAt,
        createdAt: now,
      })
      .returning({ id: subscriptions.id });
    subscriptionId = (created as { id: number }).id;
  }
  await setExpiry(tx, owner.userId, level, until);
  if (owner.purchaseId !== null) {
    await tx
      .update(purchases)
      .set({
        status: 'paid',
        paidAt: now,
        subscriptionId,
        grantedFrom: later(expiry, now),
        grantedUntil: until,
      })
      .where(
        and(
          eq(purchases.id, owner.purchaseId),
          eq(purchases.userId, owner.userId),
          eq(purchases.status, 'pending'),
        ),
      );
  }
  // Only payments of money reward the referrer (PayPal's activation carries none, its first sale
  // does). The first is rewarded as its purchase, so that its refund finds it; later ones as events.
  if (event.amountPennies > 0) {
    const first = owner.purchaseId !== null ? `purchase:${owner.purchaseId}` : null;
    const source =
      first && !(await findReward(tx, first)) ? first : `renewal:${event.provider}:${event.eventId}`;
    await rewardReferrer(tx, { referral: user, level, months: owner.months, source, at: now });
  }
  const outcome: ApplyOutcome = existing ? 'renewed' : 'granted';
  if (event.amountPennies <= 0) return { outcome, userId: owner.userId };
  const receipt: Receipt = {
    userId: owner.userId,
    amountPennies: event.amountPennies,
    what: membershipWhat(level, owner.months, existing ? 'renewal' : 'subscription'),
    membership: { level, until },
    paidAt: now,
    provider: event.provider,
    // The first period is the member's checkout (Marquee's order); a renewal is known by the provider's payment.
    orderId: !existing && owner.purchaseId !== null ? String(owner.purchaseId) : event.eventId,
    providerRef: event.subscriptionRef,
  };
  return { outcome, userId: owner.userId, receipt };
}

/** No more renewals; the level serves to the paid-through date it already has (D2.3). */
async function subscriptionCancelled(
  tx: Tx,
  event: Extract<PaymentEvent, { effect: 'subscription_cancelled' }>,
  now: Date,
) {
  const status = event.ended ? 'ended' : 'cancelled';
  const [existing] = await tx
    .select()
    .from(subscriptions)
    .where(
      and(eq(subscriptions.provider, event.provider), eq(subscriptions.providerRef, event.subscriptionRef)),
    )
    .for('update');
  if (!existing) {
    // Out of order: the cancellation came before its first payment. Remember it, so that the payment finds it ended.
    if (!event.owner) return { outcome: 'ignored: unknown subscription' as const, userId: null };
    await tx.insert(subscriptions).values({
      userId: event.owner.userId,
      level: event.owner.level,
      provider: event.provider,
      providerRef: event.subscriptionRef,
      status,
      months: event.owner.months,
      currentPeriodEnd: event.occurredAt,
      lastEventAt: event.occurredAt,
      createdAt: now,
    });
    return { outcome: status as ApplyOutcome, userId: event.owner.userId };
  }
  const next = (STATUS_RANK[status] ?? 0) > (STATUS_RANK[existing.status] ?? 0) ? status : existing.status;
  await tx
    .update(subscriptions)
    .set({ status: next, lastEventAt: later(existing.lastEventAt, event.occurredAt) })
    .where(eq(subscriptions.id, existing.id));
  return { outcome: next as ApplyOutcome, userId: existing.userId };
}
