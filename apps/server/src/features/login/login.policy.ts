import { HOUR_MS, MINUTE_MS } from '../../platform/time.js';

/** Sign-in limits: failures counted per address and per account over a sliding window. */
export const SIGN_IN_WINDOW_MS = 15 * MINUTE_MS;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;
/** Password reset requests per address per hour. */
export const RESET_WINDOW_MS = HOUR_MS;
export const MAX_RESETS_PER_ADDRESS = 5;
/** A reset link is single-use and valid for one hour (D2.6). */
export const RESET_LINK_VALID_MS = HOUR_MS;

export interface AttemptWindow {
  /** Failures inside the window, oldest first. */
  failures: Date[];
  limit: number;
  windowMs: number;
}

/**
 * Whether another attempt may be made now; when not, how many whole minutes until the oldest
 * failure leaves the window and one more attempt is allowed.
 */
export function attemptAllowed(
  w: AttemptWindow,
  now: Date,
): { allowed: true } | { allowed: false; waitMinutes: number } {
  if (w.failures.length < w.limit) return { allowed: true };
  const oldest = w.failures[w.failures.length - w.limit] as Date;
  const waitMs = oldest.getTime() + w.windowMs - now.getTime();
  if (waitMs <= 0) return { allowed: true };
  return { allowed: false, waitMinutes: Math.max(1, Math.ceil(waitMs / MINUTE_MS)) };
}

/** The nm/tt code of an IMDb page URL, so that two ways of writing the same page compare equal. */
export function imdbPageCode(url: string): string | null {
  const match = /imdb\.com\/(?:[a-z]{2}\/)?(?:name|title)\/((?:nm|tt)\d{5,10})/i.exec(url);
  return match?.[1]?.toLowerCase() ?? null;
}
