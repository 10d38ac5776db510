import { and, desc, eq, gt, isNotNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { users } from '../members/members.tables.js';
import { actions } from '../earn/earn.tables.js';
import { listings } from './listings.tables.js';
import type { PacificWeeks } from './listings.policy.js';

export type ListingRow = typeof listings.$inferSelect;

/** A listing with what My Listings shows beside it: the owner's balance and the action counts. */
export interface MyListingRow {
  listing: ListingRow;
  ownerPoints: number;
  featured: boolean;
  actedToday: number;
  actedThisWeek: number;
  actedLastWeek: number;
  /** Follows and likes checked on the platform in the window, and of those the ones found there. */
  checked: number;
  found: number;
}

/** Actions that still count: a reversed or invalid action was undone (D11.3). */
const COUNTED = sql`${actions.status} not in ('reversed', 'invalid')`;
/** An action checked against the platform (D5.6): found there, missing, or missing and reversed. */
const CHECKED = sql`${actions.status} in ('verified', 'missing', 'reversed')`;

/**
 * The owner's listings (not deleted), newest first, or one of them, with everything the panel shows,
 * in one query: the counts of this week, last week and today, and the checked follows and likes of
 * the last 30 days, come from one aggregate over the owner's actions since the earliest of those
 * bounds, read on actions_owner_created_idx (or actions_listing_created_idx for one listing).
 */
export async function myListingRows(db: Db, q: MyListingsAsk): Promise<MyListingRow[]> {
  const rows = await myListingRowsQuery(db, q);
  return rows.map((r) => ({ ...r, featured: Boolean(r.featured) }));
}

interface MyListingsAsk {
  ownerId: number;
  listingId?: number;
  weeks: PacificWeeks;
  checkedSince: Date;
}

/** The query of myListingRows, not yet run (its plan is checked by my-listings.test.ts). */
export function myListingRowsQuery(db: Db, q: MyListingsAsk) {
  const { weeks } = q;
  const since = weeks.since < q.checkedSince ? weeks.since : q.checkedSince;
  const counts = db
    .select({
      listingId: actions.listingId,
      today: sql<number>`count(*) filter (where ${actions.day} = ${weeks.today} and ${COUNTED})`
        .mapWith(Number)
        .as('acted_today'),
      thisWeek: sql<number>`count(*) filter (where ${actions.day} >= ${weeks.thisMonday} and ${COUNTED})`
        .mapWith(Number)
        .as('acted_this_week'),
      lastWeek:
        sql<number>`count(*) filter (where ${actions.day} >= ${weeks.lastMonday} and ${actions.day} < ${weeks.thisMonday} and ${COUNTED})`
          .mapWith(Number)
          .as('acted_last_week'),
      checked: sql<number>`count(*) filter (where ${actions.createdAt} >= ${q.checkedSince} and ${CHECKED})`
        .mapWith(Number)
        .as('checked'),
      found:
        sql<number>`count(*) filter (where ${actions.createdAt} >= ${q.checkedSince} and ${actions.status} = 'verified')`
          .mapWith(Number)
          .as('found'),
    })
    .from(actions)
    .where(
      and(
        eq(actions.ownerId, q.ownerId),
        q.listingId === undefined ? undefined : eq(actions.listingId, q.listingId),
        gt(actions.createdAt, since),
      ),
    )
    .groupBy(actions.listingId)
    .as('counts');

  return db
    .select({
      listing: listings,
      ownerPoints: users.points,
      featured: sql<boolean>`coalesce(${users.featuredOn} = ${weeks.today}, false)`,
      actedToday: sql<number>`coalesce(${counts.today}, 0)`.mapWith(Number),
      actedThisWeek: sql<number>`coalesce(${counts.thisWeek}, 0)`.mapWith(Number),
      actedLastWeek: sql<number>`coalesce(${counts.lastWeek}, 0)`.mapWith(Number),
      checked: sql<number>`coalesce(${counts.checked}, 0)`.mapWith(Number),
      found: sql<number>`coalesce(${counts.found}, 0)`.mapWith(Number),
    })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.userId))
    .leftJoin(counts, eq(counts.listingId, listings.id))
    .where(
      and(
        eq(listings.userId, q.ownerId),
        ne(listings.status, 'deleted'),
        q.listingId === undefined ? undefined : eq(listings.id, q.listingId),
      ),
    )
    .orderBy(desc(listings.createdAt), desc(listings.id));
}

/** A listing by id, deleted ones aside. */
export async function findListing(db: Db, id: number): Promise<ListingRow | null> {
  const [row] = await db
    .select()
    .from(listings)
    .where(and(eq(listings.id, id), ne(listings.status, 'deleted')))
    .limit(1);
  return row ?? null;
}

/** Stores a new listing (Add Listing); answers its id. */
export async function insertListing(tx: Db, values: typeof listings.$inferInsert): Promise<number> {
  const [row] = await tx.insert(listings).values(values).returning({ id: listings.id });
  return (row as { id: number }).id;
}

/** Changes a listing's settings (My Listings) or its name (updateListing). */
export async function setListing(db: Db, id: number, changes: Partial<typeof listings.$inferInsert>) {
  await db.update(listings).set(changes).where(eq(listings.id, id));
}

/**
 * D14.2, docs/domain.md MR9: a member who becomes managed gives 0 points on every listing; a change
 * waiting to apply is dropped. Offers already made keep the points they promised (D5.1).
 */
export async function zeroMemberListings(tx: Db, userId: number) {
  await tx
    .update(listings)
    .set({ give: 0, changingTo: null, changeAt: null })
    .where(
      and(
        eq(listings.userId, userId),
        ne(listings.status, 'deleted'),
        or(ne(listings.give, 0), sql`${listings.changingTo} is not null`),
      ),
    );
}

/** The member's listings (not deleted) of one type, or of one page of that type. */
export async function sameTypeListings(db: Db, ownerId: number, type: string) {
  return db
    .select({ id: listings.id, externalId: listings.externalId })
    .from(listings)
    .where(and(eq(listings.userId, ownerId), eq(listings.type, type), ne(listings.status, 'deleted')));
}

/** Locks the member's row for the rest of the transaction, so two adds of one member queue. */
export async function lockMember(tx: Db, memberId: number) {
  await tx.execute(sql`select 1 from ${users} where ${users.id} = ${memberId} for update`);
}

/**
 * D6.2: every point change that is due takes effect (the listing is offered again at its new
 * points). Idempotent, so any number of servers may run it at once; `ownerId` limits it to one
 * member's listings (My Listings applies the due changes it is about to show).
 */
export async function applyDuePointChanges(db: Db, now: Date, ownerId?: number): Promise<number> {
  const changed = await db
    .update(listings)
    .set({ give: sql`${listings.changingTo}`, changingTo: null, changeAt: null })
    .where(
      and(
        isNotNull(listings.changingTo),
        lte(listings.changeAt, now),
        ownerId === undefined ? undefined : eq(listings.userId, ownerId),
      ),
    )
    .returning({ id: listings.id });
  return changed.length;
}
