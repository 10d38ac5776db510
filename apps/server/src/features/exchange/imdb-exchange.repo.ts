import { and, asc, eq, gte, notInArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { preparedOnce, statement, type Db } from '../../platform/db/database.js';
import { blocks, users } from '../members/members.tables.js';
import { listings } from '../listings/listings.tables.js';
import { subscriptions } from '../membership/membership.tables.js';
import { actions, hiddenListings } from '../earn/earn.tables.js';
import { historyPageQuery, type HistoryRow } from '../history/index.js';
import { imdbExchangeListings } from './exchange.tables.js';
import { EXCHANGE_LISTINGS_SHOWN } from './imdb-exchange.policy.js';

/** The queries of the IMDb view-for-view exchange (D7.2, docs/domain.md EX10-EX12). */

/** Actions that still count: a reversed or invalid action was undone (D4.4, D11.3). */
const LAPSED = ['reversed', 'invalid'];

/** The member's profile IMDb address, picture and opt-in (EX10), in one query. */
export async function exchangeMember(db: Db, userId: number) {
  const [row] = await db
    .select({
      imdbUrl: users.imdbUrl,
      picture: users.defaultPic,
      listingId: imdbExchangeListings.listingId,
      allowed: imdbExchangeListings.allowed,
    })
    .from(users)
    .leftJoin(imdbExchangeListings, eq(imdbExchangeListings.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** The member's active IMDb listings, oldest first (EX10), read on listings_user_idx. */
export async function activeImdbListings(db: Db, userId: number) {
  return db
    .select({
      id: listings.id,
      name: listings.name,
      url: listings.url,
      externalId: listings.externalId,
      createdAt: listings.createdAt,
    })
    .from(listings)
    .where(and(eq(listings.userId, userId), eq(listings.type, 'imdb-view'), eq(listings.status, 'active')))
    .orderBy(asc(listings.createdAt), asc(listings.id));
}

/** updateAllowed (EX10): the member's listing on the exchange and whether it is listed. */
export async function saveOptIn(
  db: Db,
  row: { userId: number; listingId: number; allowed: number; at: Date },
): Promise<void> {
  await db
    .insert(imdbExchangeListings)
    .values({ userId: row.userId, listingId: row.listingId, allowed: row.allowed, updatedAt: row.at })
    .onConflictDoUpdate({
      target: imdbExchangeListings.userId,
      set: { listingId: row.listingId, allowed: row.allowed, updatedAt: row.at },
    });
}

/** Turns the member's listing off the exchange, if it was ever on (no listing to keep is needed). */
export async function switchOff(db: Db, userId: number, allowed: number, at: Date): Promise<void> {
  await db
    .update(imdbExchangeListings)
    .set({ allowed, updatedAt: at })
    .where(eq(imdbExchangeListings.userId, userId));
}

/** EX10: the listing on the exchange follows the member's listings (a new profile page, one removed). */
export async function moveOptIn(db: Db, userId: number, listingId: number, at: Date): Promise<void> {
  await db
    .update(imdbExchangeListings)
    .set({ listingId, updatedAt: at })
    .where(eq(imdbExchangeListings.userId, userId));
}

/** A listing the exchange may offer (EX11), with what the card needs. */
export interface ExchangeCandidate {
  id: number;
  userId: number;
  name: string;
  url: string;
  externalId: string;
  imdbType: string | null;
  testCat: string | null;
  nmCode: string | null;
  first: string;
  last: string;
  avatar: string | null;
  /** The owner viewed one of yours in the last 7 days and you have not viewed them since. */
  viewedYou: boolean;
}

export interface CandidateAsk {
  earner: number;
  session: number;
  /** The Pacific day, and the instant 25 hours back that bounds it for the index (D4.4). */
  today: string;
  since: Date;
  /** Views of yours after this put their viewer first (EX11). */
  viewedSince: Date;
  now: Date;
}

/** The values of the candidate query: given, or a statement's parameters. */
export type CandidateValues = { [K in keyof CandidateAsk]: SQL };

/**
 * EX11, read without visiting every listed member: other members' listed, active IMDb listings whose
 * owner is active and not free (premium or pro time left, or a managed subscription serving),
 * neither member blocking the other (D4.1), not hidden in this login (D4.6), not acted on by the
 * earner this Pacific day in any way (D4.4); the owner's points, give, rate limit and pending point
 * change play no part. In two parts, each stopping once `limit` rows have passed (a LIMIT over
 * UNION ALL reads its branches in turn):
 *   1. the members who viewed the earner's listings in the last 7 days (actions_exchange_owner_idx)
 *      and whom the earner has not viewed since (actions_exchange_earner_idx): few, in random order;
 *   2. everyone else, from a random listing id, walking imdb_exchange_listings_listing_idx up and
 *      then wrapping around from the lowest (random order without sorting them all).
 * The earner's few blocks either way and hidden listings are read once (hashed); each row walked is
 * checked as it is read: the listing and the owner by key, the earner's actions on the listing
 * (actions_earner_listing_idx). An exchange row names the member's own listing (updateAllowed), so
 * the listing is found by its id alone. `limit` is a constant of the page, written into the text, so
 * a generic plan knows how few rows it needs.
 */
export function candidatesSql(v: CandidateValues, limit: number): SQL {
  const counted = sql`a.status not in ('reversed', 'invalid')`;
  const upTo = sql.raw(String(Math.max(1, Math.floor(limit))));
  // What the exchange row `x` says: listed, not the earner's blocked or hidden ones (read once, hashed).
  const rowOk = sql`x.allowed = 1
      and x.user_id not in (select s.id from shunned s)
      and x.listing_id not in (select h.listing_id from ${hiddenListings} h where h.session_id = ${v.session})`;
  // What the listing `l` and its owner `u` must be (EX1, EX11, D4.4).
  const listingOk = sql`l.type = 'imdb-view' and l.status = 'active'
      and u.status = 'active' and u.id <> ${v.earner}
      and (u.premium_expires > ${v.now} or u.pro_expires > ${v.now}
           or exists (select 1 from ${subscriptions} s
                      where s.user_id = u.id and s.level = 'managed' and s.status <> 'ended'
                        and s.current_period_end > ${v.now}))
      and not exists (select 1 from ${actions} a where a.earner_id = ${v.earner} and a.listing_id = l.id
                      and a.day = ${v.today} and a.created_at > ${v.since} and ${counted})`;
  const columns = (viewedYou: boolean) => sql`l.id, l.user_id as "userId", l.name, l.url,
      l.external_id as "externalId", l.imdb_type as "imdbType", l.test_cat as "testCat",
      l.nm_code as "nmCode", u.first, u.last, u.default_pic as avatar,
      ${sql.raw(String(viewedYou))} as "viewedYou"`;
  // The listing and owner of the row `x`, read by key and checked, for one row at a time (the fence
  // keeps them a lookup per row walked, whatever the planner guesses of the rows passing).
  const card = (viewedYou: boolean) => sql`(
      select ${columns(viewedYou)} from ${listings} l join ${users} u on u.id = l.user_id
      where l.id = x.listing_id and ${listingOk} offset 0) c`;
  const walk = (from: SQL) => sql`(
      select c.* from ${imdbExchangeListings} x cross join lateral ${card(false)}
      where ${from} and ${rowOk} and x.user_id not in (select f.id from firsts f)
      order by x.listing_id limit ${upTo})`;
  return sql`
    with viewers as materialized (
      select a.earner_id as id, max(a.created_at) as at from ${actions} a
      where a.owner_id = ${v.earner} and a.exchange and a.created_at > ${v.viewedSince} and ${counted}
      group by a.earner_id
    ), viewed as materialized (
      select a.owner_id as id, max(a.created_at) as at from ${actions} a
      where a.earner_id = ${v.earner} and a.exchange and a.created_at > ${v.viewedSince} and ${counted}
      group by a.owner_id
    ), firsts as materialized (
      select vr.id from viewers vr left join viewed vd on vd.id = vr.id where vd.at is null or vd.at < vr.at
    ), shunned as materialized (
      select b.blocked_id as id from ${blocks} b where b.blocker_id = ${v.earner}
      union all
      select b.blocker_id from ${blocks} b where b.blocked_id = ${v.earner}
    ), pick as materialized (
      select floor(random() * (coalesce((select max(x.listing_id) from ${imdbExchangeListings} x), 0) + 1))::int
        as start
    )
    select * from (
      (select c.* from firsts f join ${imdbExchangeListings} x on x.user_id = f.id cross join lateral ${card(true)}
       where ${rowOk}
       order by random() limit ${upTo})
      union all ${walk(sql`x.listing_id >= (select p.start from pick p)`)}
      union all ${walk(sql`x.listing_id < (select p.start from pick p)`)}
    ) c limit ${upTo}`;
}

const typed = (value: unknown, type: string) => sql`${value}::${sql.raw(type)}`;
const TYPES: { [K in keyof CandidateAsk]: string } = {
  earner: 'int',
  session: 'int',
  today: 'date',
  since: 'timestamptz',
  viewedSince: 'timestamptz',
  now: 'timestamptz',
};
const valuesOf = (f: (key: keyof CandidateAsk) => unknown) =>
  Object.fromEntries(
    Object.entries(TYPES).map(([key, type]) => [key, typed(f(key as keyof CandidateAsk), type)]),
  ) as CandidateValues;

/** The candidate query for the page's EXCHANGE_LISTINGS_SHOWN, its text built and planned once. */
const candidatesStatement = statement<ExchangeCandidate>('imdb_exchange_candidates', () =>
  candidatesSql(
    valuesOf((key) => sql.placeholder(key)),
    EXCHANGE_LISTINGS_SHOWN,
  ),
);

/** EX11: the list's candidates, those who viewed the earner first (the parts come out in turn). */
export async function exchangeCandidates(db: Db, ask: CandidateAsk): Promise<ExchangeCandidate[]> {
  const rows = await candidatesStatement(db, { ...ask });
  const firstViewers = rows.filter((r) => r.viewedYou);
  const rest = rows.filter((r) => !r.viewedYou);
  return [...firstViewers, ...rest].map((r) => ({ ...r, viewedYou: Boolean(r.viewedYou) }));
}

/** The candidate query with its values in place, not yet run (its plan is checked by imdb-exchange-plans.test.ts). */
export const candidatesQuery = (ask: CandidateAsk, limit = EXCHANGE_LISTINGS_SHOWN): SQL =>
  candidatesSql(
    valuesOf((key) => ask[key]),
    limit,
  );

/** A value of a query: given, or a prepared statement's placeholder. */
type Value<T> = T | Placeholder;

/**
 * The exchange views of a member, or of their listings, since a moment: read on
 * actions_exchange_earner_idx and actions_exchange_owner_idx, whose predicate is the literal column.
 */
function exchangeScope(member: Value<number>, since: Value<Date>): SQL | undefined {
  return and(
    sql`${actions.exchange}`,
    or(eq(actions.earnerId, member), eq(actions.ownerId, member)),
    gte(actions.createdAt, since),
    notInArray(actions.status, LAPSED),
  );
}

/** EX12 "This Week": the views the member did (completed) and received since a moment, in one query. */
export function weekCountsQuery(db: Db, member: Value<number>, since: Value<Date>) {
  return db
    .select({
      completed: sql<number>`count(*) filter (where ${actions.earnerId} = ${member})`.mapWith(Number),
      received: sql<number>`count(*) filter (where ${actions.ownerId} = ${member})`.mapWith(Number),
    })
    .from(actions)
    .where(exchangeScope(member, since));
}

const weekCountsStatement = preparedOnce((db) =>
  weekCountsQuery(db, sql.placeholder('member'), sql.placeholder('since')).prepare('imdb_exchange_week'),
);

export async function weekCounts(db: Db, member: number, since: Date) {
  const [row] = await weekCountsStatement(db).execute({ member, since });
  return { completed: row?.completed ?? 0, received: row?.received ?? 0 };
}

/** EX12: the member's newest exchange views either way since a moment, as History rows. */
export const exchangeHistoryQuery = (
  db: Db,
  member: Value<number>,
  since: Value<Date>,
  limit: Value<number>,
) => historyPageQuery(db, exchangeScope(member, since), limit, 0);

const exchangeHistoryStatement = preparedOnce((db) =>
  exchangeHistoryQuery(
    db,
    sql.placeholder('member'),
    sql.placeholder('since'),
    sql.placeholder('limit'),
  ).prepare('imdb_exchange_history'),
);

export async function exchangeHistory(
  db: Db,
  member: number,
  since: Date,
  limit: number,
): Promise<HistoryRow[]> {
  return exchangeHistoryStatement(db).execute({ member, since, limit });
}
