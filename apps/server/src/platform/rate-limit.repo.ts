import { and, desc, eq, gt, like, lt, sql } from 'drizzle-orm';
import { rowsOf, type Db } from './db/database.js';
import type { RateRule } from './rate-limit.js';
import { rateEvents } from './rate-limit.tables.js';

/** The queries of the one rate-limit mechanism (rate-limit.ts): rate_events and the key's lock. */

/** Holds the key's advisory lock until the surrounding (outermost) transaction ends. */
export async function lockKey(tx: Db, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/** The key's events inside the longest window, newest first (as many as the largest limit needs). */
export async function recentEvents(
  tx: Db,
  key: string,
  rules: readonly RateRule[],
  now: Date,
): Promise<Date[]> {
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

/**
 * In one statement, the key's recent events are read and the event written when every rule still
 * has room: `taken` says whether it was, `recent` lists the events read (epoch ms, newest first).
 */
export async function takeIfRoom(
  tx: Db,
  key: string,
  rules: readonly RateRule[],
  now: Date,
): Promise<{ taken: number; recent: string | null } | undefined> {
  const longest = Math.max(...rules.map((r) => r.windowMs));
  const most = Math.max(...rules.map((r) => r.limit));
  const roomInEvery = sql.join(
    rules.map(
      (r) =>
        sql`(select count(*) from recent where at > ${new Date(now.getTime() - r.windowMs)}) < ${r.limit}`,
    ),
    sql` and `,
  );
  const [row] = await rowsOf<{ taken: number; recent: string | null }>(
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
  return row;
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

/** Forgets every event counted before `before`. */
export async function forgetEventsBefore(db: Db, before: Date): Promise<void> {
  await db.delete(rateEvents).where(lt(rateEvents.at, before));
}
