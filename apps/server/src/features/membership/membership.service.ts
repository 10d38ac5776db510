import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { membership as contract, type CurrentUser, type PaidLevel } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { Caller } from '../../platform/auth.js';
import { AppError, loggedOut } from '../../platform/errors.js';
import { DAY_MS } from '../../platform/time.js';
import { findMember, type MemberRow } from '../members/members.repo.js';
import { users } from '../members/members.tables.js';
import { presentCurrentUser } from '../members/members.presenter.js';
import { purchases } from '../payments/payments.tables.js';
import type { PaymentProvider } from '../payments/providers/types.js';
import { applyPaymentEvent } from '../payments/payments.service.js';
import { subscriptions } from './membership.tables.js';
import { membershipOf, tradeablePremiumDays } from './membership.policy.js';
import { dollars, perMonth, priceRow, PRICES } from './prices.js';

const LEVEL_NAME: Record<PaidLevel, string> = { premium: 'Premium', pro: 'Pro' };
const longDate = (d: Date) =>
  d.toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'America/Los_Angeles',
  });

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

/** The member's newest active subscription; with paidOnly, one paid through a provider (not managed). */
async function activeSubscription(deps: AppDeps, userId: number, opts: { paidOnly?: boolean } = {}) {
  const [row] = await deps.db
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

/** membership/fetchMembershipPrices/new.php (spec 1 §7): both price tables and what the member may buy. */
export async function fetchMembershipPrices(
  deps: AppDeps,
  caller: Caller,
): Promise<contract.MembershipPricesAnswer> {
  const me = await member(deps, caller);
  const state = membershipOf(me, deps.clock.now());
  const sub = await activeSubscription(deps, caller.userId);
  const card = deps.payments.card();
  const alternate = deps.payments.alternate();
  const table = (level: PaidLevel) =>
    PRICES[level].map((row) => ({
      months: row.months,
      permonth: perMonth(row.once, row.months),
      unsubscribed: dollars(row.once),
      subpermonth: perMonth(row.recurring, row.months),
      subscribed: dollars(row.recurring),
      amountPennies: row.once,
      stripe_code: `${level}-${row.months}`,
      stripe_target: `${contract.CHECKOUT_PATHS.subscribe}?level=${level}&months=${row.months}`,
      use_stripe: card ? ('yes' as const) : ('no' as const),
      subCode: alternate ? subscriptionCode(deps, alternate, level, row.months) : '',
    }));
  const canSubscribe = !sub && state.membership !== 'managed' && Boolean(card ?? alternate);
  const subInfo = sub
    ? {
        message: `You are subscribed to ${LEVEL_NAME[sub.level as PaidLevel] ?? 'Managed Rank'}, renewing every ${
          sub.months === 1 ? 'month' : `${sub.months} months`
        }. Your membership is paid through ${longDate(sub.currentPeriodEnd)}.`,
      }
    : { message: '' };
  return {
    status: sub ? 'current_sub' : 'success',
    premium: table('premium'),
    pro: table('pro'),
    canSubscribe: canSubscribe ? 'yes' : 'no',
    subInfo,
    alternate: alternate ? 'yes' : 'no',
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
      ? ` Yours runs until ${longDate(new Date(state.expire_show_time))}.`
      : '';
  const levels: (contract.MembershipOption & { level: string })[] = [
    {
      level: 'free',
      icon: 'star',
      title: 'Free',
      description: '20 Daily Actions, one listing of each type and 2 profile photos.',
    },
    {
      level: 'premium',
      icon: 'star',
      title: 'Premium',
      description:
        '60 Daily Actions plus more for each qualified referral, unlimited listings and photos, new board topics, direct messages, being Featured and the Exchange.',
    },
    {
      level: 'pro',
      icon: 'rocket',
      title: 'Pro',
      description:
        'Everything in Premium, plus the Chrome extension that automates IMDb views, historical rank tracking, no ads and the Optimized rate limit.',
    },
    {
      level: 'managed',
      icon: 'crown',
      title: 'Managed Rank',
      description: 'We look after your IMDb page for you. By invitation only.',
    },
  ];
  const options: contract.MembershipOption[] = levels
    .filter((o) => o.level !== 'managed' || state.membership === 'managed')
    .map(({ level, ...o }) =>
      level === state.membership
        ? { ...o, icon: 'check' as const, description: `${o.description}${until}` }
        : o,
    );
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
      (await activeSubscription(deps, caller.userId))
    ) {
      throw new AppError(409, 'current_sub', 'You already have a subscription. It renews by itself.');
    }
  }
  const now = deps.clock.now();
  const [purchase] = await deps.db
    .insert(purchases)
    .values({
      userId: me.id,
      provider: provider.name,
      kind: input.kind,
      level: input.level,
      months: input.months,
      amountPennies: amount,
      status: 'pending',
      createdAt: now,
    })
    .returning({ id: purchases.id });
  const purchaseId = (purchase as { id: number }).id;
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
  await deps.db
    .update(purchases)
    .set({ providerRef: started.providerRef })
    .where(eq(purchases.id, purchaseId));
  return { status: 'success', redirect: started.redirect };
}

