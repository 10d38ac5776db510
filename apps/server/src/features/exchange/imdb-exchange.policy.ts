import { exchange } from '@marquee/contract';
import { imdbCodeOf } from '../../integrations/imdb-page.parser.js';
import { DAY_MS, pacificDay, pacificMidnight, weekOf } from '../../platform/time.js';

/** The pure rules of the IMDb view-for-view exchange (D7.2, docs/domain.md EX10-EX12). */

/** The `allowed` switch of updateAllowed and imdb_exchange_listings (spec 4 §7): 1 on, 2 off. */
export const ALLOWED_ON = 1;
export const ALLOWED_OFF = 2;

/** EX11: listings shown at once, and how far back a view of yours puts its viewer first. */
export const EXCHANGE_LISTINGS_SHOWN = 10;
export const VIEWED_YOU_DAYS = 7;

/** EX12: the recent history shows this many views either way. */
export const EXCHANGE_HISTORY_ITEMS = 10;

export const IMDB_EXCHANGE_MESSAGES = {
  noListing:
    'Add an IMDb listing on your dashboard first: your IMDb page is what other members view in return.',
  notOptedIn: exchange.EXCHANGE_MESSAGES.notOptedIn,
  listed: 'Your IMDb page is now listed on the View-For-View exchange.',
  unlisted: 'Your IMDb page is no longer listed on the View-For-View exchange.',
} as const;

/** A member's active IMDb listing, as far as choosing the one on the exchange needs. */
export interface OwnImdbListing {
  id: number;
  externalId: string;
  createdAt: Date;
}

/**
 * EX10: the listing a member takes part with: the person page of their profile's IMDb address if
 * they list it, else their oldest active IMDb listing; null when they have none.
 */
export function exchangeListingOf<L extends OwnImdbListing>(
  profileImdbUrl: string | null,
  active: readonly L[],
): L | null {
  const code = profileImdbUrl ? imdbCodeOf(profileImdbUrl) : null;
  const own = code ? active.find((l) => l.externalId.toLowerCase() === code) : undefined;
  if (own) return own;
  const oldest = [...active].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
  return oldest[0] ?? null;
}

/** The instant this Pacific week began: Monday 12am (D1.2, EX12 "This Week"). */
export function weekStart(now: Date): Date {
  return pacificMidnight(weekOf(pacificDay(now)).monday);
}

/** EX11: views of yours this recent put their viewer first, until you view them back. */
export const viewedYouSince = (now: Date) => new Date(now.getTime() - VIEWED_YOU_DAYS * DAY_MS);

/**
 * The lower bound of a Pacific day's actions for the repeat-window probe (D4.4): the Pacific day
 * lies within the last 25 hours, a bound the index on the earner's actions can use.
 */
export const sameDaySince = (now: Date) => new Date(now.getTime() - 25 * 3600 * 1000);
