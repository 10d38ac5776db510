import { z } from 'zod';
import { operation } from './operation.js';
import { idSchema, type YesNo } from './common.js';
import type { ListingType } from './earn.js';
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
  platform: 'imdb' | 'facebook' | 'twitter' | 'youtube';
  type: ListingType;
  url: string;
  /** The page's picture, or null for the platform icon. */
  external_profile: string | null;
  external_description: string | null;
  give: number;
  rl_selection: number;
  distributed: 1 | 2 | 3 | 4;
  /** A negative sponsor_bought is shown as its absolute value (spec 2 §3). */
  sponsor_bought: number;
  sponsor_used: number;
  sponsor_paused: boolean;
  allow_pro_views: YesNo;
  /** IMDb: 3 person page, 4 another IMDb category; null elsewhere. */
  page_category: 3 | 4 | null;
  /** 'yes' when the pro-views switch is offered for this listing (an IMDb person page). */
  giveProViewOption: YesNo;
  /** A pending point change (D6.2): the new points and when, in Unix seconds. */
  changing_to: number | null;
  change_at_ts: number | null;
  /** Automatic rate limit (D4.5): today's limit and its label, when rl_selection is 99. */
  arl: number | null;
  arl_label: string;
  /** The point and rate-limit choices this member has for this listing (spec 2 §5). */
  pointOptions: number[];
  rateOptions: RateOption[];
  /**
   * Follows and likes: the share of checked actions still there, `vp_abs` of `vp_denom`
   * (docs/domain.md); `vp_disabled` for views.
   */
  vp_disabled: boolean;
  vp_abs: number;
  vp_denom: number;
  /** The sponsored activity this member can buy for it now (spec 2 §9), specials included. */
  hasSSOptions: YesNo;
  ssOptions: SponsorOption[];
  acted_today: number;
  acted_this_week: number;
  acted_last_week: number;
  /** Words for the list: 'Active', 'Paused', 'Changing points', 'Pending review', 'Disabled', 'Invalid'. */
  listing_status: string;
  /** A short badge: 'Sponsored', 'Featured', 'Pro views' or ''. */
  listing_badge: string;
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
const points = z.coerce
  .number({ error: 'Please choose the points to give.' })
  .int({ error: 'Please choose the points to give.' })
  .min(0, { error: 'Please choose the points to give.' })
  .max(100, { error: 'Please choose the points to give.' });

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
    rl: z.coerce
      .number({ error: 'Please choose a rate limit.' })
      .int({ error: 'Please choose a rate limit.' }),
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
    distribution: z.coerce
      .number({ error: 'Please choose a distribution from 1 to 4.' })
      .int({ error: 'Please choose a distribution from 1 to 4.' })
      .min(1, { error: 'Please choose a distribution from 1 to 4.' })
      .max(4, { error: 'Please choose a distribution from 1 to 4.' }),
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
export const addFacebookPage = operation<{ status: 'success'; fb_pending_added: YesNo; message: string }>()({
  method: 'POST',
  path: 'myListings/addListing/facebook-like/manual',
  audience: 'member',
  input: addListingInput,
});
