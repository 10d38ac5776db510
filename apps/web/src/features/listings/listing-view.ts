import { LISTING_TYPE_WORDS, listings, type earn } from '@marquee/contract';

type MyListing = listings.MyListing;

/** An address of each type, shown as the add form's placeholder. */
const EXAMPLES: Record<listings.NewListingType, string> = {
  'imdb-view': 'https://www.imdb.com/name/nm0000001/',
  'twitter-follow': 'https://x.com/yourname',
  'youtube-view': 'https://www.youtube.com/watch?v=…',
};

/** The add modal's types (spec 2 §5), in the order offered. */
export const ADD_TYPES: { type: listings.NewListingType; label: string; example: string }[] =
  listings.NEW_LISTING_TYPES.map((type) => ({
    type,
    label: LISTING_TYPE_WORDS[type].label,
    example: EXAMPLES[type],
  }));

export const typeWords = (type: earn.ListingType) => LISTING_TYPE_WORDS[type].label;

/** Spec 2 §5: the add form's submit button shows once the URL is longer than 5 characters. */
export const showsSubmit = (url: string) => url.trim().length > listings.ADD_URL_MIN_CHARS;

/** A facebook.com address goes down the manual review path (spec 2 §4), whichever type is chosen. */
export const isFacebookPage = (url: string) =>
  /^(?:https?:\/\/)?(?:[a-z0-9-]+\.)*facebook\.com\//i.test(url.trim());

/**
 * Seconds left of a pending point change (spec 2 §4): the server's `change_in` when the list was
 * read, less the time since then on this device's clock; null when no change is pending.
 */
export function secondsLeft(
  listing: Pick<MyListing, 'change_in'>,
  readAt: number,
  now: number,
): number | null {
  if (listing.change_in === null) return null;
  return Math.max(0, listing.change_in - Math.floor((now - readAt) / 1000));
}

/** The list's points text: '18 points', or the change under way. */
export function pointsText(listing: Pick<MyListing, 'give' | 'changing_to'>): string {
  const points = `${listing.give} point${listing.give === 1 ? '' : 's'}`;
  return listing.changing_to === null ? points : `${points} → ${listing.changing_to}`;
}

/** Status words that mean the listing is offered, for the list's colour. */
export const statusTone = (status: string): 'ok' | 'wait' | 'off' =>
  status === 'Active' ? 'ok' : status === 'Changing points' || status === 'Pending review' ? 'wait' : 'off';

/** Follows and likes: the share of checked actions found (vp_abs of vp_denom), in words. */
export function foundText(
  listing: Pick<MyListing, 'vp_disabled' | 'vp_abs' | 'vp_denom' | 'type'>,
): string | null {
  if (listing.vp_disabled) return null;
  const what = LISTING_TYPE_WORDS[listing.type].actions;
  if (listing.vp_denom === 0) return `No ${what} checked in the last 30 days.`;
  return `${listing.vp_abs} of ${listing.vp_denom} ${what} checked in the last 30 days were found.`;
}
