import type { Db } from './db/database.js';
import { tooManyRequests, type AppError } from './errors.js';
import { DAY_MS } from './time.js';
import { forgetEventsBefore, lockKey, recentEvents, takeIfRoom } from './rate-limit.repo.js';

export {
  clearRate,
  clearRatePrefix,
  countRate,
  rateCount,
  rateCountSince,
  rateTakeParts,
  uncountRate,
} from './rate-limit.repo.js';

/**
 * The one rate-limit mechanism of the app (docs/domain.md "Limits", L1-L3). Every limit (sign-in,
 * sign-up, posting, crediting, anonymous calls) counts events in `rate_events` under a key and reads
 * them back over sliding windows. Each key is serialised by a transaction-scoped advisory lock, so
 * requests that arrive at once, on one server or several, see one another's events: a burst of 30
 * messages against a limit of 10 sends 10, on PostgreSQL as on PGlite.
 */

/** At most `limit` events in any `windowMs`. */
export interface RateRule {
  limit: number;
  windowMs: number;
}

/** Which rule is full, and how long until its oldest counted event leaves the window. */
export interface RateRefusal {
  rule: RateRule;
  /** Whole seconds, at least 1. */
  waitSeconds: number;
}

/** Events are kept a day: no limit looks further back (L3). */
export const RATE_EVENTS_KEPT_MS = DAY_MS;

/** Pure: the first full rule for events `recent` (newest first) at `now`, or null when all have room. */
export function fullRule(rules: readonly RateRule[], recent: readonly Date[], now: Date): RateRefusal | null {
  for (const rule of rules) {
    const inWindow = recent.filter((at) => at.getTime() > now.getTime() - rule.windowMs);
    if (inWindow.length < rule.limit) continue;
    // The event whose leaving the window frees a place: the limit-th newest.
    const freeing = inWindow[rule.limit - 1] as Date;
    const waitMs = freeing.getTime() + rule.windowMs - now.getTime();
    return { rule, waitSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }
  return null;
}

/**
 * Counts one event under `key` when every rule still has room, and answers null; otherwise counts
 * nothing and answers the refusal. Inside a caller's transaction the event commits or rolls back with
 * it, and the key stays locked until it ends, so a limited write and its count are one step. Two
 * statements after the lock: the key's recent events are read and the event written in one, since
 * credits and posts take this on their hot path.
 */
export async function takeRate(
  db: Db,
  key: string,
  rules: readonly RateRule[],
  now: Date,
): Promise<RateRefusal | null> {
  return inTransaction(db, async (tx) => {
    await lockKey(tx, key);
    const row = await takeIfRoom(tx, key, rules, now);
    return takeOutcome(rules, row?.taken ?? 0, row?.recent ?? null, now);
  });
}

/**
 * What a take read back by rateTakeParts means: null when the event was written, else the full
 * rule by the events read (epoch ms, newest first, comma-separated).
 */
export function takeOutcome(
  rules: readonly RateRule[],
  taken: number,
  recentList: string | null,
  now: Date,
): RateRefusal | null {
  if (taken) return null;
  const recent = (recentList ?? '')
    .split(',')
    .filter(Boolean)
    .map((ms) => new Date(Number(ms)));
  return fullRule(rules, recent, now);
}

/** Runs `work` in the caller's transaction, or in one of its own (no savepoint on the hot path). */
async function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  const alreadyIn = typeof (db as { rollback?: unknown }).rollback === 'function';
  return alreadyIn ? work(db) : db.transaction(work);
}

/** takeRate that throws 429 with the message the feature words for the full rule. */
export async function takeRateOrThrow(
  db: Db,
  key: string,
  rules: readonly RateRule[],
  now: Date,
  message: (refusal: RateRefusal) => string,
): Promise<void> {
  const refusal = await takeRate(db, key, rules, now);
  if (refusal) throw rateError(refusal, message);
}

export function rateError(refusal: RateRefusal, message: (refusal: RateRefusal) => string): AppError {
  return tooManyRequests(message(refusal), refusal.waitSeconds);
}

/** Reads whether `key` has room under `rules` without counting anything (for limits counted afterwards). */
export async function checkRate(
  db: Db,
  key: string,
  rules: readonly RateRule[],
  now: Date,
): Promise<RateRefusal | null> {
  return fullRule(rules, await recentEvents(db, key, rules, now), now);
}

/** Daily: events older than any window are forgotten (L3). */
export async function pruneRateEvents(db: Db, now: Date): Promise<void> {
  await forgetEventsBefore(db, new Date(now.getTime() - RATE_EVENTS_KEPT_MS));
}

/** Runs `work` holding `key`'s advisory lock, inside one transaction (for checks that count afterwards). */
export async function withKeyLocked<T>(db: Db, key: string, work: (tx: Db) => Promise<T>): Promise<T> {
  return inTransaction(db, async (tx) => {
    await lockKey(tx, key);
    return work(tx);
  });
}
