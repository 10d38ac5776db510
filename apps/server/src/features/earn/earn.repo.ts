import { and, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { earn } from '@marquee/contract';
import type { Db } from '../../platform/db/database.js';
import { DAY_MS } from '../../platform/time.js';
import { blocks, users } from '../members/members.tables.js';
import { listings } from '../listings/listings.tables.js';
import { managedSetups } from '../managed/managed.tables.js';
import { actions, hiddenListings } from './earn.tables.js';
import { fastCandidates } from './tab-pick.repo.js';

type ListingType = earn.ListingType;

/** Actions that still count: a reversed or invalid action frees the listing again (D4.4). */
export const LAPSED = ['reversed', 'invalid'];

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

/** A listing that may be offered (D4), with what the rate limit (D4.5) and the offer need. */
export interface CandidateRow {
  id: number;
  userId: number;
  type: string;
  platform: string;
  name: string;
  url: string;
  externalId: string;
  give: number;
  rlSelection: number;
  distributed: number;
  allowProViews: boolean;
  imdbType: string | null;
  testCat: string | null;
  nmCode: string | null;
  first: string;
  last: string;
  avatar: string | null;
  ownerPoints: number;
  sponsoredLeft: boolean;
  featured: boolean;
  actedToday: number;
}

/**
 * Listings that pass D4.1-D4.4 and D4.6 for an earner, in the D4 order, with what the rate limit
 * (D4.5) and the offer need. One query: no per-listing round trips.
 *
 * A platform tab (one type, any owner) reads the first rows of the D4 order without sorting every
 * candidate (fastCandidates); a profile list (one owner) is small and is sorted whole.
 */
export async function findCandidates(db: Db, q: CandidateQuery): Promise<CandidateRow[]> {
  const [type] = q.types;
  if (q.ownerId === undefined && q.types.length === 1 && type) return fastCandidates(db, q, type);
  return sortedCandidates(db, q);
}

/** Every candidate sorted in the D4 order: for one owner's listings (the profile earn list). */
async function sortedCandidates(db: Db, q: CandidateQuery): Promise<CandidateRow[]> {
  const weekAgo = new Date(q.now.getTime() - 7 * DAY_MS);
  const sponsoredLeft = listings.sponsorLeft;
  const featured = sql<boolean>`coalesce(${users.featuredOn} = ${q.today}, false)`;
  const actedToday =
    sql<number>`case when ${listings.actedOn} = ${q.today} then ${listings.actedCount} else 0 end`.mapWith(
      Number,
    );
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
      // Pro views need the owner to be premium or pro now (spec 2 §5), whatever the listing's switch says.
      allowProViews: sql<boolean>`(${listings.allowProViews} and greatest(${users.premiumExpires}, ${users.proExpires}) > ${q.now})`,
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
    .where(
      and(
        inArray(listings.type, q.types),
        eq(listings.status, 'active'),
        eq(users.status, 'active'),
        ne(listings.userId, q.earnerId),
        q.ownerId === undefined ? undefined : eq(listings.userId, q.ownerId),
        // D4.2: points above 0 and no point change pending; a managed member's IMDb listing, at 0
        // points (D14.2), for its sponsored views (docs/domain.md MR6, MR12).
        sql`(${listings.give} > 0 or (${listings.type} = 'imdb-view' and ${sponsoredLeft}
              and ${listings.userId} in (select ${managedSetups.userId} from ${managedSetups})))`,
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

/** A member's active listings of one type (what linking an account would add to their profile list). */
export async function countActiveListings(db: Db, ownerId: number, type: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(listings)
    .where(and(eq(listings.userId, ownerId), eq(listings.type, type), eq(listings.status, 'active')));
  return row?.n ?? 0;
}

/** Whether a listing is active (it may be hidden from an earner). */
export async function isActiveListing(db: Db, listingId: number): Promise<boolean> {
  const [listing] = await db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.id, listingId), eq(listings.status, 'active')))
    .limit(1);
  return Boolean(listing);
}

/** Hides a listing from the earner for the rest of this login (D4.6). */
export async function hideForSession(db: Db, sessionId: number, listingId: number) {
  await db.insert(hiddenListings).values({ sessionId, listingId }).onConflictDoNothing();
}

/** IMDbPro views on or off for a member (spec 1 §6). */
export async function setShowMePro(db: Db, userId: number, showMePro: boolean) {
  await db.update(users).set({ showMePro }).where(eq(users.id, userId));
}