/** membership/checkSubscriptionStatus (spec 3 §4): has the latest checkout been paid yet? */
export async function checkSubscriptionStatus(
  deps: AppDeps,
  caller: Caller,
): Promise<contract.SubscriptionCheckAnswer> {
  const [latest] = await deps.db
    .select({ id: purchases.id, status: purchases.status, checks: purchases.checks })
    .from(purchases)
    // Sponsored activity is not a membership: it never answers the subscription check.
    .where(and(eq(purchases.userId, caller.userId), ne(purchases.kind, 'sponsored')))
    .orderBy(desc(purchases.id))
    .limit(1);
  if (!latest) return { status: 'retry' as const, subchecks: contract.SUBSCRIPTION_CHECK.maxChecks };
  if (latest.status === 'paid') {
    return { status: 'success', subchecks: latest.checks, user: await currentUser(deps, caller.userId) };
  }
  const [counted] = await deps.db
    .update(purchases)
    .set({ checks: sql`${purchases.checks} + 1` })
    .where(eq(purchases.id, latest.id))
    .returning({ checks: purchases.checks });
  return { status: 'retry' as const, subchecks: counted?.checks ?? latest.checks + 1 };
}

/** membership/tradePremiumForPro (spec 1 §5, D10.3): 2 premium days make 1 pro day. */
export async function tradePremiumForPro(deps: AppDeps, caller: Caller, premiumDays: number) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [me] = await tx.select().from(users).where(eq(users.id, caller.userId)).for('update');
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
    await tx
      .update(users)
      .set({
        premiumExpires: new Date((me.premiumExpires as Date).getTime() - premiumDays * DAY_MS),
        proExpires: new Date(proFrom.getTime() + proDays * DAY_MS),
      })
      .where(eq(users.id, me.id));
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
  const [updated] = await deps.db
    .update(users)
    .set({ proExpires: new Date(now.getTime() + contract.PRO_TRIAL_DAYS * DAY_MS), proTrialAt: now })
    .where(and(eq(users.id, me.id), sql`${users.proTrialAt} is null`, sql`${users.proExpires} is null`))
    .returning({ id: users.id });
  if (!updated)
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
  await deps.db
    .update(users)
    .set({ proOfferDismissedAt: deps.clock.now() })
    .where(eq(users.id, caller.userId));
  return { status: 'success' as const, user: await currentUser(deps, caller.userId) };
}

/**
 * membership/cancelSubscription: the member's active subscription stops renewing (D2.3). The
 * provider confirms with its verified event; the test checkout's event is delivered at once, down
 * the same path as a webhook.
 */
export async function cancelSubscription(deps: AppDeps, caller: Caller) {
  const sub = await activeSubscription(deps, caller.userId, { paidOnly: true });
  const provider = sub?.providerRef ? deps.payments.byName(sub.provider) : null;
  if (!sub || !provider) {
    throw new AppError(409, 'error', 'You have no subscription that renews. Nothing was changed.');
  }
  const signed = await provider.stopRenewal(sub.providerRef as string);
  if (signed) {
    const event = await provider.verifyWebhook(signed.headers, Buffer.from(signed.body));
    await applyPaymentEvent(deps, event);
  }
  const until = longDate(sub.currentPeriodEnd);
  return {
    status: 'success' as const,
    message: signed
      ? `Your subscription will not renew. Your membership runs until ${until}.`
      : `We asked the payment provider to stop renewing your subscription. Your membership runs until ${until}.`,
    user: await currentUser(deps, caller.userId),
  };
}
