import { z } from 'zod';
import { operation } from './operation.js';
import { idSchema, wholeNumber } from './common.js';
import { uploadFile } from './uploads.js';
import { answerDigits, type EarnListing } from './earn.js';
import type { HistoryItem } from './history.js';

/**
 * The Exchange (spec 4 §1, §2, §3, §4, §5, §7, §8, §9; spec 3 §2, §4, §9; D7; docs/domain.md
 * "The Exchange", EX1-EX14): 1-for-1 Instagram follow swaps and IMDb view-for-view, for premium,
 * pro and managed members only.
 */

/** The Exchange is for every level but free (spec 4 §6, D7). */
export const NOT_FOR_FREE =
  'The Exchange is for Premium, Pro and Managed members. Upgrade your membership to swap follows and views.';

export const INSTAGRAM = {
  /** Reputation a member starts with, and its bounds (D7.1). */
  startReputation: 600,
  minReputation: 0,
  maxReputation: 1000,
  /** Both members, when both follows are verified (D7.1). */
  completedSwap: 10,
  /** Contest: the contested member loses 50, the contester 20 (D7.1, spec 4 §9 first reading). */
  contestedPenalty: 50,
  contesterPenalty: 20,
  /** Skipping someone who already followed you (spec 3 §9). */
  skipFollowBackPenalty: 20,
  /** New listings are withheld while this many review items wait (spec 4 §6, §9). */
  reviewBlockAt: 5,
  /** The initiation limit's choices (spec 4 §9): 0 is "Any". */
  repLimits: [0, 100, 200, 300, 400, 500, 600, 700, 800] as const,
  defaultRepLimit: 500,
  /** New listings shown at once. */
  newListingsShown: 10,
} as const;

/** The reputation's colour (spec 3 §9): over 650 green, over 500 orange, else red. */
export function reputationColour(reputation: number): 'green' | 'orange' | 'red' {
  if (reputation > 650) return 'green';
  if (reputation > 500) return 'orange';
  return 'red';
}

export const repLimitLabel = (limit: number) => (limit === 0 ? 'Any' : String(limit));

export const EXCHANGE_MESSAGES = {
  profileNotFound: 'We could not find that Instagram profile. Please make sure you include the entire URL.',
  setupFields: 'Please make sure to fill out all fields and include your image!',
  repLimitUpdated: 'Your Initiation Limit was successfully updated.',
  noListings: 'No listings available at the moment.',
  noHistory: 'You do not have any View-For-View History yet this week.',
  notHere: 'This listing should not be here. Please reload the page.',
  /** EX11: a swap goes both ways, so only a member whose own page is listed views others'. */
  notOptedIn:
    'Tick the box under My Listing to list your IMDb page on the View-For-View exchange, then view the pages of others.',
  /** The advice and the promo of spec 4 §1 (the code's value is the operator's, EX13). */
  advice:
    'Instagram watches for accounts that follow many others at once. Do only a few follow exchanges a day.',
} as const;

/** The confirmations of spec 4 §5 (both readings kept: D7.1 applies the first). */
export const CONFIRM_TEXTS = {
  contest: (name: string) =>
    `Contest this follow? If ${name} did not follow you, contesting costs ${name} 50 reputation and costs you 20. ${name} will be notified.`,
  acknowledge:
    'Acknowledge this contest? It was decided when it was made: -20 reputation for them and -50 for you. Acknowledging only clears it from your list.',
  skipNew: (name: string) =>
    `Skip ${name}? Your reputation does not change, but you will not see ${name} here again.`,
  skipFollowBack: (name: string) =>
    `Skip following ${name} back? ${name} already followed you, so skipping costs you 20 reputation.`,
  remove:
    'Remove your Instagram listing? Members will no longer see it. You can set it up again at any time.',
} as const;

/** The member's own Instagram listing (spec 4 §3). */
export interface InstagramListing {
  url: string;
  /** The profile's handle, from the URL. */
  name: string;
  title: string;
  description: string;
  /** The stored picture's address. */
  profile: string | null;
}

