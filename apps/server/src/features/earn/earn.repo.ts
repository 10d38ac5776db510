import {
  and,
  count,
  countDistinct,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  ne,
  notInArray,
  sql,
} from 'drizzle-orm';
import type { earn } from '@marquee/contract';
import type { Db } from '../../platform/db/database.js';
import { DAY_MS } from '../../platform/time.js';
import { blocks, users } from '../members/members.tables.js';
import { listings } from '../listings/listings.tables.js';
import { actions, answerMisses, hiddenListings, imdbFacts, listingDays, offers } from './earn.tables.js';

type ListingType = earn.ListingType;

/** Actions that still count: a reversed or invalid action frees the listing again (D4.4). */
const LAPSED = ['reversed', 'invalid'];

export interface CandidateQuery {
  earnerId: number;
  sessionId: number;
  types: ListingType[];
  /** Only this owner's listings (the profile earn list). */
  ownerId?: number;
  today: string;
  now: Date;
  /** Rows to read; the caller applies the rate limits and keeps maxItems. */
  limit: number;
}

/**
 * Listings that pass D4.1-D4.4 and D4.6 for an earner, in the D4 order, with what the rate limit
 * (D4.5) and the offer need. One query: no per-listing round trips.
 */
export async function findCandidates(db: Db, q: CandidateQuery) {
  const weekAgo = new Date(q.now.getTime() - 7 * DAY_MS);
  const sponsoredLeft = sql<boolean>`(${listings.sponsorUsed} < ${listings.sponsorBought} and not ${listings.sponsorPaused})`;
  const featured = sql<boolean>`coalesce(${users.featuredOn} = ${q.today}, false)`;
  const actedToday = sql<number>`coalesce(${listingDays.actions}, 0)`.mapWith(Number);
  return db
    .select({
      id: listings.id,
      userId: listings.userId,
      type: listings.type,
      platform: listings.platform,
      name: listings.name,
      url: listings.url,
      externalId: listings.externalId,
      give: listings.give,
      rlSelection: listings.rlSelection,
      distributed: listings.distributed,
      allowProViews: listings.allowProViews,
      imdbType: listings.imdbType,
      testCat: listings.testCat,
      nmCode: listings.nmCode,
      first: users.first,
      last: users.last,
      avatar: users.defaultPic,
      ownerPoints: users.points,
      sponsoredLeft,
      featured,
      actedToday,
    })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.userId))
    .leftJoin(listingDays, and(eq(listingDays.listingId, listings.id), eq(listingDays.day, q.today)))
    .where(
      and(
        inArray(listings.type, q.types),
        eq(listings.status, 'active'),
        eq(users.status, 'active'),
        ne(listings.userId, q.earnerId),
        q.ownerId === undefined ? undefined : eq(listings.userId, q.ownerId),
        // D4.2: points above 0 and no point change pending.
        gt(listings.give, 0),
        isNull(listings.changingTo),
        // D4.3: the owner can pay, or sponsored actions are left.
        sql`(${users.points} >= ${listings.give} or ${sponsoredLeft})`,
        // D4.1: neither has blocked the other.
        sql`not exists (select 1 from ${blocks} where (${blocks.blockerId} = ${q.earnerId} and ${blocks.blockedId} = ${listings.userId})
              or (${blocks.blockerId} = ${listings.userId} and ${blocks.blockedId} = ${q.earnerId}))`,
        // D4.6: not hidden during this login.
        sql`not exists (select 1 from ${hiddenListings} where ${hiddenListings.sessionId} = ${q.sessionId}
              and ${hiddenListings.listingId} = ${listings.id})`,
        // D4.4: not acted on within the repeat window.
        sql`not exists (select 1 from ${actions} where ${actions.earnerId} = ${q.earnerId}
              and ${actions.listingId} = ${listings.id}
              and ${actions.status} not in ('reversed', 'invalid')
              and (${listings.type} in ('twitter-follow', 'facebook-like')
                or (${listings.type} = 'imdb-view' and ${actions.day} = ${q.today})
                or (${listings.type} = 'youtube-view' and ${actions.createdAt} > ${weekAgo})))`,
      ),
    )
    .orderBy(desc(sponsoredLeft), desc(featured), desc(listings.give), actedToday, sql`random()`)
    .limit(q.limit);
}

