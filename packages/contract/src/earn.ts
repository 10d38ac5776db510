import { z } from 'zod';
import { operation } from './operation.js';
import { idSchema, type YesNo, wholeNumber } from './common.js';
import type { Toasty } from './points.js';
import type { ExtensionToday } from './pro-extension.js';
import { PLATFORMS, type ListingType, type Platform } from './platforms.js';

// The platforms and listing types are defined in platforms.ts; earn.* keeps naming them.
export {
  LINKED_PLATFORMS,
  LISTING_TYPES,
  PLATFORMS,
  TYPE_OF_PLATFORM,
  type LinkedPlatform,
  type ListingType,
  type Platform,
} from './platforms.js';

/** Spec constants of the earn flow (spec 1 §9, spec 2 §9, spec 4 §9). */
export const EARN = {
  /** Items on a dashboard tab and on a profile's earn list. */
  dashboardItems: 4,
  profileItems: 10,
  /** The list times out after this much inactivity; a warning shows in the last 10 s. */
  listTimeoutSeconds: 30,
  listTimeoutWithExtensionSeconds: 900,
  /** Once Start is pressed (D5.1); video and the pro extension get longer. */
  actionTimeoutSeconds: 180,
  videoActionTimeoutSeconds: 6000,
  proActionTimeoutSeconds: 900,
  warnUnderSeconds: 11,
  /** No listings: automatic recheck, and the manual recheck button after 10 s. */
  autoRecheckSeconds: 60,
  manualRecheckAfterSeconds: 10,
  /** A video is credited after this much play (D5.5). */
  videoCreditSeconds: 30,
  videoRatingPromptSeconds: 20,
  /** Hiding a listing refreshes the list after 1 s. */
  hideRefreshMs: 1000,
  /** Answers within this of the fact are correct (D5.2). */
  answerTolerance: 2,
  /** IMDb points cap: at or above it, no IMDb listings (D4, spec 1 §9). */
  imdbPointsCapFree: 4500,
  imdbPointsCapPaid: 15000,
  proViewBonus: 2,
  /** Best IMDb listing times, Pacific (spec 1 §9). */
  bestTimes: ['12 midnight', '6am', '8am', '12 noon', '4pm', '6pm'],
} as const;

export const MESSAGES = {
  correctAnswer: 'Success! You got credited for that View.',
  proViewWrong: 'Whoops! That was incorrect. Make sure you only add the number, with no commas!',
  hideSuccess: "This listing has been hidden, you won't see it again during this login.",
  hideFailed: 'Uh oh, we had a problem hiding this listing.',
  limitRaised: 'You earned 10 more Daily Actions!',
  earned: (n: number) => `You earned ${n} points!`,
  listTimedOut: 'The listings available for this user timed out from inactivity...',
  markedInvalid: 'Thanks! We have marked the listing as Invalid...',
  pageStillExists: 'We just checked, and apparently this page still exists...',
  tokenError:
    'There was an issue using your Facebook Token to access your page and your list of Likes. You may need to log out and back in again.',
} as const;

/**
 * A listing offered to the earner (spec 1 §3). The answer to its question never leaves the server
 * (D5.2); `question` says what to look for on the page.
 */
export interface EarnListing {
  id: number;
  type: ListingType;
  platform: Platform;
  name: string;
  first: string;
  last: string;
  user_id: number;
  /** The owner's picture, or null for the no-photo image. */
  avatar: string | null;
  /** The listing's own address on the platform. */
  url: string;
  /** What Start opens: the simulated page offline (D9.2), the real page in production. */
  open_url: string;
  /** YouTube: the player page the video modal shows (the simulated player offline). */
  embed_url: string | null;
  external_id: string;
  /** Points the earner gets, bonuses included. */
  points: number;
  sponsored: boolean;
  /** Free members: a sponsored action raises today's cap by 10 (D6.3). */
  sponsored_benefit: boolean;
  imdb_type: 'person' | 'title' | null;
  test_cat: string | null;
  nm_code: string | null;
  /** +1 when the owner is featured today (D5.7). */
  bonus: number;
  allow_pro_views: boolean;
  /** Offered as an IMDbPro view: asks the STARmeter, +2 points (D5.2, D5.7). */
  pro_view: boolean;
  extProOnly: boolean;
  /** IMDb: the question the earner answers from the page. */
  question: string | null;
  /** Seconds until this offer closes unless Start is pressed (D5.1). */
  expires_in: number;
}

export type FetchListingsStatus =
  'success' | 'nolistings' | 'checktoken' | 'done' | 'pointsmaxed' | 'managed' | 'error';

export interface FetchListingsAnswer {
  status: FetchListingsStatus;
  listings: EarnListing[];
  message: string;
  /** The platform asked for when status is 'checktoken'. */
  platform?: Platform;
  extVersionLink: string;
  /** Premium and pro members may switch IMDbPro views on (updateShowMePreference). */
  giveProViewOption: boolean;
  showMePro: boolean;
  /** Free members: a sponsored listing is in the list, worth 10 more daily actions today. */
  free_sponsored: boolean;
  daily_max: number;
  actions_today: number;
  /**
   * Only extension: the Pro extension is doing this member's IMDb views (D15.1). Its own fetches
   * say so, and so does the member's IMDb tab while a paired extension runs (PX6).
   */
  oeb: boolean;
  /** The IMDb tab while the extension runs: what it did today, in place of listings (PX6). */
  extension: ExtensionToday | null;
  potential_fb: number;
  potential_tw: number;
}

export const FETCH_LISTING_TYPES = [...PLATFORMS, 'user'] as const;