/** A card of the Instagram exchange (spec 3 §3, spec 4 §3 "Instagram action item"). */
export interface InstagramCard {
  /** The swap's id, or 'new' for a new listing (spec 3 §2). */
  id: number | 'new';
  /** The other member. */
  user_id: number;
  /** 1: the card asks the viewer to initiate (a new listing); 2: an existing swap (spec 3 §2). */
  user_number: 1 | 2;
  /** The status of the viewer's own follow, and of the other member's (spec 4 §3 mine, theirs). */
  mine: SwapStatus | null;
  theirs: SwapStatus | null;
  /** What the card asks of the viewer. */
  stage: 'new' | 'follow_back' | 'review' | 'acknowledge';
  /** The status_1 of spec 4 §3: the initiator's follow. */
  status_1: SwapStatus | null;
  url: string;
  /** What "Open Instagram" opens: the simulated page offline (D9.2). */
  open_url: string;
  /** The profile's picture. */
  profile: string | null;
  /** The handle. */
  name: string;
  title: string;
  description: string;
  reputation: number;
  first: string;
  last: string;
}

export const SWAP_STATUSES = ['claimed', 'verified', 'contested', 'skipped', 'acknowledged'] as const;
export type SwapStatus = (typeof SWAP_STATUSES)[number];

export interface CheckSetupAnswer {
  status: 'success';
  setupDone: boolean;
  myListing: InstagramListing | null;
  myReputation: number;
  myRepLimit: number;
  /** The Instagram growth service's offer (spec 4 §1, EX13), or null when the operator set none. */
  promo: { service: string; url: string; code: string; discount: string } | null;
}

export const checkSetup = operation<CheckSetupAnswer>()({
  method: 'GET',
  path: 'exchange/instagram/checkSetup',
  audience: 'member',
  input: z.object({}),
});

export interface AvailableListingsAnswer {
  status: 'success';
  newListings: InstagramCard[];
  followBackListings: InstagramCard[];
  reviewListings: InstagramCard[];
  myReputation: number;
  /** New listings are withheld while 5 or more review items wait (spec 4 §6). */
  newWithheld: boolean;
}

export const fetchAvailableListings = operation<AvailableListingsAnswer>()({
  method: 'GET',
  path: 'exchange/instagram/fetchAvailableListings',
  audience: 'member',
  // The page sends its reputation as `mr`; the server reads its own (EX4).
  input: z.object({ mr: z.unknown().optional() }),
});

const instagramUrl = z
  .string({ error: EXCHANGE_MESSAGES.profileNotFound })
  .trim()
  .min(1, { error: EXCHANGE_MESSAGES.setupFields })
  .max(300, { error: EXCHANGE_MESSAGES.profileNotFound });

export const fetchInstagramDetails = operation<{
  status: 'success';
  details: { 'og:title': string; 'og:image': string; 'og:description': string };
}>()({
  method: 'POST',
  path: 'exchange/instagram/fetchInstagramDetails',
  audience: 'member',
  input: z.object({ url: instagramUrl }),
});

const setupText = (max: number) =>
  z
    .string({ error: EXCHANGE_MESSAGES.setupFields })
    .trim()
    .min(1, { error: EXCHANGE_MESSAGES.setupFields })
    .max(max, { error: `Please keep this under ${max} characters.` });

/** addListing2 (multipart): the picture goes through the upload pipeline. */
export const addListing2 = operation<{ status: 'success'; message: string }>()({
  method: 'POST',
  path: 'exchange/instagram/addListing2',
  audience: 'member',
  input: z.object({
    url: setupText(300),
    title: setupText(150),
    description: setupText(500),
    // Spec 4 §5: a missing picture is told with the other fields.
    myFile: uploadFile(EXCHANGE_MESSAGES.setupFields),
  }),
});

/** addListing: the picture is the profile's own og:image, fetched by the server through the adapter. */
export const addListing = operation<{ status: 'success'; message: string }>()({
  method: 'POST',
  path: 'exchange/instagram/addListing',
  audience: 'member',
  input: z.object({
    url: setupText(300),
    title: setupText(150),
    description: setupText(500),
    image: setupText(1000),
  }),
});

