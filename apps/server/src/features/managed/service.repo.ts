import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db/database.js';
import { users } from '../members/members.tables.js';
import { listings } from '../listings/listings.tables.js';
import { subscriptions } from '../membership/membership.tables.js';
import { managedSetups, managedWeeks } from './managed.tables.js';

/**
 * The queries of the weekly service (MR6, MR7): who is due a week, the week's row, the member's
 * listing of the set-up page and its sponsored views, and the STARmeter of the weeks that ended.
 */

/** A member due this week's views, with what sizing them needs (MR6, MR8). */
export interface DueMember {
  userId: number;
  nmCode: string;
  /** The subscription's tier; null for a subscription staff gave without one. */
  tier: number | null;
  /** The tier set up by staff (MR2). */
  setupSelection: number;
  /** The page's last four ranks when set up, newest first (MR2). */
  setupRanks: (number | null)[];
}

/**
 * Active members with an active managed subscription (level managed, not ended, paid through a time
 * still to come: D2.3, D14.3) and a setup (MR2), who have no row for the week ending `weekEnding`.
 * Few: Managed Rank is by invitation.
 */
export async function dueMembers(db: Db, q: { now: Date; weekEnding: string }): Promise<DueMember[]> {
  const rows = await rowsOf<{
    userId: number;
    nmCode: string;
    tier: number | null;
    setupSelection: number;
    rank1: number | null;
    rank2: number | null;
    rank3: number | null;
    rank4: number | null;
  }>(
    db,
    sql`select m.user_id as "userId", m.nm_code as "nmCode", s.tier, m.selection as "setupSelection",
        m.rank1, m.rank2, m.rank3, m.rank4
      from ${managedSetups} m
      join ${users} u on u.id = m.user_id
      cross join lateral (
        select s.tier from ${subscriptions} s
        where s.user_id = m.user_id and s.level = 'managed' and s.status <> 'ended'
          and s.current_period_end > ${q.now}
        order by s.current_period_end desc limit 1
      ) s
      where u.status = 'active'
        and not exists (select 1 from ${managedWeeks} w
                        where w.user_id = m.user_id and w.week_ending = ${q.weekEnding}::date)
      order by m.user_id`,
  );
  return rows.map((r) => ({
    userId: Number(r.userId),
    nmCode: r.nmCode,
    tier: r.tier === null ? null : Number(r.tier),
    setupSelection: Number(r.setupSelection),
    setupRanks: [r.rank1, r.rank2, r.rank3, r.rank4],
  }));
}

/** The member's weeks before the week ending `weekEnding`, newest first: their ranks and views (MR8). */
export async function weeksBefore(db: Db, userId: number, weekEnding: string, limit: number) {
  return db
    .select({ rank: managedWeeks.rank, views: managedWeeks.viewsGranted })
    .from(managedWeeks)
    .where(and(eq(managedWeeks.userId, userId), lt(managedWeeks.weekEnding, weekEnding)))
    .orderBy(desc(managedWeeks.weekEnding))
    .limit(limit);
}

/**
 * The week's row (MR6), written first: its primary key (member, week) makes a second run, on this
 * server or another, a no-op. Answers whether it was written now.
 */
export async function insertWeek(db: Db, values: typeof managedWeeks.$inferInsert): Promise<boolean> {
  const [row] = await db
    .insert(managedWeeks)
    .values(values)
    .onConflictDoNothing()
    .returning({ userId: managedWeeks.userId });
  return Boolean(row);
}

export async function setWeekListing(db: Db, userId: number, weekEnding: string, listingId: number) {
  await db
    .update(managedWeeks)
    .set({ listingId })
    .where(and(eq(managedWeeks.userId, userId), eq(managedWeeks.weekEnding, weekEnding)));
}

/**
 * The member's row, locked against Add Listing's lock (FOR UPDATE), so the page is never listed
 * twice; FOR NO KEY UPDATE, as credits lock members, so a credit writing an action that names the
 * member (its foreign key) is not held up.
 */
export async function lockMember(tx: Db, userId: number) {
  await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for no key update`);
}

/**
 * The member's IMDb listing of the page, the oldest if there are two (another category), leaving
 * out deleted and invalid ones (gone for good).
 */
export async function findPageListing(db: Db, userId: number, nmCode: string) {
  const [row] = await db
    .select({ id: listings.id })
    .from(listings)
    .where(
      and(
        eq(listings.userId, userId),
        eq(listings.type, 'imdb-view'),
        eq(listings.externalId, nmCode),
        sql`${listings.status} not in ('deleted', 'invalid')`,
      ),
    )
    .orderBy(listings.id)
    .limit(1);
  return row ?? null;
}

export async function insertPageListing(db: Db, values: typeof listings.$inferInsert): Promise<number> {
  const [row] = await db.insert(listings).values(values).returning({ id: listings.id });
  return (row as { id: number }).id;
}

/**
 * The point setting 0 of a managed member's listing (D14.2, MR9): a listing they had before keeps
 * no other points, nor a change waiting to apply.
 */
export async function holdAtZero(db: Db, listingId: number) {
  await db
    .update(listings)
    .set({ give: 0, changingTo: null, changeAt: null })
    .where(
      and(eq(listings.id, listingId), sql`(${listings.give} <> 0 or ${listings.changingTo} is not null)`),
    );
}

/**
 * Adds sponsored views to the listing (D6.4), as a granted purchase does: to what it still has, a
 * negative sponsor_bought from the old site counting as its absolute value and views used beyond
 * what was bought not taken from these.
 */
export async function addSponsoredViews(db: Db, listingId: number, views: number) {
  await db
    .update(listings)
    .set({ sponsorBought: sql`greatest(abs(${listings.sponsorBought}), ${listings.sponsorUsed}) + ${views}` })
    .where(eq(listings.id, listingId));
}

/**
 * Weeks that have ended (their Sunday before `today`) but not before `since`, whose STARmeter is
 * not read yet (MR7), with the set-up page; along managed_weeks_unread_idx.
 */
export async function unreadWeeks(db: Db, q: { since: string; today: string }) {
  const rows = await rowsOf<{ userId: number; weekEnding: string; nmCode: string }>(
    db,
    sql`select w.user_id as "userId", w.week_ending::text as "weekEnding", m.nm_code as "nmCode"
      from ${managedWeeks} w join ${managedSetups} m on m.user_id = w.user_id
      where w.rank is null and w.week_ending >= ${q.since}::date and w.week_ending < ${q.today}::date
      order by w.week_ending, w.user_id`,
  );
  return rows.map((r) => ({ ...r, userId: Number(r.userId) }));
}

/** Keeps a week's STARmeter (MR7); a rank already read stays. Answers whether it was kept now. */
export async function storeRank(db: Db, q: { userId: number; weekEnding: string; rank: number; at: Date }) {
  const rows = await db
    .update(managedWeeks)
    .set({ rank: q.rank, rankReadAt: q.at })
    .where(
      and(
        eq(managedWeeks.userId, q.userId),
        eq(managedWeeks.weekEnding, q.weekEnding),
        isNull(managedWeeks.rank),
      ),
    )
    .returning({ userId: managedWeeks.userId });
  return rows.length > 0;
}
