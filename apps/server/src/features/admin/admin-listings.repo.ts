import { and, asc, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db/database.js';
import { users } from '../members/members.tables.js';
import { listings } from '../listings/listings.tables.js';
import { answerMisses, imdbFacts } from '../earn/earn.tables.js';

/** The queries of the admin console's listings (docs/domain.md AL1-AL7). */

export type ListingRow = typeof listings.$inferSelect;

/** A member's listings, deleted ones left out, newest first, with the owner's balance (the automatic limit). */
export async function listingsOfMember(db: Db, userId: number) {
  return db
    .select({ listing: listings, ownerPoints: users.points })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.userId))
    .where(and(eq(listings.userId, userId), ne(listings.status, 'deleted')))
    .orderBy(desc(listings.id));
}

export async function listingWithOwnerPoints(db: Db, id: number) {
  const [row] = await db
    .select({ listing: listings, ownerPoints: users.points, ownerStatus: users.status })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.userId))
    .where(eq(listings.id, id))
    .limit(1);
  return row ?? null;
}

export async function lockListing(tx: Db, id: number) {
  const [row] = await tx.select().from(listings).where(eq(listings.id, id)).for('update');
  return row ?? null;
}

export async function setListingColumns(tx: Db, id: number, set: Partial<typeof listings.$inferInsert>) {
  await tx.update(listings).set(set).where(eq(listings.id, id));
}

/** Actions on each listing this week and last week (Pacific, Monday to Sunday), read along actions_listing_created_idx. */
export async function weeklyActions(db: Db, ids: number[], thisMonday: Date, lastMonday: Date) {
  if (ids.length === 0) return new Map<number, { thisWeek: number; lastWeek: number }>();
  const rows = await rowsOf<{ listingId: number; thisWeek: number; lastWeek: number }>(
    db,
    sql`select listing_id as "listingId",
               count(*) filter (where created_at >= ${thisMonday})::int as "thisWeek",
               count(*) filter (where created_at < ${thisMonday})::int as "lastWeek"
        from actions
        where listing_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) and created_at >= ${lastMonday}
        group by listing_id`,
  );
  return new Map(rows.map((r) => [r.listingId, r]));
}

/** The stored answers of these IMDb pages' questions (D5.2). */
export async function storedFacts(db: Db, keys: { pageCode: string; question: string }[]) {
  if (keys.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ pageCode: imdbFacts.pageCode, question: imdbFacts.question, value: imdbFacts.value })
    .from(imdbFacts)
    .where(
      inArray(
        sql`(${imdbFacts.pageCode}, ${imdbFacts.question})`,
        keys.map((k) => sql`(${k.pageCode}, ${k.question})`),
      ),
    );
  return new Map(rows.map((r) => [`${r.pageCode}|${r.question}`, r.value]));
}

/** An admin sets a page's answer (D5.4): it is the stored fact from now on. */
export async function setAdminFact(
  tx: Db,
  fact: { pageCode: string; question: string; value: number; at: Date },
) {
  await tx
    .insert(imdbFacts)
    .values({ ...fact, source: 'admin', confirmedAt: fact.at })
    .onConflictDoUpdate({
      target: [imdbFacts.pageCode, imdbFacts.question],
      set: { value: fact.value, source: 'admin', confirmedAt: fact.at },
    });
}

/** IMDb views the member's listings received per Pacific week since `from` (a Monday), along actions_owner_created_idx. */
export async function viewsPerWeek(db: Db, ownerId: number, from: Date) {
  return rowsOf<{ weekEnding: string; views: number }>(
    db,
    sql`select (day + (7 - extract(isodow from day))::int)::text as "weekEnding", count(*)::int as views
        from actions
        where owner_id = ${ownerId} and created_at >= ${from} and type = 'imdb-view'
        group by 1`,
  );
}

/**
 * What makes a listing wait for staff (AL4, AL5): only IMDb listings are disabled by misses (D5.3).
 * Written as literals, not parameters, so that every plan can read listings_staff_idx, whose
 * predicate (status in 'disabled', 'pending') the planner must prove from them.
 */
const waitingFor = (reason: 'credit_update' | 'page_review') =>
  reason === 'credit_update'
    ? sql`${listings.statusReason} = 'credit_update' and ${listings.status} = 'disabled'
          and ${listings.type} = 'imdb-view' and ${users.status} = 'active'`
    : sql`${listings.statusReason} = 'page_review' and ${listings.status} = 'pending' and ${users.status} = 'active'`;

/**
 * Listings waiting for staff, oldest first: disabled for a credit update, or a Facebook page to review
 * (listings_staff_idx). The query, not yet run, so its plan can be checked.
 */
export function listingsWaiting(db: Db, reason: 'credit_update' | 'page_review', limit: number) {
  return db
    .select({ listing: listings, first: users.first, last: users.last })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.userId))
    .where(waitingFor(reason))
    .orderBy(asc(listings.id))
    .limit(limit);
}

export async function countWaiting(db: Db, reason: 'credit_update' | 'page_review') {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.userId))
    .where(waitingFor(reason));
  return row?.n ?? 0;
}

/** The wrong answers given to these listings since an instant, by listing and answer, most given first (AL4). */
export async function missedAnswers(db: Db, ids: number[], since: Date) {
  if (ids.length === 0) return [];
  return db
    .select({
      listingId: answerMisses.listingId,
      answer: answerMisses.answer,
      count: sql<number>`count(*)::int`,
      last: sql<Date>`max(${answerMisses.createdAt})`.mapWith(answerMisses.createdAt),
    })
    .from(answerMisses)
    .where(and(inArray(answerMisses.listingId, ids), gte(answerMisses.createdAt, since)))
    .groupBy(answerMisses.listingId, answerMisses.answer)
    .orderBy(desc(sql`count(*)`), desc(sql`max(${answerMisses.createdAt})`), asc(answerMisses.answer));
}
