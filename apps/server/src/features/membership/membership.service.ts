import {
  LEVEL_NAME,
  membership as contract,
  pacificDate,
  type CurrentUser,
  type Membership,
  type PaidLevel,
} from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import { refuseWhileImpersonating, type Caller } from '../../platform/auth.js';
import { AppError, loggedOut } from '../../platform/errors.js';
import { DAY_MS } from '../../platform/time.js';
import { findMember, type MemberRow } from '../members/index.js';
import { presentCurrentUser } from '../members/index.js';
import {
  countCheck,
  createPendingPurchase,
  latestMembershipPurchase,
  setPurchaseProviderRef,
} from '../payments/index.js';
import type { PaymentProvider } from '../payments/index.js';
import { applyPaymentEvent } from '../payments/index.js';
import {
  activeSubscription,
  dismissProOffer as recordOfferDismissed,
  lockMember,
  setLevelDates,
  startProTrial,
} from './membership.repo.js';
import { membershipOf, tradeablePremiumDays } from './membership.policy.js';
import { levelOffers, levelOptions, priceTable, proTradeOffer } from './membership.presenter.js';
import { priceRow } from './prices.js';

async function member(deps: AppDeps, caller: Caller): Promise<MemberRow> {
  const row = await findMember(deps.db, caller.userId);
  if (!row) throw loggedOut();
  return row;
}

async function currentUser(deps: AppDeps, userId: number): Promise<CurrentUser> {
  const row = await findMember(deps.db, userId);
  if (!row) throw loggedOut();
  return presentCurrentUser(row, deps.clock.now());
}

/** membership/fetchMembershipPrices/new.php (spec 1 §7): both price tables and what the member may buy. */
export async function fetchMembershipPrices(
  deps: AppDeps,
  caller: Caller,
): Promise<contract.MembershipPricesAnswer> {
  const me = await member(deps, caller);
  const state = membershipOf(me, deps.clock.now());
  const sub = await activeSubscription(deps.db, caller.userId);
  const card = deps.payments.card();
  const alternate = deps.payments.alternate();
  const checkout = {
    card: Boolean(card),
    subCode: (level: PaidLevel, months: number) =>
      alternate ? subscriptionCode(deps, alternate, level, months) : '',
  };
  const canSubscribe = !sub && state.membership !== 'managed' && Boolean(card ?? alternate);
  const subInfo = sub
    ? {
        message: `You are subscribed to ${LEVEL_NAME[sub.level as Membership]}, renewing every ${
          sub.months === 1 ? 'month' : `${sub.months} months`
        }. Your membership is paid through ${pacificDate(sub.currentPeriodEnd)}.`,
      }
    : { message: '' };
  return {
    status: sub ? 'current_sub' : 'success',
    premium: priceTable('premium', checkout),
    pro: priceTable('pro', checkout),
    canSubscribe: canSubscribe ? 'yes' : 'no',
    subInfo,
    alternate: alternate ? 'yes' : 'no',
    levels: levelOffers(),
    proTrade: proTradeOffer(tradeablePremiumDays(me.premiumExpires, deps.clock.now())),
  };
}

function subscriptionCode(
  deps: AppDeps,
  provider: PaymentProvider,
  level: PaidLevel,
  months: number,
): string {
  if (provider.name === 'paypal') return deps.config.payments.paypal?.plans[`${level}:${months}`] ?? '';
  return `${provider.name}-${level}-${months}`;
}

/** membership/fetchMembershipSummary (spec 3 §3): the levels, the member's own marked 'check'. */
export async function fetchMembershipSummary(deps: AppDeps, caller: Caller) {
  const me = await member(deps, caller);
  const now = deps.clock.now();
  const state = membershipOf(me, now);
  const until =
    state.expire_show_time && state.membership !== 'free'
      ? ` Yours runs until ${pacificDate(new Date(state.expire_show_time))}.`
      : '';
  const options = levelOptions(state, until);
  return { status: 'success' as const, options };
}

/**
 * Starts paying (D10): the price comes from the table, never from the browser; the purchase waits
 * as 'pending' until the provider's verified event grants it.
 */
export async function startCheckout(
  deps: AppDeps,
  caller: Caller,
  input: {
    level: PaidLevel;
    months: number;
    kind: 'membership' | 'subscription';
    route: 'card' | 'alternate';
    amountPennies?: number;
  },
): Promise<{ status: 'success'; redirect: string }> {
  refuseWhileImpersonating(caller, 'pay for the member');
  const me = await member(deps, caller);
  const row = priceRow(input.level, input.months);
  if (!row)
    throw new AppError(
      400,
      'error',
      `We do not sell ${LEVEL_NAME[input.level]} for ${input.months} months. Please choose a row of the table.`,
    );
  const amount = input.kind === 'membership' ? row.once : row.recurring;
  if (input.amountPennies !== undefined && input.amountPennies !== amount) {
    throw new AppError(409, 'price_changed', 'That price has changed. Please reload the page and try again.');
  }
  const provider = input.route === 'card' ? deps.payments.card() : deps.payments.alternate();
  if (!provider)
    throw new AppError(
      503,
      'unavailable',
      'That way of paying is not available right now. Please choose another.',
    );
  if (input.kind === 'subscription') {
    if (
      membershipOf(me, deps.clock.now()).membership === 'managed' ||
      (await activeSubscription(deps.db, caller.userId))
    ) {
      throw new AppError(409, 'current_sub', 'You already have a subscription. It renews by itself.');
    }
  }
  const now = deps.clock.now();
  const purchaseId = await createPendingPurchase(deps.db, {
    userId: me.id,
    provider: provider.name,
    kind: input.kind,
    level: input.level,
    months: input.months,
    amountPennies: amount,
    createdAt: now,
  });
  const base = deps.config.publicUrl;
  const started = await provider.startCheckout({
    purchaseId,
    userId: me.id,
    email: me.email ?? '',
    kind: input.kind,
    level: input.level,
    months: input.months,
    amountPennies: amount,
    description: `Marquee ${LEVEL_NAME[input.level]}, ${input.months === 1 ? '1 month' : `${input.months} months`}${input.kind === 'subscription' ? ', renewing' : ''}`,
    // PayPal's approved one-time order is captured on the way back: the capture sends the event that grants it.
    successUrl:
      provider.name === 'paypal' && input.kind === 'membership'
        ? `${base}/v4/checkout/membership/paypal/return`
        : `${base}/v4/membership?checkout=complete`,
    cancelUrl: `${base}/v4/membership`,
  });
  await setPurchaseProviderRef(deps.db, purchaseId, started.providerRef);
  return { status: 'success', redirect: started.redirect };
}

