import { z } from 'zod';
import { operation } from './operation.js';
import { idSchema, type YesNo, wholeNumber } from './common.js';
import type { Membership } from './levels.js';
import type { ListingType, Platform } from './platforms.js';
import type { SponsorOption } from './sponsored.js';

/**
 * My Listings and Add Listing (spec 2 §2, §3, §5, §7, §8, §9; D6): what a member spends points on.
 */

/** Spec 2 §4, D6.2: a point change (other than from 0) takes effect this many seconds later. */
export const POINT_CHANGE_DELAY_SECONDS = 300;
/** Spec 2 §5: the URL box shows its submit button once the text is longer than this. */
export const ADD_URL_MIN_CHARS = 5;
/** Spec 2 §5: a new listing's default points. */
export const DEFAULT_NEW_POINTS = 18;
/** Spec 2 §5: the types a member may add; Facebook pages go through the manual pending flow. */
export const NEW_LISTING_TYPES = ['imdb-view', 'twitter-follow', 'youtube-view'] as const;
export type NewListingType = (typeof NEW_LISTING_TYPES)[number];
/** Spec 2 §9: the listing list's maximum height. */
export const LISTING_LIST_MAX_HEIGHT_PX = 600;

/** Spec 2 §5: rate limits (D4.5). 500 is off, 99 automatic, else actions a day. */
export const RATE_LIMIT = {
  off: 500,
  automatic: 99,
  from: 20,
  to: 100,
  step: 5,
  extra: [150, 200],
} as const;

/** Spec 2 §5: the distribution windows, Pacific (D1.1, D4.5). */
export const DISTRIBUTIONS: Record<1 | 2 | 3 | 4, readonly string[]> = {
  1: ['12am'],
  2: ['12am', '12pm'],
  3: ['12am', '8am', '4pm'],
  4: ['12am', '6am', '12pm', '6pm'],
};

/** Spec 2 §9, D1.1: the Pacific times each distribution opens a part of the day's limit. */
export const distributionLabel = (distribution: number): string =>
  (DISTRIBUTIONS[distribution as 1 | 2 | 3 | 4] ?? DISTRIBUTIONS[1]).join(', ');

/** Spec 2 §9: a pro view costs the owner this many points more. */
export const PRO_VIEW_EXTRA_POINTS = 2;

/** `from..to` in spec 2 §5: every whole number from `from` to `to`. */
const span = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

const withCurrent = (options: number[], current: number): number[] =>
  options.includes(current) ? options : [...options, current].sort((a, b) => a - b);

/**
 * Spec 2 §5 (D6.1), a new listing's point choices: IMDb free [0,18], IMDb premium and pro
 * [0,12..18]; the other types [0,5,10,15..25] (`a..b` is every whole number, so 18, the default,
 * is a choice of every type); managed members [0] (spec 2 §6).
 */
export function newListingPointOptions(type: ListingType, membership: Membership): number[] {
  if (membership === 'managed') return [0];
  if (type === 'imdb-view') return membership === 'free' ? [0, 18] : [0, ...span(12, 18)];
  return [0, 5, 10, ...span(15, 25)];
}

/** Spec 2 §5: a new listing starts on 18 points, or on 0 where 18 is not a choice (managed). */
export function defaultNewPoints(type: ListingType, membership: Membership): number {
  const options = newListingPointOptions(type, membership);
  return options.includes(DEFAULT_NEW_POINTS) ? DEFAULT_NEW_POINTS : (options[0] ?? 0);
}

/**
 * Spec 2 §5 (D6.1), an existing listing's point choices, always with its current points so the
 * choice shows what is set: managed [0] (spec 2 §6); IMDb free [0,18] (free members give 0 or 18
 * only, spec 2 §6); IMDb premium and pro [0,12..18], or [0,5..18] for another IMDb category
 * (page_category 4); the other types [0,5,10,15..25].
 */
export function listingPointOptions(
  listing: { type: ListingType; page_category: number | null; give: number },
  membership: Membership,
): number[] {
  let options: number[];
  if (membership === 'managed') options = [0];
  else if (listing.type !== 'imdb-view') options = [0, 5, 10, ...span(15, 25)];
  else if (membership === 'free') options = [0, 18];
  else options = listing.page_category === 4 ? [0, ...span(5, 18)] : [0, ...span(12, 18)];
  return withCurrent(options, listing.give);
}

/** Spec 2 §5, D4.5: every rate limit there is, in the order the choice lists them. */
export const RATE_LIMIT_VALUES: readonly number[] = [
  RATE_LIMIT.off,
  RATE_LIMIT.automatic,
  ...span(0, (RATE_LIMIT.to - RATE_LIMIT.from) / RATE_LIMIT.step).map(
    (i) => RATE_LIMIT.from + i * RATE_LIMIT.step,
  ),
  ...RATE_LIMIT.extra,
];

/**
 * Spec 2 §5, a listing's rate-limit choices: premium, pro and managed every value; free members off,
 * automatic or their current value; YouTube listings never automatic. The current value is always
 * there, so the choice shows what is set.
 */
