import { and, eq, sql } from 'drizzle-orm';
import { executePrepared, type Db } from '../../platform/db/database.js';
import { DAY_MS } from '../../platform/time.js';
import { users } from '../members/members.tables.js';
import { listings } from '../listings/listings.tables.js';
import { dailyActions } from '../points/points.tables.js';
import { memberDayFields, memberDayJoin, toMemberWithDay } from '../points/index.js';
import { paymentWrites, type Payment } from '../points/index.js';
import { actions, answerMisses, offers } from './earn.tables.js';
import { LAPSED } from './earn.repo.js';
import { imdbExchangeListings } from '../exchange/exchange.tables.js';

/** The queries of a credit (credit.service.ts, D5.7). */

export type Offer = typeof offers.$inferSelect;
export type Listing = typeof listings.$inferSelect;

/**
 * Locks the member accounts a credit touches, in id order: the earner and, when the owner pays
 * (the offer is the earner's and not sponsored), the listing's owner. The lock is FOR NO KEY UPDATE:
 * it keeps two credits of one member apart, yet does not block the key-share lock that writing an
 * action takes on its owner's row (its foreign key), so two members crediting sponsored actions or
 * view-for-view views (EX12) on each other's listings at once cannot deadlock.
 */
export async function lockCreditAccounts(tx: Db, earnerId: number, offerId: number): Promise<void> {
  await executePrepared(
    tx,
    'credit_lock',
    sql`select u.id from ${users} u
      where u.id = ${earnerId}
         or u.id = (select l.user_id from ${offers} o join ${listings} l on l.id = o.listing_id
                    where o.id = ${offerId} and o.earner_id = ${earnerId} and not o.sponsored)
      order by u.id for no key update of u`,
  );
}

/**
 * What a credit checks, read in one query once the accounts are locked (D3.2): the offer (the
 * earner's own), its listing and action if already credited, whether they were already credited on
 * the listing within its repeat window
 * (imdb: the Pacific day, youtube: 7 days, follows and likes: ever; lapsed actions do not count,
 * D4.4), and the earner with their membership and today's actions (D6.3). An offer a wrong answer
 * settled is not found (D5.3).
 */
export async function creditState(
  db: Db,
  q: { earnerId: number; offerId: number; today: string; now: Date; qualifyingDays: number },
) {
  const weekAgo = new Date(q.now.getTime() - 7 * DAY_MS);
  const col = (c: string) => sql.raw(c);
  const [row] = await db
    .select({
      offer: offers,
      listing: listings,
      actionId: actions.id,
      actionPoints: actions.points,
      actedInWindow: sql<boolean>`exists (select 1 from ${actions} w
        where w.earner_id = ${q.earnerId} and w.listing_id = ${col('"offers"."listing_id"')}
          and w.status not in (${sql.join(
            LAPSED.map((l) => sql`${l}`),
            sql`, `,
          )})
          and case ${col('"listings"."type"')}
                when 'imdb-view' then w.day = ${q.today}::date
                when 'youtube-view' then w.created_at > ${weekAgo}
                else true end)`,
      // EX11: a view-for-view view needs the viewer's own page on the exchange, now.
      exchangeListed: sql<boolean>`exists (select 1 from ${imdbExchangeListings} x
        join ${listings} xl on xl.id = x.listing_id
        where x.user_id = ${q.earnerId} and x.allowed = 1 and xl.user_id = ${q.earnerId}
          and xl.status = 'active' and xl.type = 'imdb-view')`,
      ...memberDayFields(q.now, q.qualifyingDays),
    })
    .from(offers)
    .innerJoin(listings, eq(listings.id, offers.listingId))
    .innerJoin(users, eq(users.id, offers.earnerId))
    .leftJoin(dailyActions, memberDayJoin(q.today))
    .leftJoin(actions, eq(actions.offerId, offers.id))
    .where(
      and(
        eq(offers.id, q.offerId),
        eq(offers.earnerId, q.earnerId),
        // An offer settled by a wrong answer is never credited as well (D5.3).
        sql`not exists (select 1 from ${answerMisses} m where m.offer_id = ${col('"offers"."id"')})`,
      ),
    )
    .limit(1)
    .prepare('credit_state')
    .execute();
  if (!row) return null;
  return {
    offer: row.offer,
    listing: row.listing,
    actionId: row.actionId,
    actionPoints: row.actionPoints,
    actedInWindow: Boolean(row.actedInWindow),
    exchangeListed: Boolean(row.exchangeListed),
    earner: toMemberWithDay(row),
  };
}

/**
 * Everything a credit writes, in one statement: the action (its unique offer id makes a concurrent
 * twin fail, D3.2), today's actions (D6.3), the listing's actions today (D4.5) and, for a sponsored
 * action, one fewer left (D6.4), and the payments (paymentWrites), whose ledger rows are written only
 * if every balance moved. `owed` is what each payer owed, for paymentFailure when not `paid`.
 * An exchange view (EX12) has no payments and leaves the listing's counters alone: the flag is a
 * parameter, so its statement differs from a paid one's only by having no ledger writes.
 */
export async function writeCredit(
  tx: Db,
  c: {
    offer: Offer;
    listing: Listing;
    earnerId: number;
    today: string;
    now: Date;
    raise: boolean;
    payments: Payment[];
  },
): Promise<{ paid: boolean; actionId: number; owed: Map<number, number> }> {
  const pay = c.payments.length
    ? paymentWrites(c.earnerId, c.payments, { refType: 'offer', refId: String(c.offer.id), at: c.now })
    : null;
  const ledger = pay
    ? sql`,
      ${pay.ctes}`
    : sql``;
  const [written] = await executePrepared<{ action_id: string | number; paid: boolean }>(
    tx,
    'credit_write',
    sql`with new_action as (
        insert into ${actions} (offer_id, earner_id, owner_id, listing_id, type, platform, points, cost,
                                bonus, sponsored, pro_view, exchange, via_extension, day, created_at)
        values (${c.offer.id}, ${c.earnerId}, ${c.listing.userId}, ${c.listing.id}, ${c.listing.type},
                ${c.listing.platform}, ${c.offer.points}, ${c.offer.cost}, ${c.offer.bonus}, ${c.offer.sponsored},
                ${c.offer.proView}, ${c.offer.exchange}::boolean, ${c.offer.viaExtension}::boolean,
                ${c.today}::date, ${c.now}::timestamptz)
        returning id),
      day_count as (
        insert into ${dailyActions} (user_id, day, actions, limit_raised)
        values (${c.earnerId}, ${c.today}::date, 1, ${c.raise})
        on conflict (user_id, day) do update
          set actions = ${dailyActions}.actions + 1,
              limit_raised = ${dailyActions}.limit_raised or excluded.limit_raised
),
      listing_counts as (
        update ${listings}
        set acted_count = case when acted_on = ${c.today}::date then acted_count + 1 else 1 end,
            acted_on = ${c.today}::date,
            sponsor_used = sponsor_used + ${c.offer.sponsored ? 1 : 0}
        where id = ${c.listing.id} and not ${c.offer.exchange}::boolean)${ledger}
      select (select id from new_action) as action_id, ${pay ? pay.paid : sql`true`} as paid`,
  );
  return { paid: Boolean(written?.paid), actionId: Number(written?.action_id), owed: pay?.owed ?? new Map() };
}

/** A followed or liked action after the platform was asked (D5.6): verified, or missing. */
export async function markActionChecked(db: Db, actionId: number, status: 'verified' | 'missing', at: Date) {
  await db.update(actions).set({ status, checkedAt: at }).where(eq(actions.id, actionId));
}
