import { and, desc, eq, gt, like, lt, sql, type SQL } from 'drizzle-orm';
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

/** A value of the statement, or a placeholder of one built once (statement, selectOnce). */
type Value<T> = T | SQL | ReturnType<typeof sql.placeholder>;

/**
 * The parts of taking one event under `key` for a statement that may do more beside it (takeIfRoom,
 * and a credit's read, D5.7): `recent` selects the key's events inside the longest window, newest
 * first (as many as the largest limit needs); `taken(recent)` writes the event when every rule has
 * room by those and `also` holds. Both go in the statement's WITH under names of its choosing;
 * `takenCount` and `recentList` (epoch ms, newest first) read them back. The rules are part of the
 * text; key and time may be placeholders.
 */
export function rateTakeParts(
  key: Value<string>,
  rules: readonly RateRule[],
  now: Value<Date>,
  also: SQL = sql`true`,
) {
  const longest = Math.max(...rules.map((r) => r.windowMs));
  const most = Math.max(...rules.map((r) => r.limit));
  const since = (ms: number) => sql`${now}::timestamptz - ${ms}::float8 * interval '1 millisecond'`;
  return {
    recent: sql`select at from ${rateEvents}
      where key = ${key}::text and at > ${since(longest)}
      order by at desc limit ${most}::int`,
    taken: (recent: SQL) => sql`insert into ${rateEvents} (key, at)
      select ${key}::text, ${now}::timestamptz
      where ${sql.join(
        rules.map(
          (r) => sql`(select count(*) from ${recent} where at > ${since(r.windowMs)}) < ${r.limit}::int`,
        ),
        sql` and `,
      )} and ${also}
      returning 1`,
    takenCount: (taken: SQL) => sql<number>`(select count(*) from ${taken})::int`,
    recentList: (recent: SQL) =>
      sql<
        string | null
      >`(select string_agg((extract(epoch from at) * 1000)::bigint::text, ',' order by at desc)
        from ${recent})`,
  };
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
  const parts = rateTakeParts(key, rules, now);
  const recent = sql.raw('recent');
  const taken = sql.raw('taken');
  const [row] = await rowsOf<{ taken: number; recent: string | null }>(
    tx,
    sql`with recent as (${parts.recent}), taken as (${parts.taken(recent)})
        select ${parts.takenCount(taken)} as taken, ${parts.recentList(recent)} as recent`,
  );
  return row;
}

/** The events of `key` since `since`, as a scalar subquery for a statement that reads more beside it. */
export const rateCountSince = (key: Value<string>, since: Value<Date>) =>
  sql<number>`(select count(*) from ${rateEvents} where key = ${key}::text and at > ${since}::timestamptz)::int`;

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
