import { z } from 'zod';
import { operation } from './operation.js';
import { idSchema, wholeNumber } from './common.js';
import type { ListingType, Platform } from './platforms.js';

/**
 * The admin console's listings (spec 4 §2 users page listings panel, credit-update listings, pending
 * Facebook pages; §3 Admin listing; §7; D5.3, D5.4; docs/domain.md AL1-AL7).
 */

/** spec 4 §3 Admin listing (AL1). */
export interface AdminListing {
  id: number;
  user_id: number;
  name: string;
  url: string;
  /** Where staff open the page, as members do (the simulated page while the platforms are simulated, D9). */
  open_url: string;
  /** 'active', 'paused', 'disabled', 'pending' or 'invalid'. */
  status: string;
  give: number;
  /** IMDb listings: the stored answer to the listing's question (credits, or the runtime), or null. */
  imdb_credit_counts: number | null;
  /** What the listing asks earners, in words (IMDb), or ''. */
  question: string;
  platform: Platform;
  type: ListingType;
  external_id: string;
  /** The status in words, with why staff must look ('Disabled for a credit update'). */
  listing_status: string;
  /** 'Sponsored', 'Pro views', or ''. */
  listing_badge: string;
  sponsor_used: number;
  sponsor_bought: number;
  /** The rate limit: actions still allowed today (null: no limit), and the daily limit in words. */
  rl_now: number | null;
  rl_daily: string;
  acted_today: number;
  acted_this_week: number;
  acted_last_week: number;
  page_category: number | null;
}

/** spec 4 §7 admin/fetchUserListings?id= : a member's listings, deleted ones left out. */
export const fetchUserListings = operation<{ status: 'success'; listings: AdminListing[] }>()({
  method: 'GET',
  path: 'admin/fetchUserListings',
  audience: 'admin',
  input: z.object({ id: idSchema('member id') }),
});

/** The statuses staff may give a listing (AL2): deleting is the member's; pending pages go through the review. */
export const STAFF_STATUSES = ['active', 'paused', 'disabled', 'invalid'] as const;

const optionalText = (what: string, max: number) =>
  z
    .string({ error: `Please give the listing's ${what}.` })
    .trim()
    .min(1, { error: `Please give the listing's ${what}.` })
    .max(max, { error: `The ${what} is too long: at most ${max} characters.` })
    .optional();

/** spec 4 §7 admin/updateUserListing {id, name, url, status, give, imdb_credit_counts} (AL2): each optional. */
export const updateUserListing = operation<{ status: 'success'; message: string; listing: AdminListing }>()({
  method: 'POST',
  path: 'admin/updateUserListing',
  audience: 'admin',
  input: z.object({
    id: idSchema('listing id'),
    name: optionalText('name', 200),
    url: z
      .string({ error: 'Please give a web address starting with https://.' })
      .trim()
      .max(500, { error: 'The address is too long: at most 500 characters.' })
      .regex(/^https?:\/\/[^\s]+$/i, { error: 'Please give a web address starting with https://.' })
      .optional(),
    status: z
      .enum(STAFF_STATUSES, { error: 'Please choose active, paused, disabled or invalid.' })
      .optional(),
    give: wholeNumber(
      z
        .number({ error: 'Please give the points as a whole number from 0 to 100.' })
        .int({ error: 'Please give the points as a whole number from 0 to 100.' })
        .min(0, { error: 'Please give the points as a whole number from 0 to 100.' })
        .max(100, { error: 'Please give the points as a whole number from 0 to 100.' })
        .optional(),
    ),
    imdb_credit_counts: wholeNumber(
      z
        .number({ error: 'Please give the true answer as a whole number from 0 to 100,000.' })
        .int({ error: 'Please give the true answer as a whole number from 0 to 100,000.' })
        .min(0, { error: 'Please give the true answer as a whole number from 0 to 100,000.' })
        .max(100_000, { error: 'Please give the true answer as a whole number from 0 to 100,000.' })
        .optional(),
    ),
  }),
});
export const NO_SUCH_LISTING = 'There is no such listing.';
export const NOTHING_TO_CHANGE = 'Nothing was changed: give at least one field to change.';
export const NOT_IMDB = 'Only IMDb listings have an answer to set.';
export const PENDING_REVIEW_FIRST =
  'This Facebook page is waiting for review: approve it from the Facebook pages list.';

/** One week of views (spec 4 §3 views history: weekEnding, views, change). */
export interface ViewsWeek {
  /** The week's Sunday, 'YYYY-MM-DD', Pacific (D1.2). */
  weekEnding: string;
  views: number;
  /** Against the week before. */
  change: number;
}
export const VIEWS_HISTORY_WEEKS = 12;

/** spec 4 §7 admin/fetchViewsHistory?id={userId}: IMDb views the member's pages received, week by week (AL3). */
export const fetchViewsHistory = operation<{ status: 'success'; weeks: ViewsWeek[] }>()({
  method: 'GET',
  path: 'admin/fetchViewsHistory',
  audience: 'admin',
  input: z.object({ id: idSchema('member id') }),
});

/** A wrong answer given to a disabled listing, with how many gave it (AL4). */
export interface GivenAnswer {
  answer: number;
  count: number;
  /** When it was last given, '2 hours ago'. */
  ago: string;
}

