import { REAL_ID_SHAPE, listings as contract, type earn, type Membership } from '@marquee/contract';
import { facebookSlugOf, xHandleOf, youtubeIdOf } from '../../integrations/open-url.js';
import { imdbCodeOf } from '../../integrations/imdb-page.parser.js';
import { addDays, pacificDay, weekOf } from '../../platform/time.js';

type ListingType = earn.ListingType;

/** The words of My Listings' refusals; the spec gives only the free one-per-type text (spec 2 §5). */
export const LISTING_ERRORS = {
  noSuchListing: 'There is no such listing.',
  notYours: 'You can only change your own listings.',
  badUrl: {
    'imdb-view':
      'Please paste the address of an IMDb name or title page, like https://www.imdb.com/name/nm0000001/.',
    'twitter-follow': 'Please paste the address of a Twitter profile, like https://x.com/yourname.',
    'youtube-view':
      'Please paste the address of a YouTube video, like https://www.youtube.com/watch?v=… or https://youtu.be/….',
    'facebook-like': 'Please paste the address of a Facebook page, like https://www.facebook.com/yourpage.',
  } satisfies Record<ListingType, string>,
  notFound: {
    'imdb-view': 'We could not find that page on IMDb. Please check the address and try again.',
    'twitter-follow': 'We could not find that profile on Twitter. Please check the address and try again.',
    'youtube-view': 'We could not find that video on YouTube. Please check the address and try again.',
    'facebook-like': 'We could not find that page on Facebook. Please check the address and try again.',
  } satisfies Record<ListingType, string>,
  offline:
    'That site is not answering right now, so we could not read the page. Please try again in a few minutes.',
  noCredits:
    'That IMDb page lists no credits yet, so members could not be asked about it. Please add a page with credits.',
  duplicate: 'You already have a listing for this page.',
  points: (options: number[]) => `Please choose one of your point settings: ${options.join(', ')}.`,
  managedPoints: 'Listings of Managed members can only be set to 0 points.',
  rateLimit: 'Please choose one of the rate limits offered for this listing.',
  distributionOff: 'A distribution applies only with a rate limit. Please choose a rate limit first.',
  proViewsPersonOnly: 'Pro views are only for listings of an IMDb name page.',
  nothingToPause: 'This listing has no sponsored activity left to pause.',
  alreadyPaused: 'The sponsored activity of this listing is already paused.',
  notPaused: 'The sponsored activity of this listing is not paused.',
  cannotDelete:
    'A listing of an IMDb name page cannot be deleted. Set its points to 0 to stop it being offered.',
} as const;

/** A listing's page as its URL names it: the platform's own id and the address stored for it. */
export interface ListingPage {
  externalId: string;
  url: string;
}

/**
 * Spec 2 §5: the URL must name a page of the listing's platform: an IMDb name (nm…) or title (tt…)
 * page, an x.com or twitter.com profile, a YouTube video (watch, youtu.be, embed, shorts), a
 * facebook.com page. Answers the page's id and the address stored (the canonical form, so that two
 * ways of writing one page are one page), or null.
 */
export function listingPageOf(type: ListingType, url: string): ListingPage | null {
  switch (type) {
    case 'imdb-view': {
      const code = imdbCodeOf(url);
      if (!code) return null;
      return {
        externalId: code,
        url: `https://www.imdb.com/${code.startsWith('nm') ? 'name' : 'title'}/${code}/`,
      };
    }
    case 'twitter-follow': {
      const handle = xHandleOf(url);
      return handle ? { externalId: handle, url: `https://x.com/${handle}` } : null;
    }
    case 'youtube-view': {
      const id = youtubeIdOf(url);
      return id ? { externalId: id, url: `https://www.youtube.com/watch?v=${id}` } : null;
    }
    case 'facebook-like': {
      const slug = facebookSlugOf(url);
      return slug ? { externalId: slug, url: `https://www.facebook.com/${slug}` } : null;
    }
  }
}

/**
 * Offline (D9.2) the pages live under /sim/: a member who copies the address of a simulated page
 * gets the real site's address it stands for, so a listing always stores the real site's URL.
 */
export function realUrlOfSimulated(url: string): string {
  let u: URL;
  try {
    u = new URL(url.trim(), 'http://sim.invalid');
  } catch {
    return url;
  }
  const [site, first, second] = u.pathname.split('/').filter(Boolean).slice(1);
  if (!u.pathname.startsWith('/sim/') || !first) return url;
  if (site === 'imdb' && (first === 'name' || first === 'title') && second)
    return `https://www.imdb.com/${first}/${second}/`;
  if (site === 'x') return `https://x.com/${first}`;
  if (site === 'facebook') return `https://www.facebook.com/${first}`;
  if (site === 'youtube' && first === 'watch')
    return `https://www.youtube.com/watch?v=${u.searchParams.get('v') ?? ''}`;
  if (site === 'youtube' && first === 'embed' && second) return `https://www.youtube.com/watch?v=${second}`;
  return url;
}