export type CandidateRow = Awaited<ReturnType<typeof findCandidates>>[number];

/** Whether an earlier action of this earner on this listing still falls in its repeat window (D4.4). */
export async function actedWithinWindow(
  db: Db,
  earnerId: number,
  listing: { id: number; type: string },
  today: string,
  now: Date,
): Promise<boolean> {
  const window =
    listing.type === 'imdb-view'
      ? eq(actions.day, today)
      : listing.type === 'youtube-view'
        ? gt(actions.createdAt, new Date(now.getTime() - 7 * DAY_MS))
        : undefined;
  const [row] = await db
    .select({ id: actions.id })
    .from(actions)
    .where(
      and(
        eq(actions.earnerId, earnerId),
        eq(actions.listingId, listing.id),
        notInArray(actions.status, LAPSED),
        window,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The newest offer of a listing to an earner, open or not, with its action if it was credited. */
export async function latestOffer(db: Db, earnerId: number, listingId: number) {
  const [row] = await db
    .select({ offer: offers, actionId: actions.id, actionPoints: actions.points })
    .from(offers)
    .leftJoin(actions, eq(actions.offerId, offers.id))
    .where(and(eq(offers.earnerId, earnerId), eq(offers.listingId, listingId)))
    .orderBy(desc(offers.offeredAt), desc(offers.id))
    .limit(1);
  return row ?? null;
}

/** Credits by an earner since an instant (D11.1 speed limit). */
export async function creditsSince(db: Db, earnerId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(actions)
    .where(and(eq(actions.earnerId, earnerId), gte(actions.createdAt, since)));
  return row?.n ?? 0;
}

export async function imdbFact(db: Db, pageCode: string, question: string) {
  const [row] = await db
    .select()
    .from(imdbFacts)
    .where(and(eq(imdbFacts.pageCode, pageCode), eq(imdbFacts.question, question)))
    .limit(1);
  return row ?? null;
}

/** Other members who gave this same wrong number since the fact was last confirmed (D5.3). */
export async function othersWithSameAnswer(
  db: Db,
  q: { listingId: number; question: string; answer: number; earnerId: number; since: Date },
): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(answerMisses.earnerId) })
    .from(answerMisses)
    .where(
      and(
        eq(answerMisses.listingId, q.listingId),
        eq(answerMisses.question, q.question),
        eq(answerMisses.answer, q.answer),
        ne(answerMisses.earnerId, q.earnerId),
        gte(answerMisses.createdAt, q.since),
      ),
    );
  return row?.n ?? 0;
}

export async function missesSince(db: Db, where: { earnerId?: number; listingId?: number }, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(answerMisses)
    .where(
      and(
        where.earnerId === undefined ? undefined : eq(answerMisses.earnerId, where.earnerId),
        where.listingId === undefined ? undefined : eq(answerMisses.listingId, where.listingId),
        gte(answerMisses.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

/** Whether somebody answered this listing's normal question correctly since an instant (D5.3 `confirmed`). */
export async function correctAnswerSince(db: Db, listingId: number, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: actions.id })
    .from(actions)
    .where(
      and(
        eq(actions.listingId, listingId),
        eq(actions.proView, false),
        notInArray(actions.status, LAPSED),
        gte(actions.createdAt, since),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** A member's active listings of one type (what linking an account would add to their profile list). */
export async function countActiveListings(db: Db, ownerId: number, type: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(listings)
    .where(and(eq(listings.userId, ownerId), eq(listings.type, type), eq(listings.status, 'active')));
  return row?.n ?? 0;
}
