import { desc, eq, sql } from 'drizzle-orm';
import { preparedOnce, selectOnce, statement, type Db } from '../../platform/db/database.js';
import { users } from '../members/members.tables.js';
import { listings } from '../listings/listings.tables.js';
import { rateCountSince } from '../../platform/rate-limit.js';
import { actions, imdbFacts, offers } from './earn.tables.js';
import { WRONG_ANSWERS_PER_OFFER, wrongAnswersKey } from './earn.policy.js';

/**
 * The queries of offers (D5.1): writing a fetch's offers, finding the one a call names, Start, and
 * the wrong number a check may settle. The candidates offered are earn.repo.ts's.
 */

/** Who asks for an offer: the earner, and whether through their Pro extension's session (PX5). */
export interface OfferAsker {
  userId: number;
  sessionId: number;
  extension: boolean;
}

/**
 * The newest offer of a listing to an earner, open or not, with its listing, its action if it was
 * credited, for an IMDb listing the stored facts of its page by question (D5.2), and the earner's
 * wrong answers on the listing inside the tries window (WRONG_ANSWERS_PER_OFFER), in one query.
 * A browser answers the member's browser offers, a Pro extension its own session's only (PX5): the
 * extension and the member's own tabs never take each other's offers.
 */
export async function latestOffer(db: Db, asker: OfferAsker, listingId: number, now: Date) {
  const [row] = await latestOfferQuery(db).execute(latestOfferValues(asker, listingId, now));
  return row ?? null;
}

/**
 * latestOffer inside a credit's transaction, with the member accounts a credit of it touches locked
 * in the same statement, in id order: the earner and, when the owner pays (the offer is not
 * sponsored), the listing's owner. A credit call so reads its offer and takes its locks in one round
 * trip. The lock is FOR NO KEY UPDATE: it keeps two credits of one member apart, yet does not block
 * the key-share lock that writing an action takes on its owner's row (its foreign key), so two
 * members crediting sponsored actions or view-for-view views (EX12) on each other's listings at once
 * cannot deadlock. The offer is read as the statement began: whatever the locks waited for is read
 * again after them (creditState).
 */
export async function latestOfferLocked(tx: Db, asker: OfferAsker, listingId: number, now: Date) {
  const [row] = await latestOfferLockedQuery(tx, latestOfferValues(asker, listingId, now));
  return row ?? null;
}

function latestOfferValues(asker: OfferAsker, listingId: number, now: Date) {
  const [tries] = WRONG_ANSWERS_PER_OFFER;
  return {
    earnerId: asker.userId,
    listingId,
    viaExtension: asker.extension,
    sessionId: asker.sessionId,
    triesKey: wrongAnswersKey(asker.userId, listingId),
    triesSince: new Date(now.getTime() - (tries?.windowMs ?? 0)),
  };
}

const p = (name: string) => sql.placeholder(name);

/** The asker's offers of the listing, in the table of that name, newest first. */
const askersOffers = (o: string) => {
  const col = (c: string) => sql.raw(`${o}.${c}`);
  return sql`${col('earner_id')} = ${p('earnerId')}::int and ${col('listing_id')} = ${p('listingId')}::int
    and ${col('via_extension')} = ${p('viaExtension')}::boolean
    and (not ${p('viaExtension')}::boolean or ${col('session_id')} = ${p('sessionId')}::int)`;
};

const latestOfferFields = {
  offer: offers,
  listing: listings,
  actionId: actions.id,
  actionPoints: actions.points,
  facts: sql<Record<string, number> | null>`case when ${sql.raw('"listings"."type"')} = 'imdb-view' then (
    select json_object_agg(f.question, f.value) from ${imdbFacts} f
    where f.page_code = ${sql.raw('"listings"."external_id"')}) end`,
  wrongTries: rateCountSince(p('triesKey'), p('triesSince')),
};