export interface CreditUpdateListing {
  id: number;
  user_id: number;
  first: string;
  last: string;
  name: string;
  url: string;
  open_url: string;
  question: string;
  /** The answer the site holds now, or null when it has none. */
  stored: number | null;
  /** The wrong answers of the last 7 days, most given first. */
  answers: GivenAnswer[];
  /** When the listing was disabled, 'March 10, 2026' (its latest miss). */
  disabled_on: string;
}

/** spec 4 §7 admin/fetchCreditUpdateListings -> listings, count (D5.3, AL4). */
export const fetchCreditUpdateListings = operation<{
  status: 'success';
  listings: CreditUpdateListing[];
  count: number;
}>()({
  method: 'GET',
  path: 'admin/fetchCreditUpdateListings',
  audience: 'admin',
  input: z.object({}),
});
export const EMPTY_CREDITS = 'No disabled listings!';
export const CREDITS_LIST_MAX = 100;

/** spec 4 §9 Facebook page categories (5 by default). */
export const FB_PAGE_CATEGORIES = [
  { value: 5, label: 'Person' },
  { value: 6, label: 'Movie' },
  { value: 7, label: 'TV Show' },
  { value: 8, label: 'Website' },
  { value: 9, label: 'Company' },
  { value: 12, label: 'Other' },
] as const;
export const FB_DEFAULT_CATEGORY = 5;

/** spec 4 §3 Facebook page pending: fb_id, user_id, user_first, user_last, point_setting; with what the member gave. */
export interface PendingFacebookPage {
  fb_id: number;
  user_id: number;
  user_first: string;
  user_last: string;
  point_setting: number;
  name: string;
  url: string;
  open_url: string;
  /** The page id as read from the address, for staff to confirm. */
  page_id: string;
  /** 'March 10, 2026'. */
  added_on: string;
}

/** spec 4 §7 admin/fetchPendingFB (AL5). */
export const fetchPendingFB = operation<{ status: 'success'; pages: PendingFacebookPage[]; count: number }>()(
  {
    method: 'GET',
    path: 'admin/fetchPendingFB',
    audience: 'admin',
    input: z.object({}),
  },
);
export const EMPTY_FB = 'No current Pending FB Pages!';

const fbText = (what: string, max: number, min = 1) =>
  z
    .string({ error: `Please give the page's ${what}.` })
    .trim()
    .min(min, { error: `Please give the page's ${what}.` })
    .max(max, { error: `The page's ${what} is too long: at most ${max} characters.` });

/**
 * spec 4 §7 admin/submitFBPage {pageId, user_id, user_first, user_last, point_setting, title, url, about,
 * pageCat}; Marquee adds `fb_id`, the pending listing it approves (AL5).
 */
export const submitFBPage = operation<{ status: 'success'; message: string }>()({
  method: 'POST',
  path: 'admin/submitFBPage',
  audience: 'admin',
  input: z.object({
    fb_id: idSchema('pending page'),
    pageId: fbText('id', 100).regex(/^[A-Za-z0-9._-]+$/, {
      error: "The page's id is its number or name in facebook.com/{id}: letters, digits, dots, dashes.",
    }),
    user_id: idSchema('member id').optional(),
    user_first: z.string().max(100).optional(),
    user_last: z.string().max(100).optional(),
    point_setting: wholeNumber(
      z
        .number({ error: 'Please give the points as a whole number from 0 to 100.' })
        .int({ error: 'Please give the points as a whole number from 0 to 100.' })
        .min(0, { error: 'Please give the points as a whole number from 0 to 100.' })
        .max(100, { error: 'Please give the points as a whole number from 0 to 100.' }),
    ),
    title: fbText('title', 200),
    url: z
      .string({ error: 'Please give the page’s facebook.com address.' })
      .trim()
      .regex(/^https:\/\/(www\.|m\.)?facebook\.com\/[^\s]+$/i, {
        error: 'Please give the page’s facebook.com address.',
      }),
    about: z.string({ error: 'Please describe the page in a line.' }).trim().max(500, {
      error: "The page's description is too long: at most 500 characters.",
    }),
    pageCat: wholeNumber(
      z
        .number({ error: 'Please choose a page category.' })
        .refine((n) => FB_PAGE_CATEGORIES.some((c) => c.value === n), {
          error: 'Please choose a page category: Person, Movie, TV Show, Website, Company or Other.',
        })
        .default(FB_DEFAULT_CATEGORY),
    ),
  }),
});
export const NOT_PENDING = 'This page is no longer waiting for review.';

/** Turns a pending page down with a reason the member reads in an alert (AL6). */
export const rejectFBPage = operation<{ status: 'success'; message: string }>()({
  method: 'POST',
  path: 'admin/rejectFBPage',
  audience: 'admin',
  input: z.object({
    fb_id: idSchema('pending page'),
    reason: z
      .string({ error: 'Please tell the member in a few words why the page was not accepted.' })
      .trim()
      .min(5, { error: 'Please tell the member in a few words why the page was not accepted.' })
      .max(300, { error: 'Please keep the reason to 300 characters.' }),
  }),
});
