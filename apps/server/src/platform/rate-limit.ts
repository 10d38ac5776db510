import { and, desc, eq, gt, like, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from './db/database.js';
import { tooManyRequests, type AppError } from './errors.js';
import { DAY_MS } from './time.js';
import { rateEvents } from './rate-limit.tables.js';

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

/** Holds the key's advisory lock until the surrounding (outermost) transaction ends. */
async function lockKey(tx: Db, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/** The key's events inside the longest window, newest first (as many as the largest limit needs). */
async function recentEvents(tx: Db, key: string, rules: readonly RateRule[], now: Date): Promise<Date[]> {
  const longest = Math.max(...rules.map((r) => r.windowMs));
  const most = Math.max(...rules.map((r) => r.limit));
  const rows = await tx
    .select({ at: rateEvents.at })
    .from(rateEvents)
    .where(and(eq(rateEvents.key, key), gt(rateEvents.at, new Date(now.getTime() - longest))))
    .orderBy(desc(rateEvents.at))
    .limit(most);
  return rows.map((r) => r.at);
}

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
    const longest = Math.max(...rules.map((r) => r.windowMs));
    const most = Math.max(...rules.map((r) => r.limit));
    const roomInEvery = sql.join(
      rules.map(
        (r) =>
          sql`(select count(*) from recent where at > ${new Date(now.getTime() - r.windowMs)}) < ${r.limit}`,
      ),
      sql` and `,
    );
    const [row] = await executeRows<{ taken: number; recent: string | null }>(
      tx,
      sql`with recent as (
            select at from ${rateEvents}
            where key = ${key} and at > ${new Date(now.getTime() - longest)}
            order by at desc limit ${most}
          ), taken as (
            insert into ${rateEvents} (key, at) select ${key}, ${now} where ${roomInEvery} returning 1
          )
          select (select count(*) from taken)::int as taken,
                 (select string_agg((extract(epoch from at) * 1000)::bigint::text, ',' order by at desc)
                    from recent) as recent`,
    );
    if (row?.taken) return null;
    const recent = (row?.recent ?? '')
      .split(',')
      .filter(Boolean)
      .map((ms) => new Date(Number(ms)));
    return fullRule(rules, recent, now);
  });
}

/** Runs `work` in the caller's transaction, or in one of its own (no savepoint on the hot path). */
async function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  const alreadyIn = typeof (db as { rollback?: unknown }).rollback === 'function';
  return alreadyIn ? work(db) : db.transaction(work);
}

async function executeRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
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

/** Counts one event under `key` unconditionally (a failed sign-in, say); answers the event's id. */
export async function countRate(db: Db, key: string, now: Date): Promise<number> {
  const [row] = await db.insert(rateEvents).values({ key, at: now }).returning({ id: rateEvents.id });
  return (row as { id: number }).id;
}

/** How many events `key` has in the last `windowMs`. */
export async function rateCount(db: Db, key: string, windowMs: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(rateEvents)
    .where(and(eq(rateEvents.key, key), gt(rateEvents.at, new Date(now.getTime() - windowMs))));
  return row?.n ?? 0;
}

/** Forgets every event of `key` (a right password clears its failures, say). */
export async function clearRate(db: Db, key: string): Promise<void> {
  await db.delete(rateEvents).where(eq(rateEvents.key, key));
}

/** Forgets every event of the keys that start with `prefix` (a member's, when their account is erased). */
export async function clearRatePrefix(db: Db, prefix: string): Promise<void> {
  await db.delete(rateEvents).where(like(rateEvents.key, `${prefix.replace(/[\\%_]/g, '\\$&')}%`));
}

/** Takes back one counted event, for an attempt that turned out not to count. */
export async function uncountRate(db: Db, eventId: number): Promise<void> {
  await db.delete(rateEvents).where(eq(rateEvents.id, eventId));
}

/** Daily: events older than any window are forgotten (L3). */
export async function pruneRateEvents(db: Db, now: Date): Promise<void> {
  await db.delete(rateEvents).where(lt(rateEvents.at, new Date(now.getTime() - RATE_EVENTS_KEPT_MS)));
}

/** Runs `work` holding `key`'s advisory lock, inside one transaction (for checks that count afterwards). */
export async function withKeyLocked<T>(db: Db, key: string, work: (tx: Db) => Promise<T>): Promise<T> {
  return inTransaction(db, async (tx) => {
    await lockKey(tx, key);
    return work(tx);
  });
}
