import type { PaidLevel } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { Tx } from '../../platform/db/database.js';
import { DAY_MS } from '../../platform/time.js';
import { addMonths } from '../membership/index.js';
import {
  findProviderSubscription,
  insertSubscription,
  lockMember,
  lockProviderSubscription,
  setLevelExpiry,
  stopRenewals,
  updateSubscription,
} from '../membership/index.js';
import { startManagedSubscription } from '../managed/index.js';
import { findReward, rewardReferrer, takeBackReferralReward } from '../referrals/index.js';
import { grantSponsored, takeBackSponsored } from '../sponsored/index.js';
import {
  listingForReceipt,
  lockPurchase,
  markPurchasePaid,
  markPurchaseRefunded,
  markSubscriptionPurchasePaid,
  recordEventOnce,
  setEventOutcome,
  type Purchase,
} from './payments.repo.js';
import type { PaymentEvent, ProviderName, SubscriptionOwner } from './providers/types.js';
import { managedWhat, membershipWhat, sendReceipt, sponsoredWhat, type Receipt } from './receipts.js';

/** What applying an event did: 'duplicate' when its id was seen before (D10.1). */
export type ApplyOutcome =
  'duplicate' | 'granted' | 'renewed' | 'cancelled' | 'ended' | 'refunded' | `ignored: ${string}`;

/** Marquee's prices are in US dollars; a payment in any other currency grants nothing (docs/domain.md PAY1). */
const CURRENCY = 'USD';

/**
 * A provider that does not say where a paid period ends (PayPal's sale) pays the period already granted
 * while it comes before that period's end, less this much; after it, the next period (docs/domain.md PAY5).
 */
const RENEWAL_SLACK_MS = DAY_MS;

const expiryOf = (user: { proExpires: Date | null; premiumExpires: Date | null }, level: PaidLevel) =>
  level === 'pro' ? user.proExpires : user.premiumExpires;

const later = (a: Date | null, b: Date) => (a && a.getTime() > b.getTime() ? a : b);

/** Status only moves forward: a late 'cancelled' cannot reopen an ended subscription (out-of-order events). */
const STATUS_RANK: Record<string, number> = { active: 0, cancelled: 1, ended: 2 };

/**
 * What an event did, the receipt to mail when it was a payment granted (docs/domain.md Payments),
 * and a subscription the provider should stop renewing because it was refused (MR4).
 */
type Effect = {
  outcome: ApplyOutcome;
  userId: number | null;
  receipt?: Receipt;
  money?: Money;
  stopRenewal?: string;
};

/** The money an event moved and what it sold, kept on the event for the admin overview (AD4). */
type Money = { amountPennies: number; sold: 'premium' | 'pro' | 'managed' | 'sponsored' | null };

/**
 * D10.1: applies one verified provider event, once per event id, in one transaction with the
 * membership it changes. A repeated event changes nothing and says 'duplicate'. Every payment granted
 * is receipted by mail once the transaction has committed, so a rolled-back grant mails nothing.
 */
export async function applyPaymentEvent(deps: AppDeps, event: PaymentEvent): Promise<ApplyOutcome> {
  const { outcome, receipt, stopRenewal } = await applyInTransaction(deps, event);
  if (receipt) await sendReceipt(deps, receipt);
  if (stopRenewal) await stopRefusedRenewal(deps, event.provider, stopRenewal);
  return outcome;
}

async function applyInTransaction(deps: AppDeps, event: PaymentEvent): Promise<Omit<Effect, 'userId'>> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    if (!(await recordEventOnce(tx, event, now))) return { outcome: 'duplicate' as const };
    const { outcome, userId, receipt, money, stopRenewal } = await applyEffect(tx, event, now);
    await setEventOutcome(tx, event, outcome, userId, money);
    return { outcome, receipt, stopRenewal };
  });
}

/**
 * A subscription refused at its first payment (MR4: its invitation was already used, say by a
 * second checkout completed in another window) must not renew: the provider is asked to stop it.
 * The payment itself is for support to refund; the event's outcome says why nothing was granted.
 */
async function stopRefusedRenewal(deps: AppDeps, provider: ProviderName, subscriptionRef: string) {
  try {
    await deps.payments.byName(provider)?.stopRenewal(subscriptionRef);
  } catch (error) {
    console.error(
      `Marquee: the refused subscription ${provider}:${subscriptionRef} could not be stopped`,
      error,
    );
  }
}

