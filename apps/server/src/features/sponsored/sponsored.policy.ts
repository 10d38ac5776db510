import {
  actionsOnPlatform,
  isListingType,
  pacificDayAndTime,
  pacificWallClock,
  sponsored,
  type earn,
} from '@marquee/contract';
import { dollars } from '../membership/index.js';

type ListingType = earn.ListingType;
type SponsorOption = sponsored.SponsorOption;

/** The prices an operator sets (site_settings): the price of 250 sponsored IMDb views. */
export interface SponsorPrices {
  imdbPricePennies: number;
}

/** A running sponsor special as the policy needs it (spec 2 §3 Special). */
export interface RunningSpecial {
  id: number;
  minimum: number;
  maximum: number;
  /** The price of `minimum` actions. */
  pricePennies: number;
  types: readonly ListingType[];
}

/** Spec 2 §9: the IMDb price stays within $5-$25 per 250, whatever an operator stored. */
export function imdbSponsorPennies(stored: number): number {
  const { minPennies, maxPennies } = sponsored.IMDB_SPONSOR;
  if (!Number.isFinite(stored)) return sponsored.IMDB_SPONSOR.defaultPennies;
  return Math.min(maxPennies, Math.max(minPennies, Math.round(stored)));
}

/** Spec 2 §9: a special's counts are the multiples of its minimum up to its maximum. */
export function specialCounts(special: Pick<RunningSpecial, 'minimum' | 'maximum'>): number[] {
  if (special.minimum <= 0) return [];
  const counts: number[] = [];
  for (let n = special.minimum; n <= special.maximum; n += special.minimum) counts.push(n);
  return counts;
}

export const specialCovers = (special: Pick<RunningSpecial, 'types'>, type: ListingType) =>
  special.types.includes(type);

const option = (count: number, pennies: number, specialId: number | null): SponsorOption => ({
  count,
  pennies,
  price: dollars(pennies),
  special: specialId !== null,
  special_id: specialId,
});

/**
 * What a listing of this type can buy now (spec 2 §9, D6.4): IMDb 250 views at the current price
 * (clamped to $5-$25), the other types the four packages; a running special that covers the type
 * adds each multiple of its minimum up to its maximum, at its price per minimum. The server checks
 * every checkout against these, so the price is always the server's (D10).
 */
export function sponsorOptions(
  type: ListingType,
  prices: SponsorPrices,
  special?: RunningSpecial | null,
): SponsorOption[] {
  const regular =
    type === 'imdb-view'
      ? [option(sponsored.IMDB_SPONSOR.count, imdbSponsorPennies(prices.imdbPricePennies), null)]
      : sponsored.OTHER_SPONSOR_PACKAGES.map((p) => option(p.count, p.pennies, null));
  if (!special || !specialCovers(special, type)) return regular;
  const extra = specialCounts(special).map((count) =>
    option(count, (count / special.minimum) * special.pricePennies, special.id),
  );
  return [...regular, ...extra];
}

/** Spec 2 §9: the package the purchase form starts on: 250 for IMDb, 100 otherwise (never a special). */
export const defaultSponsorCount = (type: ListingType) =>
  type === 'imdb-view' ? sponsored.DEFAULT_SPONSOR_COUNT.imdb : sponsored.DEFAULT_SPONSOR_COUNT.other;

/** D6.4: sponsored activity is sold only for an active listing (not pending review, paused, disabled, invalid or deleted). */
export const canBuySponsored = (status: string) => status === 'active';

/** '250 sponsored IMDb views for "Jane Doe"': how checkouts and the test checkout name a purchase. */
export function sponsoredDescription(quantity: number, type: string, listingName: string): string {
  const actions = isListingType(type) ? actionsOnPlatform(type) : 'actions';
  return `${quantity.toLocaleString('en-US')} sponsored ${actions} for "${listingName}"`;
}

/**
 * When a special ends, in words on Pacific time (D1.1): 'Sunday, December 6 at 11:59pm PT'. A
 * special ending at midnight shows the last minute of its last day, as people say it.
 */
export function prettyEnd(endsAt: Date): string {
  const clock = pacificWallClock(endsAt);
  const midnight = clock.hour === 0 && clock.minute === 0 && clock.second === 0;
  return pacificDayAndTime(midnight ? new Date(endsAt.getTime() - 60_000) : endsAt);
}
