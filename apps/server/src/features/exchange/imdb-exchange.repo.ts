import { and, asc, eq, gte, notInArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { preparedOnce, statement, type Db } from '../../platform/db/database.js';
import { users } from '../members/members.tables.js';
import { notBlockedWith } from '../members/index.js';
import { listings } from '../listings/listings.tables.js';
import { subscriptions } from '../membership/membership.tables.js';
import { actions, hiddenListings } from '../earn/earn.tables.js';
import { historyPageQuery, type HistoryRow } from '../history/index.js';
import { imdbExchangeListings } from './exchange.tables.js';

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
  limit: number;
}

/** The values of the candidate query: given, or a statement's parameters. */
export type CandidateValues = { [K in keyof CandidateAsk]: SQL };

/**
 * EX11 in one query: other members' opted-in, active IMDb listings (read on
 * imdb_exchange_listings_allowed_idx), whose owner is active and not free (premium or pro time
 * left, or a managed subscription serving), neither member blocking the other (D4.1), not hidden in
 * this login (D4.6), not acted on by the earner this Pacific day in any way (D4.4). The owner's
 * points, give, rate limit and pending point change play no part. The members who viewed the
 * earner's listings in the last 7 days (actions_exchange_owner_idx) and whom the earner has not
 * viewed since (actions_exchange_earner_idx) come first, then the rest at random.
 * Every partial index's predicate is written as a literal, so a generic plan can use it.
 */
export function candidatesSql(v: CandidateValues): SQL {
  const counted = sql`a.status not in ('reversed', 'invalid')`;
  return sql`
    with viewers as materialized (
      select a.earner_id as id, max(a.created_at) as at from ${actions} a
      where a.owner_id = ${v.earner} and a.exchange and a.created_at > ${v.viewedSince} and ${counted}
      group by a.earner_id
    ), viewed as materialized (
      select a.owner_id as id, max(a.created_at) as at from ${actions} a
      where a.earner_id = ${v.earner} and a.exchange and a.created_at > ${v.viewedSince} and ${counted}
      group by a.owner_id
    )
    select l.id, l.user_id as "userId", l.name, l.url, l.external_id as "externalId",
      l.imdb_type as "imdbType", l.test_cat as "testCat", l.nm_code as "nmCode",
      u.first, u.last, u.default_pic as avatar,
      (vr.at is not null and (vd.at is null or vd.at < vr.at)) as "viewedYou"
    from ${imdbExchangeListings} x
    join ${listings} l on l.id = x.listing_id and l.user_id = x.user_id
    join ${users} u on u.id = l.user_id
    left join viewers vr on vr.id = u.id
    left join viewed vd on vd.id = u.id
    where x.allowed = 1
      and l.type = 'imdb-view' and l.status = 'active'
      and u.status = 'active' and u.id <> ${v.earner}
      and (u.premium_expires > ${v.now} or u.pro_expires > ${v.now}
           or exists (select 1 from ${subscriptions} s
                      where s.user_id = u.id and s.level = 'managed' and s.status <> 'ended'
                        and s.current_period_end > ${v.now}))
      and ${notBlockedWith(v.earner, sql`u.id`)}
      and not exists (select 1 from ${hiddenListings} h where h.session_id = ${v.session} and h.listing_id = l.id)
      and not exists (select 1 from ${actions} a where a.earner_id = ${v.earner} and a.listing_id = l.id
                      and a.day = ${v.today} and a.created_at > ${v.since} and ${counted})
    order by "viewedYou" desc, random()
    limit ${v.limit}`;
}

const typed = (value: unknown, type: string) => sql`${value}::${sql.raw(type)}`;
const TYPES: { [K in keyof CandidateAsk]: string } = {
  earner: 'int',
  session: 'int',
  today: 'date',
  since: 'timestamptz',
  viewedSince: 'timestamptz',
  now: 'timestamptz',
  limit: 'int',
};
const valuesOf = (f: (key: keyof CandidateAsk) => unknown) =>
  Object.fromEntries(
    Object.entries(TYPES).map(([key, type]) => [key, typed(f(key as keyof CandidateAsk), type)]),
  ) as CandidateValues;

/** The candidate query, its text built and planned once. */
const candidatesStatement = statement<ExchangeCandidate>('imdb_exchange_candidates', () =>
  candidatesSql(valuesOf((key) => sql.placeholder(key))),
);

export async function exchangeCandidates(db: Db, ask: CandidateAsk): Promise<ExchangeCandidate[]> {
  const rows = await candidatesStatement(db, { ...ask });
  return rows.map((r) => ({ ...r, viewedYou: Boolean(r.viewedYou) }));
}

/** The candidate query with its values in place, not yet run (its plan is checked by imdb-exchange-plans.test.ts). */
export const candidatesQuery = (ask: CandidateAsk): SQL => candidatesSql(valuesOf((key) => ask[key]));

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
