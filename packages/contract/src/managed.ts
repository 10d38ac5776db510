import { z } from 'zod';
import { operation } from './operation.js';
import { idSchema, wholeNumber, type YesNo } from './common.js';
import type { CheckoutAnswer, SubscriptionCheckAnswer } from './membership.js';
import { DEFAULT_NEW_POINTS } from './listings.js';

/**
 * Managed Rank (spec 4 §1, §2, §3, §4, §7, §8, §9; D14; docs/domain.md "Managed Rank", MR1-MR12): a
 * paid monthly service that keeps a member's IMDb page near a target STARmeter rank, by invitation.
 */

/** spec 4 §9: the tiers, by their selection number. Prices in cents a month. */
export interface ManagedTier {
  selection: 1 | 2 | 3;
  name: string;
  pricePennies: number;
  /** The STARmeter rank the service aims for. */
  target: number;
}

export const MANAGED_TIERS: readonly ManagedTier[] = [
  { selection: 3, name: 'Top 60K', pricePennies: 4900, target: 45_000 },
  { selection: 2, name: 'Top 100K', pricePennies: 3700, target: 85_000 },
  { selection: 1, name: 'Top 200K', pricePennies: 2400, target: 175_000 },
];

export const tierOf = (selection: number): ManagedTier | undefined =>
  MANAGED_TIERS.find((t) => t.selection === selection);