/**
 * Rule P1: offline, the simulated internet has a page for every id the real site could have (IMDb
 * nm/tt with 7 or 8 digits, an X handle of 1 to 15 letters, digits or underscores, an 11-character
 * YouTube id). Facebook pages are only the catalogue's, so any Facebook id counts as well formed.
 */
export function simulatedIdIsWellFormed(type: ListingType, externalId: string): boolean {
  switch (type) {
    case 'imdb-view':
      return REAL_ID_SHAPE.imdb.test(externalId);
    case 'twitter-follow':
      return REAL_ID_SHAPE.twitter.test(externalId);
    case 'youtube-view':
      return REAL_ID_SHAPE.youtube.test(externalId);
    case 'facebook-like':
      return true;
  }
}

/** IMDb page_category (spec 2 §3): 3 for a person (name, nm…) page, 4 for any other IMDb page (a title). */
export const pageCategoryOf = (kind: 'person' | 'title'): 3 | 4 => (kind === 'person' ? 3 : 4);

/**
 * The credit category a person page's question asks about (D5.2 `test_cat`): the one with the most
 * credits, the first the page lists on a tie; null when the page lists none.
 */
export function testCategoryOf(credits: Record<string, number>): string | null {
  let best: [string, number] | null = null;
  for (const entry of Object.entries(credits)) {
    if (entry[1] > 0 && (!best || entry[1] > best[1])) best = entry;
  }
  return best?.[0] ?? null;
}

/** The Pacific days My Listings counts actions over (D1.1, D1.2: weeks run Monday to Sunday). */
export interface PacificWeeks {
  today: string;
  thisMonday: string;
  lastMonday: string;
  /** A moment safely before last Monday began in Pacific time: the index bound of the count. */
  since: Date;
}

export function pacificWeeks(now: Date): PacificWeeks {
  const today = pacificDay(now);
  const thisMonday = weekOf(today).monday;
  const lastMonday = addDays(thisMonday, -7);
  // Pacific midnight is 07:00 or 08:00 UTC of the same date: UTC midnight of that date comes first.
  return { today, thisMonday, lastMonday, since: new Date(`${lastMonday}T00:00:00Z`) };
}

/** How a point change is made (D6.2, spec 2 §4). */
export type PointChange =
  | { kind: 'now'; give: number }
  | { kind: 'later'; changingTo: number; changeAt: Date }
  /** The current points chosen again: a pending change, if any, is withdrawn. */
  | { kind: 'keep' };

/**
 * D6.2: a change from 0 applies at once; any other applies 300 s after it was chosen (choosing
 * again starts the 300 s again); choosing the current points withdraws a pending change.
 */
export function planPointChange(current: number, points: number, now: Date): PointChange {
  if (points === current) return { kind: 'keep' };
  if (current === 0) return { kind: 'now', give: points };
  return {
    kind: 'later',
    changingTo: points,
    changeAt: new Date(now.getTime() + contract.POINT_CHANGE_DELAY_SECONDS * 1000),
  };
}

/** Premium and pro members may ask for IMDb Pro views (spec 2 §5). */
export const mayAskProViews = (membership: Membership) => membership === 'premium' || membership === 'pro';

/** What decides the list's words for a listing. */
export interface StatusFacts {
  status: string;
  give: number;
  changingTo: number | null;
  sponsorLeft: boolean;
  ownerPoints: number;
}

/** The list's status words (contract MyListing.listing_status), in the order a member needs them. */
export function listingStatusWords(l: StatusFacts): string {
  switch (l.status) {
    case 'pending':
      return 'Pending review';
    case 'invalid':
      return 'Invalid';
    case 'disabled':
      return 'Disabled';
    case 'paused':
      return 'Paused';
  }
  if (l.changingTo !== null) return 'Changing points';
  if (l.sponsorLeft) return 'Active';
  if (l.give === 0) return 'Off (0 points)';
  // D4.3: nobody is offered a listing its owner cannot pay for.
  if (l.ownerPoints < l.give) return 'Needs points';
  return 'Active';
}

/** The list's badge: sponsored actions left, the owner featured today (D8.3), or pro views asked for. */
export function listingBadge(l: { sponsorLeft: boolean; featured: boolean; allowProViews: boolean }): string {
  if (l.sponsorLeft) return 'Sponsored';
  if (l.featured) return 'Featured';
  if (l.allowProViews) return 'Pro views';
  return '';
}

/** Spec 2 §6: every listing may be deleted but one of an IMDb person page (page_category 3). */
export const mayDelete = (pageCategory: number | null) => pageCategory !== 3;