export const removeListing = operation<{ status: 'success'; message: string }>()({
  method: 'GET',
  path: 'exchange/instagram/removeListing',
  audience: 'member',
  input: z.object({}),
});

const repLimitError = 'Please choose Any or a limit from 100 to 800.';

export const updateRepLimit = operation<{ status: 'success'; message: string; myRepLimit: number }>()({
  method: 'POST',
  path: 'exchange/instagram/updateRepLimit',
  audience: 'member',
  input: z.object({
    repLimit: wholeNumber(
      z
        .number({ error: repLimitError })
        .int({ error: repLimitError })
        .refine((n) => (INSTAGRAM.repLimits as readonly number[]).includes(n), { error: repLimitError }),
    ),
  }),
});

const actionIdError = 'Please give a valid exchange id.';

export const updateActionStatus = operation<{
  status: 'success';
  color: 'success' | 'info';
  message: string;
  myReputation: number;
}>()({
  method: 'POST',
  path: 'exchange/instagram/updateActionStatus',
  audience: 'member',
  input: z.object({
    status: z.enum(SWAP_STATUSES, {
      error: 'Please say whether you followed, skipped, verified, contested or acknowledged.',
    }),
    action_id: z.union([z.literal('new'), idSchema('exchange id')], { error: actionIdError }),
    user_number: wholeNumber(
      z.union([z.literal(1), z.literal(2)], { error: 'Please say which follow of the exchange this is.' }),
    ),
    other_id: idSchema('member id'),
  }),
});

/* ---------------------------------------------------------------- IMDb view-for-view (D7.2) */

/** My Listing of the IMDb exchange (spec 4 §3): the member's IMDb listing offered for V4V. */
export interface MyImdbListing {
  id: number;
  name: string;
  /** The member's picture. */
  profile: string | null;
  url: string;
  /** The IMDb code (nm… or tt…). */
  short: string;
  vfv_allowed: boolean;
}

export const fetchMyListing = operation<{ status: 'success'; myListing: MyImdbListing | null }>()({
  method: 'GET',
  path: 'exchange/imdb/fetchMyListing',
  audience: 'member',
  input: z.object({}),
});

export const updateAllowed = operation<{ status: 'success'; message: string; vfv_allowed: boolean }>()({
  method: 'POST',
  path: 'exchange/imdb/updateAllowed',
  audience: 'member',
  input: z.object({
    allowed: wholeNumber(
      z.union([z.literal(1), z.literal(2)], {
        error: 'Please say whether to list your page on the View-For-View exchange.',
      }),
    ),
  }),
});

/** An IMDb listing of the exchange: the earn card's listing, worth no points (D7.2). */
export interface ExchangeImdbListing extends EarnListing {
  /** This member viewed yours and you have not viewed theirs back (D7.2). */
  viewed_you: boolean;
}

export const fetchListings = operation<{
  status: 'success' | 'nolistings' | 'done' | 'checktoken' | 'error';
  listings: ExchangeImdbListing[];
  message: string;
  /** 'no_listing' (the member has no IMDb listing to swap), 'not_opted_in', or ''. */
  extra: string;
  daily_max: number;
  actions_today: number;
}>()({
  method: 'GET',
  path: 'exchange/imdb/fetchListings',
  audience: 'member',
  input: z.object({}),
});

export const recordCorrectAnswer = operation<
  | { status: 'success'; message: string; actions_today: number; daily_max: number }
  | { status: 'incorrect'; message: string }
>()({
  method: 'POST',
  path: 'exchange/imdb/recordCorrectAnswer',
  audience: 'member',
  input: z.object({
    listing_id: idSchema('listing id'),
    answer: answerDigits,
    category: z.string().max(50).optional(),
  }),
});

export const fetchHistory = operation<{
  status: 'success';
  histories: HistoryItem[];
  history_count: number;
  /** This Pacific week (D1.2): views you did, and views you received. */
  completed: number;
  received: number;
}>()({
  method: 'GET',
  path: 'exchange/imdb/fetchHistory',
  audience: 'member',
  input: z.object({}),
});