export const WAITLIST_STATUSES = ['none', 'waitlisted', 'invited'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

export const MANAGED_TEXTS = {
  /** spec 4 §8 (with spec 3 §8's support contact). */
  notFound:
    'Uh oh! We were not able to find the record of your Subscription... Please check that your transaction completed, and if it did, email support@marquee.local with your receipt so we can sort it out.',
  /** spec 4 §4. */
  confirmationWait: 'Confirmation can take up to 30 seconds.',
  notInvited:
    'Managed Rank is by invitation. Join the waitlist and we will email you an invitation when a place opens.',
  noHistory: 'No weeks yet: your first week of Managed Rank shows here once it ends.',
} as const;

const selection = wholeNumber(
  z.union([z.literal(1), z.literal(2), z.literal(3)], {
    error: 'Please choose Top 60K, Top 100K or Top 200K.',
  }),
);

/** managed/addToWaitlist?selection= (D14.1): joins the waitlist, or changes the tier while waiting. */
export const addToWaitlist = operation<{
  status: 'success';
  message: string;
  waitlistStatus: WaitlistStatus;
}>()({
  method: 'GET',
  path: 'managed/addToWaitlist',
  audience: 'member',
  input: z.object({ selection }),
});

export const fetchWaitlistStatus = operation<{
  status: 'success';
  waitlistStatus: WaitlistStatus;
  /** The tier asked for, when waitlisted or invited. */
  selection: 1 | 2 | 3 | null;
}>()({
  method: 'GET',
  path: 'managed/fetchWaitlistStatus',
  audience: 'member',
  input: z.object({}),
});

/** A week of the rank history (spec 4 §3 "Managed rank history"). */
export interface RankWeek {
  /** The week's Sunday, 'March 10, 2026'. */
  week_ending: string;
  /** The STARmeter as IMDb shows it: '45,210'. */
  starmeter: string;
  rank: number;
  /** 'On target', 'Closing in', 'Starting point' … (MR7). */
  label: string;
  /** Views the service sent that week. */
  views: number;
}

export const fetchHistory = operation<{ status: 'success'; history: RankWeek[]; target: number | null }>()({
  method: 'GET',
  path: 'managed/fetchHistory',
  audience: 'member',
  input: z.object({}),
});

/**
 * MR6, MR12: what an earner is paid, by the house, for a sponsored view of a managed member's IMDb
 * listing, whose own points are 0 (D14.2): the points of a new IMDb listing (spec 2 §5).
 */
export const MANAGED_VIEW_POINTS = DEFAULT_NEW_POINTS;

/** A week as the admin user page shows it (MR11): unread weeks too, their rank and label null. */
export interface StaffRankWeek extends StaffWeek {
  /** '45,210', or null until read. */
  starmeter: string | null;
  label: string | null;
}

/** admin/managed/fetchHistory: a member's weeks of the service, newest first, for staff (MR11). */
export const fetchUserHistory = operation<{
  status: 'success';
  /** Whether the member has an active Managed Rank subscription now (D2.3). */
  managed: YesNo;
  /** 'Top 60K', or null for a member never set up nor subscribed. */
  tier: string | null;
  target: number | null;
  weeks: StaffRankWeek[];
}>()({
  method: 'POST',
  path: 'admin/managed/fetchHistory',
  audience: 'admin',
  input: z.object({ user_id: idSchema('member id') }),
});

/** The member's Managed Rank subscription (spec 4 §3 "Subscription"). */
export interface ManagedSubscriptionInfo {
  active: YesNo;
  /** 'December 28, 2026'. */
  expirationPretty: string;
  /** What happens at that date: 'Renews monthly' or 'Cancelled: serves until then'. */
  extra: string;
  /** The subscription's reference for support. */
  code: string;
  tier: string;
}

/** What happens at the expiration date (MR4, D14.3): the `extra` of the subscription. */
export const SUBSCRIPTION_EXTRA = {
  renews: 'Renews monthly',
  cancelled: 'Cancelled: serves until then',
  /** Given by Marquee staff rather than paid through a provider: it does not renew. */
  arranged: 'Arranged by Marquee: serves until then',
  ended: 'Ended',
} as const;

export const fetchSubscription = operation<
  { status: 'success'; subscription: ManagedSubscriptionInfo | null } | { status: 'retry'; subchecks: number }
>()({
  method: 'GET',
  path: 'managed/fetchSubscription',
  audience: 'member',
  input: z.object({}),
});

/** membership/checkManagedSubscription: the check after checkout, every 5 s, at most 10 (spec 4 §4). */
export const checkManagedSubscription = operation<SubscriptionCheckAnswer>()({
  method: 'GET',
  path: 'membership/checkManagedSubscription',
  audience: 'member',
  input: z.object({}),
});

export const fetchManagedRankTerms = operation<{
  status: 'success';
  /** Paragraphs of the terms of service. */
  terms: string[];
  tiers: ManagedTier[];
  /** The caller's invitation: the tier offered, or null when not invited. */
  invitedSelection: 1 | 2 | 3 | null;
  /** Whether the invited tier can also be paid through the alternate provider (PayPal live). */
  alternate: YesNo;
}>()({
  method: 'GET',
  path: 'managed/fetchManagedRankTerms',
  audience: 'member',
  input: z.object({}),
});

export const MANAGED_CHECKOUT_PATH = '/v4/checkout/managed/subscribe/';

/** Subscribing to a tier: needs the invitation (its code from the mail) and the terms accepted. */
export const subscribeCheckout = operation<CheckoutAnswer>()({
  method: 'GET',
  path: MANAGED_CHECKOUT_PATH,
  audience: 'member',
  input: z.object({
    selection,
    /** The invitation code from the mail (MR3). */
    code: z
      .string({ error: 'Please open the invitation link from your email.' })
      .trim()
      .min(1, { error: 'Please open the invitation link from your email.' })
      .max(100, { error: 'That invitation code is not valid.' }),
    terms: z.literal('yes', { error: 'Please accept the terms of service.' }),
    provider: z.enum(['stripe', 'paypal']).optional(),
  }),
});

/* -------------------------------------------------------------------- staff (spec 4 §7 Admin) */

/** spec 4 §3 "Managed user setup". */
export interface ManagedSetup {
  karma_id: number;
  first: string;
  last: string;
  email: string;
  nm_code: string;
  /** The tier's selection number. */
  level: 1 | 2 | 3;
  rank1: number | null;
  rank2: number | null;
  rank3: number | null;
  rank4: number | null;
  views1: number | null;
  views2: number | null;
  views3: number | null;
  views4: number | null;
  has_picture: YesNo;
}

/** A week of the service as staff see it on the member's page (MR11): the views sent and the rank read. */
export interface StaffWeek {
  /** The week's Sunday, 'March 15, 2026'. */
  week_ending: string;
  views: number;
  /** Null until the week's STARmeter is read. */
  rank: number | null;
}

export const fetchUserDetails = operation<{
  status: 'success';
  /** Filled from the member, their IMDb page and their last 4 weeks; the saved setup when there is one. */
  details: ManagedSetup;
  saved: boolean;
  waitlistStatus: WaitlistStatus;
  /** When the last invitation was mailed, 'March 10, 2026', or null. */
  invitedOn: string | null;
}>()({
  method: 'POST',
  path: 'admin/managed/fetchUserDetails',
  audience: 'admin',
  input: z.object({ user_id: idSchema('member id') }),
});

const rank = wholeNumber(
  z
    .number({ error: 'Ranks and views are whole numbers.' })
    .int({ error: 'Ranks and views are whole numbers.' })
    .min(0, { error: 'Ranks and views are whole numbers.' })
    .max(100_000_000, { error: 'That number is too large.' })
    .nullable()
    .optional(),
);

/** The sister site's setupManagedUser of the spec, served by Marquee itself (MR2). */
export const setupManagedUser = operation<{ status: 'success'; message: string; unsub: string }>()({
  method: 'POST',
  path: 'admin/managed/setupManagedUser',
  audience: 'admin',
  input: z.object({
    karma_id: idSchema('member id'),
    first: z.string().trim().min(1, { error: 'Please give the first name.' }).max(50),
    last: z.string().trim().min(1, { error: 'Please give the last name.' }).max(50),
    email: z.email({ error: 'Please give a valid email address.' }).max(200),
    nm_code: z
      .string({ error: 'Please give the IMDb name code (nm followed by digits).' })
      .trim()
      .regex(/^nm\d{7,8}$/, { error: 'Please give the IMDb name code (nm followed by digits).' }),
    level: selection,
    rank1: rank,
    rank2: rank,
    rank3: rank,
    rank4: rank,
    views1: rank,
    views2: rank,
    views3: rank,
    views4: rank,
    has_picture: z.enum(['yes', 'no'], { error: 'Please say whether the page has a picture.' }),
  }),
});

/** Mails the invitation (MR3): `uc` is the unsubscribe code setupManagedUser answered. */
export const sendInviteEmail = operation<{ status: 'success'; message: string }>()({
  method: 'POST',
  path: 'admin/managed/sendInviteEmail',
  audience: 'admin',
  input: z.object({
    user_id: idSchema('member id'),
    uc: z
      .string({ error: 'Please set the member up first.' })
      .trim()
      .min(1, { error: 'Please set the member up first.' })
      .max(100),
  }),
});

/** MR1: a managed member has no place on the waitlist. */
export const ALREADY_MANAGED = 'You already have Managed Rank.';
/** MR3: staff cannot invite a member who switched Managed Rank mail off. */
export const UNSUBSCRIBED = 'This member has unsubscribed from Managed Rank mail.';
/** MR2: the names and email of a setup are the member's account details. */
export const ACCOUNT_DETAILS_DIFFER =
  'The names and email come from the member’s account: change them on the member card, then save the setup again.';

/** The web page the invitation mail's unsubscribe link opens (MR3): `?uc=` the member's unsubscribe code. */
export const UNSUBSCRIBE_PAGE = '/managed/unsubscribe';
export const UNSUBSCRIBE_LINK_INVALID =
  'This unsubscribe link is not valid. Turn Managed Rank mail off under Email Settings on your Account page.';

/** managed/unsubscribe: the mail's unsubscribe link, answered by its page; no sign-in needed (MR3). */
export const unsubscribe = operation<{ status: 'success'; message: string }>()({
  method: 'POST',
  path: 'managed/unsubscribe',
  audience: 'public',
  input: z.object({
    uc: z
      .string({ error: UNSUBSCRIBE_LINK_INVALID })
      .trim()
      .min(1, { error: UNSUBSCRIBE_LINK_INVALID })
      .max(100, { error: UNSUBSCRIBE_LINK_INVALID }),
  }),
});