const latestOfferQuery = preparedOnce((db) =>
  db
    .select(latestOfferFields)
    .from(offers)
    .innerJoin(listings, eq(listings.id, offers.listingId))
    .leftJoin(actions, eq(actions.offerId, offers.id))
    .where(askersOffers('"offers"'))
    .orderBy(desc(offers.offeredAt), desc(offers.id))
    .limit(1)
    .prepare('latest_offer'),
);

const latestOfferLockedQuery = selectOnce('latest_offer_locked', (db) => {
  // The earner and, when the owner pays (the newest offer is not sponsored), the owner, in id order.
  const locked = db.$with('locked', { id: sql<number>`id` }).as(
    sql`select u.id from ${users} u
      where u.id = ${p('earnerId')}::int
         or u.id = (select case when lo.sponsored then null else ll.user_id end
                    from ${offers} lo join ${listings} ll on ll.id = lo.listing_id
                    where ${askersOffers('lo')}
                    order by lo.offered_at desc, lo.id desc limit 1)
      order by u.id for no key update of u`,
  );
  return db
    .with(locked)
    .select({ ...latestOfferFields, locked: sql<number>`(select count(*) from locked)`.mapWith(Number) })
    .from(offers)
    .innerJoin(listings, eq(listings.id, offers.listingId))
    .leftJoin(actions, eq(actions.offerId, offers.id))
    .where(askersOffers('"offers"'))
    .orderBy(desc(offers.offeredAt), desc(offers.id))
    .limit(1);
});

/** The offers of one fetch in one statement, its text built and planned once. */
const insertOffers = statement(
  'insert_offers',
  () => sql`insert into ${offers} (earner_id, listing_id, session_id, points, cost, bonus, pro_view, sponsored,
      exchange, via_extension, offered_at, expires_at)
    select ${sql.placeholder('earner')}::int, o.listing, ${sql.placeholder('session')}::int, o.points, o.cost,
      o.bonus, o.pro_view, o.sponsored, ${sql.placeholder('exchange')}::boolean,
      ${sql.placeholder('viaExtension')}::boolean, ${sql.placeholder('at')}::timestamptz,
      ${sql.placeholder('at')}::timestamptz + make_interval(secs => o.open_secs)
    from unnest(${sql.placeholder('listings')}::int[], ${sql.placeholder('points')}::int[],
      ${sql.placeholder('costs')}::int[], ${sql.placeholder('bonuses')}::int[], ${sql.placeholder('proViews')}::bool[],
      ${sql.placeholder('sponsored')}::bool[], ${sql.placeholder('windows')}::int[])
      as o(listing, points, cost, bonus, pro_view, sponsored, open_secs)`,
);

/**
 * The offers of one fetch (D5.1), written in one statement: one entry per listing in each array.
 * `exchange` marks the whole batch as IMDb view-for-view offers (D7.2, EX11), which pay nothing;
 * `viaExtension` as made to the Pro extension's session (PX5).
 */
export async function writeOffers(
  db: Db,
  batch: {
    earner: number;
    session: number;
    at: Date;
    exchange: boolean;
    viaExtension: boolean;
    listings: number[];
    points: number[];
    costs: number[];
    bonuses: number[];
    proViews: boolean[];
    sponsored: boolean[];
    windows: number[];
  },
): Promise<void> {
  await insertOffers(db, batch);
}

/** A wrong IMDb answer counted on an offer: the number checkIncorrectAnswer may settle (D5.3). */
export async function noteWrongAnswer(db: Db, offerId: number, answer: number) {
  await db.update(offers).set({ wrongAnswer: answer }).where(eq(offers.id, offerId));
}

/** Start pressed (D5.1): when the dwell clock started and when the offer now closes. */
export async function extendOffer(db: Db, offerId: number, times: { startedAt: Date; expiresAt: Date }) {
  await db.update(offers).set(times).where(eq(offers.id, offerId));
}