export function rateLimitChoices(
  listing: { type: ListingType; rl_selection: number },
  membership: Membership,
): number[] {
  const all =
    membership === 'free'
      ? [RATE_LIMIT.off, RATE_LIMIT.automatic, listing.rl_selection]
      : [...RATE_LIMIT_VALUES];
  const allowed = all.filter((v) => listing.type !== 'youtube-view' || v !== RATE_LIMIT.automatic);
  const current = RATE_LIMIT_VALUES.includes(listing.rl_selection) ? [listing.rl_selection] : [];
  return RATE_LIMIT_VALUES.filter((v) => allowed.includes(v) || current.includes(v));
}

/** The words of a rate limit: 'Off', the automatic label ('Automatic (12 a day)'), or 'N a day'. */
export function rateLimitLabel(value: number, automaticLabel: string): string {
  if (value === RATE_LIMIT.off) return 'Off';
  if (value === RATE_LIMIT.automatic) return automaticLabel;
  return `${value} a day`;
}

/**
 * Spec 2 §4 sponsored count colour: green when bought is negative or bought minus 10 is at least
 * used; orange while bought is above used; red otherwise.
 */
export function sponsorCountColour(bought: number, used: number): 'green' | 'orange' | 'red' {
  if (bought < 0 || bought - 10 >= used) return 'green';
  if (bought > used) return 'orange';
  return 'red';
}

/** Spec 2 §4: the pause button shows while sponsor_bought is above 0 and sponsor_used below it. */
export const sponsoredPausable = (bought: number, used: number): boolean => bought > 0 && used < bought;

/** Spec 2 §4: the countdown of a pending point change. */
export const changingText = (to: number, seconds: number): string =>
  `Changing to ${to} in ${Math.max(0, Math.ceil(seconds))} second${Math.ceil(seconds) === 1 ? '' : 's'}`;

export const FREE_ONE_PER_TYPE =
  'You already have a listing of the same type, and Free Members can only have one listing of each type...';
export const PRO_VIEWS_NEED_PAID =
  'You need to be a Premium or Pro Member in order to request Views be sent to your IMDb Pro Page.';

/** Spec 2 §8: the success toasts. */
export const LISTING_MESSAGES = {
  sponsoredPaused: (action: 'pause' | 'unpause') => `Your Sponsored Activity has been ${action}d!`,
  pointUpdated: 'Your Point Setting has been updated!',
  pointLater: 'Your Point Setting will be updated 5 minutes from now!',
  rateLimit: 'Your Rate Limit has been updated!',
  distribution: 'Your Rate Limit Distribution has been updated!',
  updated: 'Your Listing has been updated.',
  deleted: 'Your Listing has been deleted.',
  added: 'Your listing was added successfully! You can now adjust settings by selecting it from your list.',
  /** The Facebook manual path (spec 2 §4): the page waits for an admin's review. */
  facebookPending:
    'Thanks! Your Facebook page was added and is waiting for review. It shows as Pending review in your list until it has been checked.',
} as const;

/** A choice of the rate-limit dropdown: 500 'Off', 99 'Automatic (N a day)', else 'N a day'. */
export interface RateOption {
  value: number;
  label: string;
}

/** One of the member's own listings as My Listings shows it (spec 2 §3 Listing). */
export interface MyListing {
  id: number;
  name: string;
  platform: Platform;
  type: ListingType;
  url: string;
  /** Where the page opens from Marquee: the simulated page offline (D9.2), the real page in production. */
  open_url: string;
  /** The page's picture, or null for the platform icon. */
  external_profile: string | null;
  external_description: string | null;
  give: number;
  rl_selection: number;
  distributed: 1 | 2 | 3 | 4;
  /** Raw: a negative sponsor_bought is shown as its absolute value and counts green (spec 2 §3, §4). */
  sponsor_bought: number;
  sponsor_used: number;
  sponsor_paused: boolean;
  allow_pro_views: YesNo;
  /** IMDb: 3 a person (name) page, 4 another IMDb category (a title page); null elsewhere. */
  page_category: 3 | 4 | null;
  /** 'yes' when the pro-views switch is offered for this listing (an IMDb person page). */
  giveProViewOption: YesNo;
  /** A pending point change (D6.2): the new points and when, in Unix seconds by the server's clock. */
  changing_to: number | null;
  change_at_ts: number | null;
  /** Seconds left until the pending change, by the server's clock (D1.3): what the countdown starts from. */
  change_in: number | null;
  /**
   * The automatic rate limit (D4.5): what Automatic allows today at the listing's points and the
   * owner's balance, and its label ('Automatic (12 a day)'), whether or not it is chosen.
   */
  arl: number;
  arl_label: string;
  /** The point and rate-limit choices this member has for this listing (spec 2 §5). */
  pointOptions: number[];
  rateOptions: RateOption[];
  /**
   * Follows and likes: of the actions checked on the platform in the last 30 days, `vp_abs` of
   * `vp_denom` were there (docs/domain.md); `vp_disabled` for views, which are not checked that way.
   */
  vp_disabled: boolean;
  vp_abs: number;
  vp_denom: number;
  /** The sponsored activity this member can buy for it now (spec 2 §9), specials included. */
  hasSSOptions: YesNo;
  ssOptions: SponsorOption[];
  /** Credited actions on it (reversed ones aside) today, this week and last week, Pacific, Monday to Sunday (D1.2). */
  acted_today: number;
  acted_this_week: number;
  acted_last_week: number;
  /**
   * Words for the list: 'Active', 'Changing points', 'Off (0 points)', 'Needs points', 'Paused',
   * 'Pending review', 'Disabled' or 'Invalid'.
   */
  listing_status: string;
  /** A short badge: 'Sponsored', 'Featured', 'Pro views' or ''. */
  listing_badge: string;
  /** The member may delete it: every listing but an IMDb person page (spec 2 §6). */
  canDelete: boolean;
}

