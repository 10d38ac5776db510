import { and, eq, gte, notInArray, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db/database.js';
import { users } from '../members/members.tables.js';
import { listings } from '../listings/listings.tables.js';
import { actions } from '../earn/earn.tables.js';
import { purchases } from '../payments/payments.tables.js';
import { starmeterWeeks } from './pro.tables.js';

/** The chosen listing's id, or null for a value that is not one (it is then cleared as gone). */
const chosenId = sql.raw(`(case when u.pro_bonus ~ '^[0-9]{1,9}$' then u.pro_bonus::int end)`);

/** Actions that no longer count: reversed or invalid (D11.3). */
const LAPSED = ['reversed', 'invalid'];
/** A bonus title stays chosen through these states; deleted and invalid listings are gone for good. */
const GONE = ['deleted', 'invalid'];

/**
 * Whether the member `u` (a users alias) is pro at `now`, as D2.3 derives it: pro time left and no
 * managed subscription running (managed comes first).
 */
const isProSql = (
  now: Date,
) => sql`u.kind = 'member' and u.status = 'active' and coalesce(u.pro_expires > ${now}, false)
  and not exists (select 1 from subscriptions s where s.user_id = u.id and s.level = 'managed'
                  and s.status <> 'ended' and s.current_period_end > ${now})`;

export async function setMinimum(db: Db, userId: number, minimum: number) {
  await db.update(users).set({ proMinimum: minimum }).where(eq(users.id, userId));
}

export async function setBonus(db: Db, userId: number, listingId: number | null) {
  await db
    .update(users)
    .set({ proBonus: listingId === null ? null : String(listingId) })
    .where(eq(users.id, userId));
}

/**
 * The listings a member may choose as the bonus title: their active IMDb views, and the one already
 * chosen while it is not gone (a listing paused or waiting for an admin stays chosen).
 */
export async function bonusListings(db: Db, userId: number, chosen: number | null) {
  return db
    .select({ id: listings.id, name: listings.name, status: listings.status })
    .from(listings)
    .where(
      and(
        eq(listings.userId, userId),
        eq(listings.type, 'imdb-view'),
        chosen === null
          ? eq(listings.status, 'active')
          : sql`(${listings.status} = 'active' or (${listings.id} = ${chosen} and ${listings.status} not in ('deleted', 'invalid')))`,
      ),
    )
    .orderBy(listings.name, listings.id);
}

/** The IMDb views a member's listings received since an instant, by Pacific day (actions_owner_created_idx). */
export async function viewsByDay(db: Db, ownerId: number, since: Date) {
  return db
    .select({ day: actions.day, views: sql<number>`count(*)::int`.mapWith(Number) })
    .from(actions)
    .where(
      and(
        eq(actions.ownerId, ownerId),
        gte(actions.createdAt, since),
        eq(actions.type, 'imdb-view'),
        notInArray(actions.status, LAPSED),
      ),
    )
    .groupBy(actions.day);
}

/**
 * The weeks before `thisMonday`, newest first, back to the week of `joinedDay` and at most `weeks`:
 * the IMDb views received in each (read from `since`, the Pacific start of the oldest, on
 * actions_owner_created_idx) and the STARmeter rank stored at its end and at the end of the week
 * before. One query.
 */
export async function pastWeeks(
  db: Db,
  q: { ownerId: number; thisMonday: string; since: Date; until: Date; weeks: number; joinedDay: string },
) {
  return rowsOf<{ weekEnding: string; views: number; rank: number | null; previousRank: number | null }>(
    db,
    sql`with weeks as (
        select (${q.thisMonday}::date - 7 * g)::date as monday from generate_series(1, ${q.weeks}::int) g
      ), views as (
        select a.day - (extract(isodow from a.day)::int - 1) as monday, count(*)::int as n
        from ${actions} a
        where a.owner_id = ${q.ownerId} and a.created_at >= ${q.since} and a.created_at < ${q.until}
          and a.type = 'imdb-view' and a.status not in ('reversed', 'invalid')
        group by 1
      )
      select (w.monday + 6)::text as "weekEnding", coalesce(v.n, 0)::int as views,
        s.rank, p.rank as "previousRank"
      from weeks w
      left join views v on v.monday = w.monday
      left join ${starmeterWeeks} s on s.user_id = ${q.ownerId} and s.week_ending = w.monday + 6
      left join ${starmeterWeeks} p on p.user_id = ${q.ownerId} and p.week_ending = w.monday - 1
      where w.monday + 6 >= ${q.joinedDay}::date
      order by w.monday desc`,
  );
}

/**
 * Clears the bonus title of members who are no longer pro, or whose chosen listing is gone (deleted,
 * invalid, or not their IMDb view). Answers how many were cleared.
 */
export async function clearStaleBonuses(db: Db, now: Date): Promise<number> {
  const cleared = await rowsOf<{ id: number }>(
    db,
    sql`update users u set pro_bonus = null
      where u.pro_bonus is not null and not (
        ${isProSql(now)}
        and exists (select 1 from ${listings} l where l.id = ${chosenId} and l.user_id = u.id
                    and l.type = 'imdb-view' and l.status not in (${sql.join(
                      GONE.map((s) => sql`${s}`),
                      sql`, `,
                    )})))
      returning u.id`,
  );
  return cleared.length;
}

/** Pro members' chosen bonus titles that are active IMDb views, for the Monday top-up. */
export async function activeBonusTitles(db: Db, now: Date) {
  return rowsOf<{ userId: number; listingId: number }>(
    db,
    sql`select u.id as "userId", l.id as "listingId"
      from users u join ${listings} l on l.id = ${chosenId}
      where u.pro_bonus is not null and ${isProSql(now)}
        and l.user_id = u.id and l.type = 'imdb-view' and l.status = 'active'
      order by l.id`,
  );
}

/**
 * Records a Monday top-up as sponsored activity the house gives (provider 'house', kind
 * 'sponsored', $0, paid, the views in `quantity`), once per member and week: the unique provider
 * reference makes a second one a no-op. As sponsored IMDb views it counts toward sv_max (D6.4, the
 * house pays for them as it does for bought ones), and no provider's event can ever name it.
 * Answers whether it was recorded now.
 */
export async function recordBonusTopUp(
  db: Db,
  t: { userId: number; listingId: number; weekEnding: string; added: number; at: Date },
): Promise<boolean> {
  const [row] = await db
    .insert(purchases)
    .values({
      userId: t.userId,
      provider: 'house',
      kind: 'sponsored',
      months: 0,
      listingId: t.listingId,
      quantity: t.added,
      amountPennies: 0,
      status: 'paid',
      providerRef: bonusReference(t.userId, t.weekEnding),
      createdAt: t.at,
      paidAt: t.at,
    })
    .onConflictDoNothing()
    .returning({ id: purchases.id });
  return Boolean(row);
}

/** The provider reference of a member's bonus top-up for the week ending on a Sunday. */
export const bonusReference = (userId: number, weekEnding: string) => `pro-bonus:${userId}:${weekEnding}`;

/** A listing's sponsored counters, locked until the transaction ends (credits write them too). */
export async function lockSponsoredCounters(db: Db, listingId: number) {
  const [row] = await db
    .select({ bought: listings.sponsorBought, used: listings.sponsorUsed })
    .from(listings)
    .where(eq(listings.id, listingId))
    .for('update');
  return row ?? null;
}

export async function raiseSponsorBought(db: Db, listingId: number, added: number) {
  await db
    .update(listings)
    .set({ sponsorBought: sql`greatest(abs(${listings.sponsorBought}), ${listings.sponsorUsed}) + ${added}` })
    .where(eq(listings.id, listingId));
}

/**
 * Pro members and the IMDb person page whose STARmeter is read for them: their own IMDb URL when it
 * is a name page, else their first active IMDb person listing.
 */
export async function starmeterPages(db: Db, now: Date) {
  return rowsOf<{ userId: number; imdbUrl: string | null; listingUrl: string | null }>(
    db,
    sql`select u.id as "userId", u.imdb_url as "imdbUrl",
        (select l.url from ${listings} l where l.user_id = u.id and l.type = 'imdb-view'
           and l.status = 'active' and l.imdb_type = 'person' order by l.id limit 1) as "listingUrl"
      from users u
      where ${isProSql(now)}
      order by u.id`,
  );
}

export async function storeStarmeter(db: Db, userId: number, weekEnding: string, rank: number) {
  await db.insert(starmeterWeeks).values({ userId, weekEnding, rank }).onConflictDoNothing();
}
