import { z } from 'zod';
import { operation } from './operation.js';
import { idSchema, type YesNo, wholeNumber } from './common.js';
import { LISTING_TYPES, type ListingType } from './platforms.js';

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
  /** The special it is offered by, for sponsorSpecialCheckout; null for a regular package. */
  special_id: number | null;
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

const count = wholeNumber(
  z
    .number({ error: 'Please choose how many sponsored actions to buy.' })
    .int({ error: 'Please choose how many sponsored actions to buy.' })
    .positive({ error: 'Please choose how many sponsored actions to buy.' })
    .max(100_000, { error: 'Please choose how many sponsored actions to buy.' }),
);

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

/**
 * Back from a sponsored checkout (`?sponsored={listing id}`): whether the member's latest purchase for
 * that listing is paid, still waiting for the provider, or neither (cancelled), and what to tell them.
 */
export const checkSponsoredPurchase = operation<{
  status: 'paid' | 'pending' | 'none';
  message: string;
}>()({
  method: 'GET',
  path: 'sponsored/checkPurchase',
  audience: 'member',
  input: z.object({ listing_id: idSchema('listing') }),
});

/** What a special may be (spec 2 §3 Special): its counts and its price per `minimum`. */
export const SPECIAL_LIMITS = {
  maxCounts: 20,
  maxActions: 100_000,
  minPennies: 100,
  maxPennies: 100_000,
  ctaChars: 200,
} as const;

/**
 * Starts a sponsor special (staff only, D2.2): the admin console's call. Specials may not overlap,
 * so a member sees at most one.
 */
export const startSpecial = operation<{
  status: 'success';
  message: string;
  special: Special;
  prettyEnd: string;
}>()({
  method: 'POST',
  path: 'admin/sponsored/startSpecial',
  audience: 'admin',
  input: z
    .object({
      cta: z
        .string({ error: 'Please write the call to action.' })
        .trim()
        .min(1, { error: 'Please write the call to action.' })
        .max(SPECIAL_LIMITS.ctaChars, {
          error: `The call to action must be ${SPECIAL_LIMITS.ctaChars} characters or fewer.`,
        }),
      types: z
        .array(z.enum(LISTING_TYPES, { error: 'Please choose the listing types of the special.' }), {
          error: 'Please choose the listing types of the special.',
        })
        .min(1, { error: 'Please choose the listing types of the special.' }),
      minimum: wholeNumber(
        z
          .number({ error: 'The minimum must be a whole number of actions.' })
          .int({ error: 'The minimum must be a whole number of actions.' })
          .min(1, { error: 'The minimum must be at least 1.' }),
      ),
      maximum: wholeNumber(
        z
          .number({ error: 'The maximum must be a whole number of actions.' })
          .int({ error: 'The maximum must be a whole number of actions.' })
          .max(SPECIAL_LIMITS.maxActions, {
            error: `The maximum must be ${SPECIAL_LIMITS.maxActions.toLocaleString('en-US')} or fewer.`,
          }),
      ),
      pricePennies: wholeNumber(
        z
          .number({ error: 'The price must be a whole number of cents.' })
          .int({ error: 'The price must be a whole number of cents.' })
          .min(SPECIAL_LIMITS.minPennies, { error: 'The price must be at least $1.00.' })
          .max(SPECIAL_LIMITS.maxPennies, { error: 'The price must be $1,000.00 or less.' }),
      ),
      /** When it starts; now when left out. */
      startsAt: z.coerce.date({ error: 'Please give a valid start time.' }).optional(),
      endsAt: z.coerce.date({ error: 'Please give a valid end time.' }),
    })
    .refine((v) => v.maximum >= v.minimum, {
      error: 'The maximum must be at least the minimum.',
      path: ['maximum'],
    })
    .refine((v) => v.maximum / v.minimum <= SPECIAL_LIMITS.maxCounts, {
      error: `A special may offer at most ${SPECIAL_LIMITS.maxCounts} counts: raise the minimum or lower the maximum.`,
      path: ['maximum'],
    }),
});

/** Ends the running special now (staff only); checkouts already started keep their price. */
export const endSpecial = operation<{ status: 'success'; message: string }>()({
  method: 'POST',
  path: 'admin/sponsored/endSpecial',
  audience: 'admin',
  input: z.object({}),
});