async function applyEffect(tx: Tx, event: PaymentEvent, now: Date): Promise<Effect> {
  switch (event.effect) {
    case 'purchase_paid':
      return purchasePaid(tx, event, now);
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

/** The purchase an event names, locked, or why the event is ignored: unknown, or not in the status it needs. */
async function purchaseFor(
  tx: Tx,
  provider: ProviderName,
  by: { id: number | null; ref: string | null },
  needs: 'pending' | 'paid',
): Promise<Purchase | Refused> {
  const row = await lockPurchase(tx, provider, by);
  if (!row) return { outcome: 'ignored: no such purchase', userId: null };
  if (row.status !== needs) return { outcome: `ignored: the purchase is ${row.status}`, userId: row.userId };
  return row;
}

const otherCurrency = (currency: string): ApplyOutcome | null =>
  currency.toUpperCase() === CURRENCY ? null : `ignored: paid in ${currency.toUpperCase()}, not ${CURRENCY}`;

/**
 * A one-time purchase paid: a membership's months are added to the level's paid-through date, from
 * today if that has passed; sponsored activity's actions to its listing (D6.4).
 */
async function purchasePaid(tx: Tx, event: Extract<PaymentEvent, { effect: 'purchase_paid' }>, now: Date) {
  const { provider, providerRef, amountPennies: amount } = event;
  const purchase = await purchaseFor(
    tx,
    provider,
    { id: event.purchaseId, ref: event.purchaseId === null ? event.purchaseRef : null },
    'pending',
  );
  if (!('id' in purchase)) return purchase;
  const userId = purchase.userId;
  const currency = otherCurrency(event.currency);
  if (currency) return { outcome: currency, userId };
  if (amount !== purchase.amountPennies)
    return { outcome: 'ignored: the amount paid differs from the price' as const, userId };
  const user = await lockMember(tx, userId);
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
    const listing = await listingForReceipt(tx, purchase.listingId as number);
    const what = sponsoredWhat(purchase.quantity ?? 0, listing?.type ?? '', listing?.name ?? null);
    return {
      ...granted,
      receipt: { ...base, what },
      money: { amountPennies: amount, sold: 'sponsored' as const },
    };
  }
  const level = purchase.level as PaidLevel;
  const from = later(expiryOf(user, level), now);
  const until = addMonths(from, purchase.months);
  await setLevelExpiry(tx, userId, level, until);
  await markPurchasePaid(tx, purchase.id, {
    paidAt: now,
    providerRef,
    grantedFrom: from,
    grantedUntil: until,
  });
  await rewardReferrer(tx, {
    referral: user,
    level,
    months: purchase.months,
    source: `purchase:${purchase.id}`,
    at: now,
  });
  const what = membershipWhat(level, purchase.months, 'once');
  return {
    outcome: 'granted' as const,
    userId,
    receipt: { ...base, what, membership: { level, until } },
    money: { amountPennies: amount, sold: level },
  };
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
  const purchase = await purchaseFor(tx, provider, { id: purchaseId, ref }, 'paid');
  if (!('id' in purchase)) return purchase;
  const userId = purchase.userId;
  if (purchase.kind === 'membership' && purchase.grantedFrom && purchase.grantedUntil) {
    const user = await lockMember(tx, userId);
    const level = purchase.level as PaidLevel;
    const current = user ? expiryOf(user, level) : null;
    if (current) {
      const granted = purchase.grantedUntil.getTime() - purchase.grantedFrom.getTime();
      await setLevelExpiry(tx, userId, level, later(new Date(current.getTime() - granted), now));
    }
  }
  if (purchase.subscriptionId !== null) await stopRenewals(tx, purchase.subscriptionId);
  if (purchase.kind === 'sponsored') await takeBackSponsored(tx, purchase);
  await markPurchaseRefunded(tx, purchase.id, now);
  if (purchase.kind !== 'sponsored') await takeBackReferralReward(tx, `purchase:${purchase.id}`, now);
  return {
    outcome: 'refunded' as const,
    userId,
    money: { amountPennies: -purchase.amountPennies, sold: null },
  } satisfies Effect;
}

/** The end of the period an event paid for (docs/domain.md PAY5): the provider's, else from the subscription's own periods. */
function paidPeriodEnd(
  event: Extract<PaymentEvent, { effect: 'subscription_paid' }>,
  existing: { currentPeriodEnd: Date } | null,
  owner: SubscriptionOwner,
): Date {
  if (event.paidThrough) return event.paidThrough;
  if (!existing) return addMonths(event.occurredAt, owner.months);
  const dueAt = existing.currentPeriodEnd.getTime() - RENEWAL_SLACK_MS;
  return event.occurredAt.getTime() < dueAt
    ? existing.currentPeriodEnd
    : addMonths(existing.currentPeriodEnd, owner.months);
}

/** A paid period: the subscription is known from now on, and the member's level runs to its paid-through date. */
async function subscriptionPaid(
  tx: Tx,
  event: Extract<PaymentEvent, { effect: 'subscription_paid' }>,
  now: Date,
) {
  // An event that does not name its member (PayPal's sale without our custom id) belongs to the
  // subscription we know. The member is locked before the subscription, as everywhere.
  let owner: SubscriptionOwner | null = event.owner;
  if (!owner) {
    const known = await findProviderSubscription(tx, event.provider, event.subscriptionRef);
    owner = known
      ? {
          userId: known.userId,
          level: known.level as SubscriptionOwner['level'],
          months: known.months,
          purchaseId: null,
        }
      : null;
  }
  if (!owner) return { outcome: 'ignored: unknown subscription' as const, userId: null };
  if (owner.level === 'managed') return managedPaid(tx, event, owner, now);
  const currency = event.amountPennies > 0 ? otherCurrency(event.currency) : null;
  if (currency) return { outcome: currency, userId: owner.userId };
  const user = await lockMember(tx, owner.userId);
  if (!user || user.status === 'deleted')
    return { outcome: 'ignored: no such member' as const, userId: null };
  const existing = await lockProviderSubscription(tx, event.provider, event.subscriptionRef);
  const level = owner.level as PaidLevel;
  const expiry = expiryOf(user, level);
  const paidThrough = paidPeriodEnd(event, existing, owner);
  // The first payment carrying money is the subscription's first period, whatever announced it before.
  const firstMoney = event.amountPennies > 0 && (!existing || existing.amountPennies <= 0);
  let subscriptionId: number;
  let until: Date;
  if (existing) {
    subscriptionId = existing.id;
    // A renewal adds the new period to the member's time, so days they had before subscribing are kept.
    const added = paidThrough.getTime() - existing.currentPeriodEnd.getTime();
    until = later(expiry && added > 0 ? new Date(expiry.getTime() + added) : expiry, paidThrough);
    await updateSubscription(tx, existing.id, {
      currentPeriodEnd: later(existing.currentPeriodEnd, paidThrough),
      lastEventAt: later(existing.lastEventAt, event.occurredAt),
      ...(firstMoney ? { amountPennies: event.amountPennies } : {}),
    });
  } else {
    // The first period runs on from any time the member still had.
    until = later(addMonths(later(expiry, now), owner.months), paidThrough);
    subscriptionId = await insertSubscription(tx, {
      userId: owner.userId,
      level,
      provider: event.provider,
      providerRef: event.subscriptionRef,
      status: 'active',
      months: owner.months,
      amountPennies: event.amountPennies,
      currentPeriodEnd: paidThrough,
      lastEventAt: event.occurredAt,
      createdAt: now,
    });
  }
  await setLevelExpiry(tx, owner.userId, level, until);
  if (owner.purchaseId !== null) {
    await markSubscriptionPurchasePaid(
      tx,
      { id: owner.purchaseId, userId: owner.userId },
      { paidAt: now, subscriptionId, grantedFrom: later(expiry, now), grantedUntil: until },
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
  const money: Money = { amountPennies: event.amountPennies, sold: level };
  const receipt: Receipt = {
    userId: owner.userId,
    amountPennies: event.amountPennies,
    what: membershipWhat(level, owner.months, firstMoney ? 'subscription' : 'renewal'),
    membership: { level, until },
    paidAt: now,
    provider: event.provider,
    // The first period is the member's checkout (Marquee's order); a renewal is known by the provider's payment.
    orderId: firstMoney && owner.purchaseId !== null ? String(owner.purchaseId) : event.eventId,
    providerRef: event.subscriptionRef,
  };
  return { outcome, userId: owner.userId, receipt, money };
}

/**
 * A Managed Rank payment (MR4, D14.1). Its first event starts the subscription only with the checkout
 * it names: still pending and the member's, whose invitation it then uses up (once: a second checkout
 * completed with the same invitation is refused, and its renewals stopped), taking the member off the
 * waitlist. Later payments extend it a month. The level is the subscription itself (D2.3): managed
 * while it has not ended and its paid-through date is to come; no membership dates change.
 */
async function managedPaid(
  tx: Tx,
  event: Extract<PaymentEvent, { effect: 'subscription_paid' }>,
  owner: SubscriptionOwner,
  now: Date,
): Promise<Effect> {
  const currency = event.amountPennies > 0 ? otherCurrency(event.currency) : null;
  if (currency) return { outcome: currency, userId: owner.userId };
  const user = await lockMember(tx, owner.userId);
  if (!user || user.status === 'deleted') return { outcome: 'ignored: no such member', userId: null };
  const existing = await lockProviderSubscription(tx, event.provider, event.subscriptionRef);
  if (existing && (existing.level !== 'managed' || existing.userId !== owner.userId))
    return { outcome: 'ignored: the subscription is not this Managed Rank', userId: owner.userId };
  // A subscription known only from a cancellation that came first has no tier yet: this is its start.
  const starting = !existing || existing.tier === null;
  // The first month runs a month from now at least, as a membership's first period does.
  const paidThrough = starting
    ? later(addMonths(now, 1), paidPeriodEnd(event, existing, owner))
    : paidPeriodEnd(event, existing, owner);
  const firstMoney = event.amountPennies > 0 && (!existing || existing.amountPennies <= 0);
  let tier: number | null = existing?.tier ?? null;
  let subscriptionId = existing?.id ?? null;
  if (starting) {
    const purchase =
      owner.purchaseId !== null
        ? await lockPurchase(tx, event.provider, { id: owner.purchaseId, ref: null })
        : null;
    if (!purchase || purchase.kind !== 'managed' || purchase.userId !== owner.userId)
      return { outcome: 'ignored: no such Managed Rank checkout', userId: owner.userId };
    if (purchase.status !== 'pending')
      return { outcome: `ignored: the purchase is ${purchase.status}`, userId: owner.userId };
    const started = await startManagedSubscription(tx, purchase, now);
    if ('refused' in started) {
      return {
        outcome: `ignored: ${started.refused}`,
        userId: owner.userId,
        stopRenewal: event.subscriptionRef,
      };
    }
    tier = started.tier;
    if (existing) {
      await updateSubscription(tx, existing.id, {
        tier,
        currentPeriodEnd: later(existing.currentPeriodEnd, paidThrough),
        lastEventAt: later(existing.lastEventAt, event.occurredAt),
        amountPennies: event.amountPennies,
      });
    } else {
      subscriptionId = await insertSubscription(tx, {
        userId: owner.userId,
        level: 'managed',
        tier,
        provider: event.provider,
        providerRef: event.subscriptionRef,
        status: 'active',
        months: 1,
        amountPennies: event.amountPennies,
        currentPeriodEnd: paidThrough,
        lastEventAt: event.occurredAt,
        createdAt: now,
      });
    }
    await markSubscriptionPurchasePaid(
      tx,
      { id: purchase.id, userId: owner.userId },
      { paidAt: now, subscriptionId: subscriptionId as number, grantedFrom: now, grantedUntil: paidThrough },
    );
  } else if (existing) {
    // A renewal: the next month (D14.3); a late event for a month already paid changes nothing.
    await updateSubscription(tx, existing.id, {
      currentPeriodEnd: later(existing.currentPeriodEnd, paidThrough),
      lastEventAt: later(existing.lastEventAt, event.occurredAt),
      ...(firstMoney ? { amountPennies: event.amountPennies } : {}),
    });
  }
  const outcome: ApplyOutcome = starting ? 'granted' : 'renewed';
  if (event.amountPennies <= 0) return { outcome, userId: owner.userId };
  const until = later(existing?.currentPeriodEnd ?? null, paidThrough);
  const receipt: Receipt = {
    userId: owner.userId,
    amountPennies: event.amountPennies,
    what: managedWhat(tier, firstMoney ? 'subscription' : 'renewal'),
    membership: { level: 'managed', until },
    paidAt: now,
    provider: event.provider,
    orderId: firstMoney && owner.purchaseId !== null ? String(owner.purchaseId) : event.eventId,
    providerRef: event.subscriptionRef,
  };
  return {
    outcome,
    userId: owner.userId,
    receipt,
    money: { amountPennies: event.amountPennies, sold: 'managed' },
  };
}

/** No more renewals; the level serves to the paid-through date it already has (D2.3). */
async function subscriptionCancelled(
  tx: Tx,
  event: Extract<PaymentEvent, { effect: 'subscription_cancelled' }>,
  now: Date,
) {
  const status = event.ended ? 'ended' : 'cancelled';
  const existing = await lockProviderSubscription(tx, event.provider, event.subscriptionRef);
  if (!existing) {
    // Out of order: the cancellation came before its first payment. Remember it, so that the payment finds it ended.
    if (!event.owner) return { outcome: 'ignored: unknown subscription' as const, userId: null };
    await insertSubscription(tx, {
      userId: event.owner.userId,
      level: event.owner.level,
      provider: event.provider,
      providerRef: event.subscriptionRef,
      status,
      months: event.owner.months,
      amountPennies: 0,
      currentPeriodEnd: event.occurredAt,
      lastEventAt: event.occurredAt,
      createdAt: now,
    });
    return { outcome: status as ApplyOutcome, userId: event.owner.userId };
  }
  const next = (STATUS_RANK[status] ?? 0) > (STATUS_RANK[existing.status] ?? 0) ? status : existing.status;
  await updateSubscription(tx, existing.id, {
    status: next,
    lastEventAt: later(existing.lastEventAt, event.occurredAt),
  });
  return { outcome: next as ApplyOutcome, userId: existing.userId };
}
