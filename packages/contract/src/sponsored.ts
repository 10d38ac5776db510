import { z } from 'zod';
import { operation } from './operation.js';
import { idSchema, type YesNo } from './common.js';
import type { ListingType } from './earn.js';

/**
 * Sponsored activity (spec 2 §9, D6.4): actions bought with money and paid to earners by the house,
 * and the sponsor specials.
 */

/** Spec 2 §9: IMDb views are sold 250 at a time at the current price, which stays within $5-$25. */
export const IMDB_SPONSOR = { count: 250, minPennies: 500, maxPennies: 2500, defaultPennies: 1200 } as const;
/** Spec 2 §9: the packages of the other types. */
export const OTHER_SPONSOR_PACKAGES = [
  { count: 100, pennies: 800 },
  { count: 200, pennies: 1600 },
  { count: 300, pennies: 2400 },
  { count: 500, pennies: 3500 },
] as const;
/** Spec 2 §9: the default count of the purchase form. */
export const DEFAULT_SPONSOR_COUNT = { imdb: 250, other: 100 } as const;
/** Spec 2 §7: sv_max when no operator has set it. */
export const SV_MAX_DEFAULT = 5000;

export const SPECIALS_HIDDEN = "You won't see this notice again during your current session.";

/** A package the member can buy for a listing. */
export interface SponsorOption {
  count: number;
  pennies: number;
  /** '$12.00' */
  price: string;
  /** Bought at a special's price (spec 2 §3 Special). */
  special: boolean;
}

/** A running sponsor special (spec 2 §3). */
export interface Special {
  id: number;
  minimum: number;
  maximum: number;
  cta: string;
  /** The special's price of `minimum` actions, '$9.00'. */
  price: string;
  types: ListingType[];
}

export const fetchSpecials = operation<{
  status: 'success';
  activeSpecial: YesNo;
  special: Special | null;
  /** The member's listings the special applies to. */
  listings: { id: number; type: ListingType; title: string }[];
  /** When the special ends, in words: 'Sunday, December 6 at 11:59pm PT'. */
  prettyEnd: string;
}>()({
  method: 'GET',
  path: 'myListings/fetchSpecials',
  audience: 'member',
  input: z.object({}),
});

export const hideSpecials = operation<{ status: 'success'; message: string }>()({
  method: 'GET',
  path: 'myListings/hideSpecials',
  audience: 'member',
  input: z.object({}),
});

const count = z.coerce
  .number({ error: 'Please choose how many sponsored actions to buy.' })
  .int({ error: 'Please choose how many sponsored actions to buy.' })
  .positive({ error: 'Please choose how many sponsored actions to buy.' })
  .max(100_000, { error: 'Please choose how many sponsored actions to buy.' });

/**
 * The sponsor purchase (spec 2 §7 "a browser redirect to a payment provider's checkout with id and
 * count"): the app calls it with its token and follows `redirect`, as the membership checkout does.
 */
export const sponsorCheckout = operation<{ status: 'success'; redirect: string }>()({
  method: 'POST',
  path: '/v4/checkout/sponsored/',
  audience: 'member',
  input: z.object({
    id: idSchema('listing'),
    count,
    provider: z.enum(['card', 'paypal'], { error: 'Please choose how to pay.' }).default('card'),
  }),
});

/** The special variant: `count` is a multiple of the special's minimum, up to its maximum. */
export const sponsorSpecialCheckout = operation<{ status: 'success'; redirect: string }>()({
  method: 'POST',
  path: '/v4/checkout/sponsored/special/',
  audience: 'member',
  input: z.object({
    id: idSchema('listing'),
    count,
    special_id: idSchema('special'),
    provider: z.enum(['card', 'paypal'], { error: 'Please choose how to pay.' }).default('card'),
  }),
});
