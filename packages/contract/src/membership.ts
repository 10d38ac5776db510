import { z } from 'zod';
import { operation } from './operation.js';
import { type CurrentUser, type YesNo, wholeNumber } from './common.js';
import { PAID_LEVELS, type Membership, type PaidLevel } from './levels.js';

/** Spec 1 §2: the default selected price row of each table. */
export const DEFAULT_PRICE_ROW: Record<PaidLevel, number> = { premium: 3, pro: 1 };
/** Spec 1 §9: the payment table hides its total column at this width or less. */
export const HIDE_TOTAL_AT_PX = 500;
/** Spec 3 §9: the subscription check after checkout. */
export const SUBSCRIPTION_CHECK = { everyMs: 5000, maxChecks: 10, redirectAfterMs: 1000 } as const;
/** Spec 2 §9: the pro trial. */
export const PRO_TRIAL_DAYS = 7;
/** Spec 1 §5, §9: premium days traded for pro days, in steps of 2 up to 30. */
export const PRO_TRADE = { step: 2, maxPremiumDays: 30, premiumPerPro: 2 } as const;

export const MEMBERSHIP_LOAD_FAILED = 'We had an issue fetching your Membership options...';
export const SUBSCRIPTION_NOT_FOUND =
  'We could not find your new membership yet. Please check that your transaction completed, and if it did, email support@marquee.local with your receipt so we can sort it out.';

/**
 * What a level lets a member do, as the server applies it (docs/domain.md MEM1): the app shows these
 * and never works them out from the level's name.
 */
export interface LevelAbilities {
  /** Daily Actions before any referral bonus. */
  dailyActions: number;
  /** Extra Daily Actions for each qualified referral, and the most they add. */
  referralBonus: { each: number; max: number };
  /** Listings of each type; null when unlimited. */
  listingsPerType: number | null;
  /** Profile photos; null when unlimited. */
  photos: number | null;
  /** Starts conversations with any member (free members only reply). */
  startConversations: boolean;
  /** May ask for IMDb Pro views on a listing. */
  askProViews: boolean;
  /** The Pro tools: the browser extension and the rank history panels. */
  proTools: boolean;
  /** The point balance at which IMDb views stop paying (D4.5). */
  imdbPointsCap: number;
}

/**
 * A row of a price table (spec 1 §3 "Membership price option"). The spec's prices are US dollars as
 * text ("$4.50"); each has its amount in cents beside it, so the app never reads a price from text.
 */
export interface PriceOption {
  months: number;
  /** One-time payment: per month and in total. */
  permonth: string;
  unsubscribed: string;
  /** Subscription: per month and per billing period. */
  subpermonth: string;
  subscribed: string;
  /** The one-time total in cents, what the card checkout charges. */
  amountPennies: number;
  /** `permonth`, `subpermonth` and `subscribed` in cents. */
  permonthPennies: number;
  subpermonthPennies: number;
  subscribedPennies: number;
  /** The card provider's code for this subscription, and the checkout address that starts it. */
  stripe_code: string;
  stripe_target: string;
  /** 'yes' when the one-time payment goes through the card checkout, 'no' for the alternate provider. */
  use_stripe: YesNo;
  /** The alternate provider's plan code for this subscription ('' when it has none). */
  subCode: string;
}

/** A paid level as its panel shows it: the cheapest per-month price ("from $4.50/mo") and what it gives. */
export interface LevelOffer {
  fromPennies: number;
  /** `fromPennies` as the tables show prices: "$4.50". */
  from: string;
  abilities: LevelAbilities;
}

/** One choice of the pro trade: premium days given, pro days got. */
export interface ProTradeChoice {
  premium: number;
  pro: number;
}

export interface MembershipPricesAnswer {
  status: 'success' | 'current_sub';
  premium: PriceOption[];
  pro: PriceOption[];
  canSubscribe: YesNo;
  subInfo: { message: string };
  /** 'yes' when the alternate provider (PayPal) takes one-time payments here. */
  alternate: YesNo;
  /** Each paid level's "from" price and abilities. */
  levels: Record<PaidLevel, LevelOffer>;
  /** The member's whole premium days and what they may trade them for (none unless more than 2). */
  proTrade: { tradeablePremium: number; choices: ProTradeChoice[] };
}

export const fetchMembershipPrices = operation<MembershipPricesAnswer>()({
  method: 'GET',
  path: 'membership/fetchMembershipPrices/new.php',
  audience: 'member',
  input: z.object({}),
});