export const fetchListings = operation<FetchListingsAnswer>()({
  method: 'POST',
  path: 'earnPoints/fetchListings',
  audience: 'member',
  extension: 'pro',
  input: z.object({
    listingType: z.enum(FETCH_LISTING_TYPES, {
      error: 'Please choose IMDb, Twitter, YouTube or Facebook listings.',
    }),
    maxItems: wholeNumber(
      z
        .number({ error: 'maxItems must be a number from 1 to 20.' })
        .int({ error: 'maxItems must be a number from 1 to 20.' })
        .min(1, { error: 'maxItems must be a number from 1 to 20.' })
        .max(20, { error: 'maxItems must be a number from 1 to 20.' })
        .default(EARN.dashboardItems),
    ),
    /** listingType 'user': whose listings (the profile earn list). */
    user_id: idSchema('member id').optional(),
    /**
     * The spec's field for the pro extension (spec 1 §7). Marquee's extension is known by its own
     * session (PX3), so the field is read as nothing more than text.
     */
    token: z.string().max(200).optional(),
  }),
});

const listingIdInput = z.object({ listing_id: idSchema('listing id') });

/** Start pressed: the offer stays open for the action's time (D5.1) and the dwell clock starts (D11.1). */
export const startAction = operation<{ status: 'success'; expires_in: number }>()({
  method: 'POST',
  path: 'earnPoints/startAction',
  audience: 'member',
  extension: 'pro',
  input: listingIdInput,
});

export interface CreditAnswer {
  status: 'success';
  points_earned: number;
  /** Free members: this sponsored action raised today's cap by 10. */
  limit_raised: YesNo;
  /** The listing's page changed (a new name or picture): the client asks updateListing. */
  update_listing: YesNo;
  message: string;
  toasty?: Toasty | null;
}

/** An IMDb answer: the digits typed, as a number (D5.2); also the exchange's. */
export const answerDigits = z
  .union([z.string(), z.number()], { error: 'Please type the number you found, digits only.' })
  .transform((v) => String(v).replace(/\D/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: 'Please type the number you found, digits only.' })
      .max(9, { error: 'That number is too long.' }),
  )
  .transform(Number);

export const recordCorrectAnswer = operation<
  CreditAnswer | { status: 'incorrect'; points_earned: 0; message: string; pro_view: boolean }
>()({
  method: 'POST',
  path: 'recordCorrectAnswer',
  audience: 'member',
  extension: 'pro',
  input: z.object({
    listing_id: idSchema('listing id'),
    answer: answerDigits,
    /** The points the card showed; the offer's promised points are what is paid (D5.1). */
    rP: wholeNumber(z.number().int().optional().catch(undefined)),
    proView: z
      .union([z.boolean(), z.enum(['yes', 'no', 'true', 'false'])])
      .optional()
      .catch(undefined),
  }),
});

export type IncorrectStatus = 'updated' | 'confirmed' | 'other';

export const checkIncorrectAnswer = operation<{
  status: IncorrectStatus;
  /** Wrong answers in the last 24 hours. */
  recently_missed: number;
  points_earned: number;
  message: string;
}>()({
  method: 'POST',
  path: 'checkIncorrectAnswer',
  // spec 1 §7 serves it at checkIncorrectAnswer/, spec 4 §7 at earnPoints/checkIncorrectAnswer/.
  aliases: ['earnPoints/checkIncorrectAnswer'],
  audience: 'member',
  extension: 'pro',
  input: z.object({
    listing_id: idSchema('listing id'),
    answer: answerDigits,
    category: z.string().max(50).optional(),
  }),
});

export interface ConfirmActionAnswer extends CreditAnswer {
  /** 'action_missing': the platform does not show the follow or like; the helper modal explains. */
  extra?: 'action_missing';
  helper_headline?: string;
  action_platform?: string;
  platform_picture?: string;
  platform_title?: string;
  action_type?: string;
}

const confirmActionOf = (type: 'twitter-follow' | 'facebook-like') =>
  operation<ConfirmActionAnswer>()({
    method: 'POST',
    path: `confirmAction/${type}`,
    audience: 'member',
    input: listingIdInput,
  });

export const confirmAction = {
  'twitter-follow': confirmActionOf('twitter-follow'),
  'facebook-like': confirmActionOf('facebook-like'),
};

export const recordYouTubeView = operation<CreditAnswer>()({
  method: 'POST',
  path: 'recordYouTubeView',
  audience: 'member',
  input: z.object({
    listing_id: idSchema('listing id'),
    /** Seconds of play the player counted; the server's clock decides (D5.5). */
    vc: wholeNumber(z.number().min(0).max(100_000).optional().catch(undefined)),
  }),
});

/** Re-reads the listing's page (name, picture) through the platform's adapter. */
export const updateListing = operation<{ status: 'success'; message: string }>()({
  method: 'POST',
  path: 'updateListing',
  audience: 'member',
  input: listingIdInput,
});

export const hideListing = operation<{ status: 'success'; message: string }>()({
  method: 'GET',
  path: 'earnPoints/hideListing',
  audience: 'member',
  extension: 'pro',
  input: z.object({ id: idSchema('listing id') }),
});

export const updateShowMePreference = operation<{ status: 'success'; showMePro: boolean }>()({
  method: 'POST',
  path: 'earnPoints/updateShowMePreference',
  audience: 'member',
  input: z.object({
    showMePro: z
      .union([z.boolean(), z.enum(['yes', 'no', 'true', 'false'])], {
        error: 'Please say whether to show IMDbPro views.',
      })
      .transform((v) => v === true || v === 'yes' || v === 'true'),
  }),
});
