import {
  LEVEL_NAME,
  managed as contract,
  membership,
  pacificDate,
  type CurrentUser,
  type ParsedInputOf,
} from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import { refuseWhileImpersonating, type Caller } from '../../platform/auth.js';
import type { Tx } from '../../platform/db/database.js';
import { AppError, forbidden, loggedOut } from '../../platform/errors.js';
import { hashToken } from '../../platform/tokens.js';
import { zeroMemberListings } from '../listings/index.js';
import { findMember, presentCurrentUser, type MemberRow } from '../members/index.js';
import { membershipOf } from '../membership/index.js';
import { countCheck, setPurchaseProviderRef, type Purchase } from '../payments/index.js';
import { findInvitation, useInvitation } from './invitations.service.js';
import { MANAGED_TERMS } from './terms.js';
import {
  createManagedPurchase,
  currentInvitation,
  invitationOfCodeHash,
  latestManagedPurchase,
  latestManagedSubscription,
} from './subscription.repo.js';

/**
 * Subscribing to Managed Rank (docs/domain.md MR4, MR5, MR9; D14.1, D14.3; spec 4 §2 /managed/subscribe
 * and /managed/subscribed, §4 Subscriptions): the terms and tiers, the checkout an invitation opens,
 * the grant the provider's verified event makes (through payments), the check after checkout and the
 * member's subscription.
 */

/** Where the checkout sends the member back: the check after paying (MR5), the subscribe page when they give up. */
export const MANAGED_RETURN = {
  paid: '/v4/managed/subscribed',
  cancelled: '/v4/managed/subscribe',
} as const;

/** Why a checkout was refused (MR4), in words a member understands. */
export const SUBSCRIBE_REFUSALS = {
  alreadyManaged: `You already have ${LEVEL_NAME.managed}. It renews monthly until you cancel it at /managed.`,
  notYourCode:
    'That invitation code is not yours. Please open the invitation link from the email we sent you.',
  used: 'This invitation has already been used. If your subscription is not showing at /managed, please email support@marquee.local.',
  expired: (on: Date) =>
    `This invitation expired on ${pacificDate(on)}. Please email support@marquee.local and we will send you a new one.`,
  otherTier: (name: string) => `Your invitation is for ${name}. Please choose ${name} to subscribe.`,
  unavailable: 'That way of paying is not available right now. Please choose another.',
} as const;

async function member(deps: AppDeps, caller: Caller): Promise<MemberRow> {
  const row = await findMember(deps.db, caller.userId);
  if (!row || row.status !== 'active') throw loggedOut();
  return row;
}

const selectionOf = (n: number): 1 | 2 | 3 | null => (n === 1 || n === 2 || n === 3 ? n : null);

/**
 * The provider a tier's checkout goes through: the card's (the test checkout, or Stripe live), or the
 * alternate route's; PayPal only with a plan configured for the tier. Null when it is not offered.
 */
function providerFor(deps: AppDeps, route: 'card' | 'alternate', selection: 1 | 2 | 3) {
  const provider = route === 'alternate' ? deps.payments.alternate() : deps.payments.card();
  if (provider?.name === 'paypal' && !deps.payments.paypal?.hasPlan(`managed-${selection}:1`)) return null;
  return provider;
}

/**
 * managed/fetchManagedRankTerms (MR4): the terms, the three tiers, the tier the caller is invited
 * to, and whether that tier may be paid the alternate way too.
 */
export async function fetchManagedRankTerms(deps: AppDeps, caller: Caller) {
  const me = await member(deps, caller);
  const invitation = await currentInvitation(deps.db, me.id, deps.clock.now());
  const invitedSelection = invitation ? selectionOf(invitation.selection) : null;
  const alternate = invitedSelection !== null && providerFor(deps, 'alternate', invitedSelection);
  return {
    status: 'success' as const,
    terms: [...MANAGED_TERMS],
    tiers: [...contract.MANAGED_TIERS],
    invitedSelection,
    alternate: alternate ? ('yes' as const) : ('no' as const),
  };
}

/**
 * The invitation a checkout may use (MR4): the caller's own, unused and unexpired, whose code this
 * is. Anything else is refused with the reason: no invitation at all (403, the not-invited text),
 * another member's or an unknown code (403), one used already (409) or expired (403).
 */
async function invitationToUse(deps: AppDeps, me: MemberRow, code: string, now: Date) {
  const valid = await findInvitation(deps.db, me.id, code, now);
  if (valid) return valid;
  const named = await invitationOfCodeHash(deps.db, hashToken(code.trim()));
  if (!named || named.userId !== me.id) {
    const own = await currentInvitation(deps.db, me.id, now);
    throw forbidden(own ? SUBSCRIBE_REFUSALS.notYourCode : contract.MANAGED_TEXTS.notInvited);
  }
  if (named.usedAt) throw new AppError(409, 'error', SUBSCRIBE_REFUSALS.used);
  throw forbidden(SUBSCRIBE_REFUSALS.expired(named.expiresAt));
}

/**
 * The managed checkout (MR4, GET /v4/checkout/managed/subscribe/): an invited member, with their own
 * valid code and the terms accepted, starts a monthly subscription to the tier of their invitation at
 * the tier's price (never a price from the browser). The purchase waits as 'pending' until the
 * provider's verified event grants it (D10.1); the test checkout by default, Stripe or PayPal live.
 */