/** Spec 3 §3 "Membership option": 'check' marks the member's current level. */
export interface MembershipOption {
  icon: 'check' | 'star' | 'rocket' | 'crown';
  /** The level the option describes, and what it lets a member do. */
  level: Membership;
  abilities: LevelAbilities;
  title: string;
  description: string;
}

export const fetchMembershipSummary = operation<{ status: 'success'; options: MembershipOption[] }>()({
  method: 'GET',
  path: 'membership/fetchMembershipSummary',
  audience: 'member',
  input: z.object({}),
});

/** The subscription check (spec 3 §4); once paid it carries the member's new level. */
export type SubscriptionCheckAnswer =
  { status: 'success'; subchecks: number; user: CurrentUser } | { status: 'retry'; subchecks: number };

export const checkSubscriptionStatus = operation<SubscriptionCheckAnswer>()({
  method: 'GET',
  path: 'membership/checkSubscriptionStatus',
  audience: 'member',
  input: z.object({}),
});

const premiumDays = wholeNumber(
  z
    .number({ error: 'Please choose how many premium days to trade.' })
    .int({ error: 'Please choose how many premium days to trade.' })
    .min(PRO_TRADE.step, { error: `Premium days are traded ${PRO_TRADE.step} at a time.` })
    .max(PRO_TRADE.maxPremiumDays, {
      error: `You can trade at most ${PRO_TRADE.maxPremiumDays} premium days at once.`,
    })
    .refine((n) => n % PRO_TRADE.step === 0, {
      error: `Premium days are traded ${PRO_TRADE.step} at a time.`,
    }),
);

export const tradePremiumForPro = operation<{ status: 'success'; message: string; user: CurrentUser }>()({
  method: 'GET',
  path: 'membership/tradePremiumForPro',
  audience: 'member',
  input: z.object({ premium: premiumDays }),
});

export const proTrial = operation<{ status: 'success'; message: string; user: CurrentUser }>()({
  method: 'GET',
  path: 'membership/proTrial',
  audience: 'member',
  input: z.object({}),
});

export const dismissProOffer = operation<{ status: 'success'; user: CurrentUser }>()({
  method: 'GET',
  path: 'membership/dismissProOffer',
  audience: 'member',
  input: z.object({}),
});

/** Checkout routes outside the operations base (spec 1 §7); the app calls them with its token and follows `redirect`. */
export const CHECKOUT_PATHS = {
  charge: '/v4/checkout/membership/stripe/charge/',
  paypal: '/v4/checkout/membership/paypal/',
  subscribe: '/v4/checkout/membership/subscribe/',
} as const;

export interface CheckoutAnswer {
  status: 'success';
  /** Where the browser goes to pay: the provider's hosted page, or the built-in test checkout. */
  redirect: string;
}

const level = z.enum(PAID_LEVELS, { error: 'Please choose premium or pro.' });
const months = wholeNumber(
  z
    .number({ error: 'Please choose how many months.' })
    .int({ error: 'Please choose how many months.' })
    .positive({ error: 'Please choose how many months.' }),
);

/** The card checkout's form (spec 1 §7): the price is checked against the table on the server. */
export const chargeForm = z.object({
  token: z.string().max(200).optional(),
  amountPennies: wholeNumber(z.number({ error: 'Please give the amount.' }).int().positive()),
  months,
  level,
});
export const paypalQuery = z.object({ level, months });
export const subscribeQuery = z.object({ level, months, provider: z.enum(['stripe', 'paypal']).optional() });

/** The checkout calls, served at their own paths (an operation path starting with '/' is absolute). */
export const chargeCheckout = operation<CheckoutAnswer>()({
  method: 'POST',
  path: CHECKOUT_PATHS.charge,
  audience: 'member',
  input: chargeForm,
});
export const paypalCheckout = operation<CheckoutAnswer>()({
  method: 'GET',
  path: CHECKOUT_PATHS.paypal,
  audience: 'member',
  input: paypalQuery,
});
export const subscribeCheckout = operation<CheckoutAnswer>()({
  method: 'GET',
  path: CHECKOUT_PATHS.subscribe,
  audience: 'member',
  input: subscribeQuery,
});

/** Stops a subscription renewing; the membership serves to its paid-through date (D2.3). */
export const cancelSubscription = operation<{ status: 'success'; message: string; user: CurrentUser }>()({
  method: 'POST',
  path: 'membership/cancelSubscription',
  audience: 'member',
  input: z.object({}),
});