export const fetchMyListings = operation<{
  status: 'success';
  listings: MyListing[];
  /** The types the member already has, for the free one-per-type rule. */
  hasTypes: ListingType[];
  /** The site-wide sponsored IMDb views per 24 h, as text ('5,000'). */
  sv_max: string;
}>()({
  method: 'GET',
  path: 'myListings/fetchMyListings',
  audience: 'member',
  input: z.object({}),
});

const listingId = idSchema('listing');
const points = wholeNumber(
  z
    .number({ error: 'Please choose the points to give.' })
    .int({ error: 'Please choose the points to give.' })
    .min(0, { error: 'Please choose the points to give.' })
    .max(100, { error: 'Please choose the points to give.' }),
);

export const updatePointSetting = operation<{ status: 'success'; message: string; listing: MyListing }>()({
  method: 'POST',
  path: 'myListings/updatePointSetting',
  audience: 'member',
  input: z.object({ listing_id: listingId, points }),
});

export const updateRateLimit = operation<{ status: 'success'; message: string; listing: MyListing }>()({
  method: 'POST',
  path: 'myListings/updateRateLimit',
  audience: 'member',
  input: z.object({
    listing_id: listingId,
    rl: wholeNumber(
      z.number({ error: 'Please choose a rate limit.' }).int({ error: 'Please choose a rate limit.' }),
    ),
  }),
});

export const updateRateLimitDistribution = operation<{
  status: 'success';
  message: string;
  listing: MyListing;
}>()({
  method: 'POST',
  path: 'myListings/updateRateLimitDistribution',
  audience: 'member',
  input: z.object({
    listing_id: listingId,
    distribution: wholeNumber(
      z
        .number({ error: 'Please choose a distribution from 1 to 4.' })
        .int({ error: 'Please choose a distribution from 1 to 4.' })
        .min(1, { error: 'Please choose a distribution from 1 to 4.' })
        .max(4, { error: 'Please choose a distribution from 1 to 4.' }),
    ),
  }),
});

export const updateAllowProViews = operation<{ status: 'success'; message: string; listing: MyListing }>()({
  method: 'POST',
  path: 'myListings/updateAllowProViews',
  audience: 'member',
  input: z.object({
    listing_id: listingId,
    allowProViews: z.enum(['yes', 'no'], { error: "Please say 'yes' or 'no'." }),
  }),
});

export const pauseSponsoredActivity = operation<{ status: 'success'; message: string; listing: MyListing }>()(
  {
    method: 'POST',
    path: 'myListings/pauseSponsoredActivity',
    audience: 'member',
    input: z.object({
      listing_id: listingId,
      action: z.enum(['pause', 'unpause'], { error: "Please say 'pause' or 'unpause'." }),
    }),
  },
);

export const deleteListing = operation<{ status: 'success'; message: string }>()({
  method: 'POST',
  path: 'myListings/deleteListing',
  audience: 'member',
  input: z.object({ listing_id: listingId }),
});

const url = z
  .string({ error: 'Please paste the address of the page.' })
  .trim()
  .min(ADD_URL_MIN_CHARS + 1, { error: 'Please paste the address of the page.' })
  .max(500, { error: 'That address is too long.' });

export const addListingInput = z.object({
  url,
  pointSetting: points.default(DEFAULT_NEW_POINTS),
});

const addListingOp = (type: NewListingType) =>
  operation<{ status: 'success'; message: string; listing: MyListing }>()({
    method: 'POST',
    path: `myListings/addListing/${type}`,
    audience: 'member',
    input: addListingInput,
  });

/** myListings/addListing/{listingType}/ (spec 2 §7). */
export const addListing: Record<NewListingType, ReturnType<typeof addListingOp>> = {
  'imdb-view': addListingOp('imdb-view'),
  'twitter-follow': addListingOp('twitter-follow'),
  'youtube-view': addListingOp('youtube-view'),
};

/** The manual Facebook page path: the page waits for an admin's review (spec 2 §4). */
export const addFacebookPage = operation<{
  status: 'success';
  fb_pending_added: YesNo;
  message: string;
  listing: MyListing;
}>()({
  method: 'POST',
  path: 'myListings/addListing/facebook-like/manual',
  // spec 2 §7 names the Facebook page path myListings/addListing/{listingType}/ like the others.
  aliases: ['myListings/addListing/facebook-like'],
  audience: 'member',
  input: addListingInput,
});