export async function subscribeCheckout(
  deps: AppDeps,
  caller: Caller,
  input: ParsedInputOf<typeof contract.subscribeCheckout>,
): Promise<{ status: 'success'; redirect: string }> {
  refuseWhileImpersonating(caller, 'pay for the member');
  const me = await member(deps, caller);
  const now = deps.clock.now();
  if (membershipOf(me, now).membership === 'managed')
    throw new AppError(409, 'current_sub', SUBSCRIBE_REFUSALS.alreadyManaged);
  const invitation = await invitationToUse(deps, me, input.code, now);
  const tier = contract.tierOf(invitation.selection);
  const selection = selectionOf(invitation.selection);
  if (!tier || selection === null) throw forbidden(contract.MANAGED_TEXTS.notInvited);
  if (input.selection !== selection)
    throw new AppError(409, 'error', SUBSCRIBE_REFUSALS.otherTier(tier.name));
  const provider = providerFor(deps, input.provider === 'paypal' ? 'alternate' : 'card', selection);
  if (!provider) throw new AppError(503, 'unavailable', SUBSCRIBE_REFUSALS.unavailable);

  const purchaseId = await createManagedPurchase(deps.db, {
    userId: me.id,
    provider: provider.name,
    amountPennies: tier.pricePennies,
    invitationId: invitation.id,
    createdAt: now,
  });
  const base = deps.config.publicUrl;
  const started = await provider.startCheckout({
    purchaseId,
    userId: me.id,
    email: me.email ?? '',
    kind: 'subscription',
    level: 'managed',
    months: 1,
    tier: selection,
    amountPennies: tier.pricePennies,
    description: `Marquee ${LEVEL_NAME.managed}, ${tier.name}, renewing monthly`,
    successUrl: `${base}${MANAGED_RETURN.paid}`,
    cancelUrl: `${base}${MANAGED_RETURN.cancelled}`,
  });
  await setPurchaseProviderRef(deps.db, purchaseId, started.providerRef);
  return { status: 'success', redirect: started.redirect };
}

/**
 * Inside the transaction that applies the first verified payment of a Managed Rank checkout (MR4,
 * called by payments): uses up the invitation the checkout was started with (which takes the member
 * off the waitlist) and sets the member's listings to 0 points (MR9). Answers the tier, or why
 * nothing is granted: the invitation was used already, say by another checkout completed first.
 */
export async function startManagedSubscription(
  tx: Tx,
  purchase: Purchase,
  now: Date,
): Promise<{ tier: number } | { refused: string }> {
  // The checkout was started only with the member's own valid invitation (invitationToUse).
  if (purchase.quantity === null) return { refused: 'the checkout names no invitation' };
  const used = await useInvitation(tx, purchase.quantity, now);
  if (!used) return { refused: 'the invitation was already used' };
  await zeroMemberListings(tx, purchase.userId);
  return { tier: used.selection };
}

/**
 * membership/checkManagedSubscription (MR5, spec 4 §4): once the member is managed, success with
 * the current user; until then 'retry', counting the checks of the latest managed checkout (the page
 * asks every 5 s and stops after 10). With no managed checkout at all there is nothing to wait for.
 */
export async function checkManagedSubscription(
  deps: AppDeps,
  caller: Caller,
): Promise<
  { status: 'success'; subchecks: number; user: CurrentUser } | { status: 'retry'; subchecks: number }
> {
  const me = await member(deps, caller);
  const now = deps.clock.now();
  const latest = await latestManagedPurchase(deps.db, me.id);
  if (membershipOf(me, now).membership === 'managed')
    return { status: 'success', subchecks: latest?.checks ?? 0, user: presentCurrentUser(me, now) };
  if (!latest) return { status: 'retry', subchecks: membership.SUBSCRIPTION_CHECK.maxChecks };
  const counted = await countCheck(deps.db, latest.id);
  return { status: 'retry', subchecks: counted ?? latest.checks + 1 };
}

/**
 * managed/fetchSubscription (MR4, spec 4 §3 "Subscription"): the member's Managed Rank subscription
 * (active while it serves, its paid-through date, what happens then, its reference for support and
 * its tier), or null for a member who never had one.
 */
export async function fetchSubscription(deps: AppDeps, caller: Caller) {
  const me = await member(deps, caller);
  const now = deps.clock.now();
  const row = await latestManagedSubscription(deps.db, me.id);
  if (!row) return { status: 'success' as const, subscription: null };
  const serving = row.status !== 'ended' && row.currentPeriodEnd.getTime() > now.getTime();
  const { SUBSCRIPTION_EXTRA } = contract;
  const extra = !serving
    ? SUBSCRIPTION_EXTRA.ended
    : row.provider === 'admin'
      ? SUBSCRIPTION_EXTRA.arranged
      : row.status === 'active'
        ? SUBSCRIPTION_EXTRA.renews
        : SUBSCRIPTION_EXTRA.cancelled;
  return {
    status: 'success' as const,
    subscription: {
      active: serving ? ('yes' as const) : ('no' as const),
      expirationPretty: pacificDate(row.currentPeriodEnd),
      extra,
      code: `MR-${row.id}`,
      tier: (row.tier !== null ? contract.tierOf(row.tier)?.name : undefined) ?? LEVEL_NAME.managed,
    },
  };
}
