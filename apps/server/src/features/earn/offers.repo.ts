import { and, desc, eq, sql } from 'drizzle-orm';
import { preparedOnce, statement, type Db } from '../../platform/db/database.js';
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
  const [tries] = WRONG_ANSWERS_PER_OFFER;
  const [row] = await latestOfferQuery(db).execute({
    earnerId: asker.userId,
    listingId,
    viaExtension: asker.extension,
    sessionId: asker.sessionId,
    triesKey: wrongAnswersKey(asker.userId, listingId),
    triesSince: new Date(now.getTime() - (tries?.windowMs ?? 0)),
  });
  return row ?? null;
}

const latestOfferQuery = preparedOnce((db) =>
  db
    .select({
      offer: offers,
      listing: listings,
      actionId: actions.id,
      actionPoints: actions.points,
      facts: sql<Record<string, number> | null>`case when ${sql.raw('"listings"."type"')} = 'imdb-view' then (
        select json_object_agg(f.question, f.value) from ${imdbFacts} f
        where f.page_code = ${sql.raw('"listings"."external_id"')}) end`,
      wrongTries: rateCountSince(sql.placeholder('triesKey'), sql.placeholder('triesSince')),
    })
    .from(offers)
    .innerJoin(listings, eq(listings.id, offers.listingId))
    .leftJoin(actions, eq(actions.offerId, offers.id))
    .where(
      and(
        eq(offers.earnerId, sql.placeholder('earnerId')),
        eq(offers.listingId, sql.placeholder('listingId')),
        eq(offers.viaExtension, sql.placeholder('viaExtension')),
        sql`(not ${sql.placeholder('viaExtension')}::boolean or ${offers.sessionId} = ${sql.placeholder('sessionId')}::int)`,
      ),
    )
    .orderBy(desc(offers.offeredAt), desc(offers.id))
    .limit(1)
    .prepare('latest_offer'),
);

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
