import { DAY_MS, HOUR_MS, MINUTE_MS, addDays, pacificDay, pacificMidnight } from '../../platform/time.js';
import type { RateRule } from '../../platform/rate-limit.js';

/**
 * Sign-in (docs/domain.md "Sign-in limits", S1-S4): failures are counted per account and address
 * pair; the first FREE_FAILURES of a pair cost nothing, then each further try waits twice as long
 * as the one before, from 1 s up to 15 minutes. A pair's failures are remembered a day.
 */
export const FREE_FAILURES = 3;
export const FIRST_DELAY_MS = 1000;
export const LONGEST_DELAY_MS = 15 * MINUTE_MS;
export const PAIR_FAILURES_KEPT_MS = DAY_MS;
/** S3: one address failing against many accounts is slowed on its own, whichever account it tries. */
export const ADDRESS_FAILURES: readonly RateRule[] = [{ limit: 100, windowMs: HOUR_MS }];
/** Password reset requests per address (D2.6). */
export const RESET_REQUESTS: readonly RateRule[] = [{ limit: 5, windowMs: HOUR_MS }];
/** A reset link is single-use and valid for one hour (D2.6). */
export const RESET_LINK_VALID_MS = HOUR_MS;
/** Sign-ups per address (D11.4): 3 an hour and 10 a day. */
export const SIGN_UPS: readonly RateRule[] = [
  { limit: 3, windowMs: HOUR_MS },
  { limit: 10, windowMs: DAY_MS },
];
/** A confirmation link is single-use and valid for 7 days (D2.4). */
export const CONFIRM_LINK_VALID_MS = 7 * DAY_MS;
/**
 * U6: an account whose address is still unconfirmed once its first link has lapsed is removed, so
 * an address registered by someone else is free again. A resent link does not put the day off.
 */
export const UNCONFIRMED_KEPT_MS = CONFIRM_LINK_VALID_MS;

/**
 * U6: the Pacific day (YYYY-MM-DD) on which an account started at `startedAt` and never confirmed
 * is removed: the first day that begins once UNCONFIRMED_KEPT_MS have passed. The daily job runs as
 * a day begins, so the account lives its full 7 days and the date mailed is the day it goes.
 */
export function unconfirmedRemovalDay(startedAt: Date): string {
  const lapses = startedAt.getTime() + UNCONFIRMED_KEPT_MS;
  return addDays(pacificDay(new Date(lapses - 1)), 1);
}

/** U6: on `day`, accounts started at or before this instant and still unconfirmed are removed. */
export function unconfirmedRemovalCutoff(day: string): Date {
  return new Date(pacificMidnight(day).getTime() - UNCONFIRMED_KEPT_MS);
}

/** Fresh confirmation links a member may ask for: 3 an hour and 10 a day. */
export const CONFIRM_RESENDS: readonly RateRule[] = [
  { limit: 3, windowMs: HOUR_MS },
  { limit: 10, windowMs: DAY_MS },
];
/** The owner of an address someone tried to register again is told at most once a day. */
export const TAKEN_ADDRESS_NOTES: readonly RateRule[] = [{ limit: 1, windowMs: DAY_MS }];

/**
 * How long a pair with `failures` recent failures waits after its latest one before it may try
 * again: nothing for the first FREE_FAILURES, then 1 s, 2 s, 4 s ... up to LONGEST_DELAY_MS.
 */
export function signInDelayMs(failures: number): number {
  if (failures <= FREE_FAILURES) return 0;
  const doublings = Math.min(failures - FREE_FAILURES - 1, 30);
  return Math.min(FIRST_DELAY_MS * 2 ** doublings, LONGEST_DELAY_MS);
}

/** A wait in words a member reads: "1 second", "40 seconds", "3 minutes", "2 hours". */
export function waitInWords(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  const [n, unit] =
    s < 60 ? [s, 'second'] : s <= 90 * 60 ? [Math.ceil(s / 60), 'minute'] : [Math.ceil(s / 3600), 'hour'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** The nm/tt code of an IMDb page URL, so that two ways of writing the same page compare equal. */
export function imdbPageCode(url: string): string | null {
  const match = /imdb\.com\/(?:[a-z]{2}\/)?(?:name|title)\/((?:nm|tt)\d{5,10})/i.exec(url);
  return match?.[1]?.toLowerCase() ?? null;
}