/** membership/checkSubscriptionStatus (spec 3 §4): has the latest checkout been paid yet? */
export async function checkSubscriptionStatus(
  deps: AppDeps,
  caller: Caller,
): Promise<contract.SubscriptionCheckAnswer> {
  const latest = await latestMembershipPurchase(deps.db, caller.userId);
  if (!latest) return { status: 'retry' as const, subchecks: contract.SUBSCRIPTION_CHECK.maxChecks };
  if (latest.status === 'paid') {
    return { status: 'success', subchecks: latest.checks, user: await currentUser(deps, caller.userId) };
  }
  const counted = await countCheck(deps.db, latest.id);
  return { status: 'retry' as const, subchecks: counted ?? latest.checks + 1 };
}

/** membership/tradePremiumForPro (spec 1 §5, D10.3): 2 premium days make 1 pro day. */
export async function tradePremiumForPro(deps: AppDeps, caller: Caller, premiumDays: number) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const me = await lockMember(tx, caller.userId);
    if (!me) throw loggedOut();
    const tradeable = tradeablePremiumDays(me.premiumExpires, now);
    if (premiumDays > tradeable) {
      throw new AppError(
        409,
        'error',
        `You have ${tradeable} whole premium ${tradeable === 1 ? 'day' : 'days'} to trade.`,
      );
    }
    const proDays = premiumDays / contract.PRO_TRADE.premiumPerPro;
    const proFrom = me.proExpires && me.proExpires > now ? me.proExpires : now;
    await setLevelDates(tx, me.id, {
      premium: new Date((me.premiumExpires as Date).getTime() - premiumDays * DAY_MS),
      pro: new Date(proFrom.getTime() + proDays * DAY_MS),
    });
  });
  const user = await currentUser(deps, caller.userId);
  const proDays = premiumDays / contract.PRO_TRADE.premiumPerPro;
  return {
    status: 'success' as const,
    message: `Success! You traded ${premiumDays} Premium days for ${proDays} Pro ${proDays === 1 ? 'day' : 'days'}.`,
    user,
  };
}

/** membership/proTrial (spec 2 §9): 7 days of pro, once per member who has never held pro. */
export async function proTrial(deps: AppDeps, caller: Caller) {
  const now = deps.clock.now();
  const me = await member(deps, caller);
  if (presentCurrentUser(me, now).isProEligible !== 'yes' || me.proTrialAt) {
    throw new AppError(
      409,
      'not_eligible',
      'The free Pro trial is for members who have never had Pro, and only once.',
    );
  }
  const started = await startProTrial(
    deps.db,
    me.id,
    now,
    new Date(now.getTime() + contract.PRO_TRIAL_DAYS * DAY_MS),
  );
  if (!started)
    throw new AppError(
      409,
      'not_eligible',
      'The free Pro trial is for members who have never had Pro, and only once.',
    );
  return {
    status: 'success' as const,
    message: `Your ${contract.PRO_TRIAL_DAYS}-day Pro trial has started. Enjoy!`,
    user: await currentUser(deps, caller.userId),
  };
}

/** membership/dismissProOffer: the dashboard stops offering the pro trial. */
export async function dismissProOffer(deps: AppDeps, caller: Caller) {
  await recordOfferDismissed(deps.db, caller.userId, deps.clock.now());
  return { status: 'success' as const, user: await currentUser(deps, caller.userId) };
}

/**
 * membership/cancelSubscription: the member's active subscription stops renewing (D2.3). The
 * provider confirms with its verified event; the test checkout's event is delivered at once, down
 * the same path as a webhook.
 */
export async function cancelSubscription(deps: AppDeps, caller: Caller) {
  const sub = await activeSubscription(deps.db, caller.userId, { paidOnly: true });
  const provider = sub?.providerRef ? deps.payments.byName(sub.provider) : null;
  if (!sub || !provider) {
    throw new AppError(409, 'error', 'You have no subscription that renews. Nothing was changed.');
  }
  const signed = await provider.stopRenewal(sub.providerRef as string);
  if (signed) {
    const event = await provider.verifyWebhook(signed.headers, Buffer.from(signed.body));
    await applyPaymentEvent(deps, event);
  }
  const until = pacificDate(sub.currentPeriodEnd);
  // Managed Rank serves to its paid-through date as a membership does (D14.3).
  const runs =
    sub.level === 'managed'
      ? `Your ${LEVEL_NAME.managed} serves until ${until}.`
      : `Your membership runs until ${until}.`;
  return {
    status: 'success' as const,
    message: signed
      ? `Your subscription will not renew. ${runs}`
      : `We asked the payment provider to stop renewing your subscription. ${runs}`,
    user: await currentUser(deps, caller.userId),
  };
}
