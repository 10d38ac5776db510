import { and, eq, sql, type SQL } from 'drizzle-orm';
import { selectOnce, statement, type Db } from '../../platform/db/database.js';
import { rateTakeParts, takeOutcome } from '../../platform/rate-limit.js';
import { DAY_MS } from '../../platform/time.js';
import { users } from '../members/members.tables.js';
import { listings } from '../listings/listings.tables.js';
import { dailyActions } from '../points/points.tables.js';
import { memberDayFieldsAt, memberDayJoin, toMemberWithDay } from '../points/index.js';
import { paymentValues, paymentWrites, type Payment } from '../points/index.js';
import { actions, answerMisses, offers } from './earn.tables.js';
import { LAPSED } from './earn.repo.js';
import { CREDIT_SPEED_LIMIT, creditSpeedKey } from './earn.policy.js';
import { imdbExchangeListings } from '../exchange/exchange.tables.js';

/** The queries of a credit (credit.service.ts, D5.7). */

export type Offer = typeof offers.$inferSelect;
export type Listing = typeof listings.$inferSelect;

/**
 * What a credit checks, read in one statement once the accounts are locked (D3.2): the offer (the
 * earner's own), its listing and action if already credited, whether they were already credited on
 * the listing within its repeat window (imdb: the Pacific day, youtube: 7 days, follows and likes:
 * ever; lapsed actions do not count, D4.4), and the earner with their membership and today's actions
 * (D6.3). An offer a wrong answer settled is not found (D5.3). The same statement takes the speed
 * limit's event (D11.1, L2) unless the offer was already credited: the earner's row locked first
 * serialises every taker of that key, so it needs no lock of its own, and the event rolls back with a
 * credit refused after it. `speedTaken`/`speedRecent` read back as rateTakeParts says.
 */
export async function creditState(
  db: Db,
  q: { earnerId: number; offerId: number; today: string; now: Date; qualifyingDays: number },
) {
  const [row] = await creditStateQuery(db, {
    earnerId: q.earnerId,
    offerId: q.offerId,
    today: q.today,
    now: q.now,
    weekAgo: new Date(q.now.getTime() - 7 * DAY_MS),
    joinedBefore: new Date(q.now.getTime() - q.qualifyingDays * DAY_MS),
    speedKey: creditSpeedKey(q.earnerId),
  });
  if (!row) return null;
  return {
    offer: row.offer,
    listing: row.listing,
    actionId: row.actionId,
    actionPoints: row.actionPoints,
    actedInWindow: Boolean(row.actedInWindow),
    exchangeListed: Boolean(row.exchangeListed),
    earner: toMemberWithDay(row),
    speedRefusal:
      row.actionId === null ? takeOutcome(CREDIT_SPEED_LIMIT, row.speedTaken, row.speedRecent, q.now) : null,
  };
}

const creditStateQuery = selectOnce('credit_state', (db) => {
  const p = (name: string) => sql.placeholder(name);
  const col = (c: string) => sql.raw(c);
  const speed = rateTakeParts(
    p('speedKey'),
    CREDIT_SPEED_LIMIT,
    p('now'),
    sql`not exists (select 1 from ${actions} a where a.offer_id = ${p('offerId')}::int)`,
  );
  const speedRecent = db.$with('speed_recent', { at: sql<Date>`at` }).as(speed.recent);
  const speedTaken = db.$with('speed_taken', { n: sql<number>`1` }).as(speed.taken(sql.raw('speed_recent')));
  return db
    .with(speedRecent, speedTaken)
    .select({
      offer: offers,
      // What the write and the payments need of the listing.
      listing: { id: listings.id, userId: listings.userId, type: listings.type, platform: listings.platform },
      actionId: actions.id,
      actionPoints: actions.points,
      actedInWindow: sql<boolean>`exists (select 1 from ${actions} w
        where w.earner_id = ${p('earnerId')}::int and w.listing_id = ${col('"offers"."listing_id"')}
          and w.status not in (${sql.join(
            LAPSED.map((l) => sql`${l}`),
            sql`, `,
          )})
          and case ${col('"listings"."type"')}
                when 'imdb-view' then w.day = ${p('today')}::date
                when 'youtube-view' then w.created_at > ${p('weekAgo')}::timestamptz
                else true end)`,
      // EX11: a view-for-view view needs the viewer's own page on the exchange, now.
      exchangeListed: sql<boolean>`exists (select 1 from ${imdbExchangeListings} x
        join ${listings} xl on xl.id = x.listing_id
        where x.user_id = ${p('earnerId')}::int and x.allowed = 1 and xl.user_id = ${p('earnerId')}::int
          and xl.status = 'active' and xl.type = 'imdb-view')`,
      speedTaken: speed.takenCount(sql.raw('speed_taken')),
      speedRecent: speed.recentList(sql.raw('speed_recent')),
      ...memberDayFieldsAt(p('now'), p('joinedBefore')),
    })
    .from(offers)
    .innerJoin(listings, eq(listings.id, offers.listingId))
    .innerJoin(users, eq(users.id, offers.earnerId))
    .leftJoin(dailyActions, memberDayJoin(p('today')))
    .leftJoin(actions, eq(actions.offerId, offers.id))
    .where(
      and(
        eq(offers.id, p('offerId')),
        eq(offers.earnerId, p('earnerId')),
        // An offer settled by a wrong answer is never credited as well (D5.3).
        sql`not exists (select 1 from ${answerMisses} m where m.offer_id = ${col('"offers"."id"')})`,
      ),
    )
    .limit(1);
});

/**
 * Everything a credit writes, in one statement: the action (its unique offer id makes a concurrent
 * twin fail, D3.2), today's actions (D6.3), the listing's actions today (D4.5) and, for a sponsored
 * action, one fewer left (D6.4), and the payments (paymentWrites), whose ledger rows are written only
 * if every balance moved. `owed` is what each payer owed, for paymentFailure when not `paid`.
 * An exchange view (EX12) has no payments and leaves the listing's counters alone. Two texts, each
 * built and planned once: with the payments and without.
 */
export async function writeCredit(
  tx: Db,
  c: {
    offer: Offer;
    listing: Pick<Listing, 'id' | 'userId' | 'type' | 'platform'>;
    earnerId: number;
    today: string;
    now: Date;
    raise: boolean;
    payments: Payment[];
  },
): Promise<{ paid: boolean; actionId: number; owed: Map<number, number> }> {
  const pay = c.payments.length
    ? paymentValues(c.earnerId, c.payments, { refType: 'offer', refId: String(c.offer.id), at: c.now })
    : null;
  const values = {
    offerId: c.offer.id,
    earnerId: c.earnerId,
    ownerId: c.listing.userId,
    listingId: c.listing.id,
    type: c.listing.type,
    platform: c.listing.platform,
    points: c.offer.points,
    cost: c.offer.cost,
    bonus: c.offer.bonus,
    sponsored: c.offer.sponsored,
    proView: c.offer.proView,
    exchange: c.offer.exchange,
    viaExtension: c.offer.viaExtension,
    today: c.today,
    now: c.now,
    raise: c.raise,
    ...pay?.values,
  };
  const [written] = await (pay ? writePaidCredit : writeUnpaidCredit)(tx, values);
  return { paid: Boolean(written?.paid), actionId: Number(written?.action_id), owed: pay?.owed ?? new Map() };
}

function creditWrites(paid: boolean): SQL {
  const p = (name: string) => sql.placeholder(name);
  const pay = paid ? paymentWrites() : null;
  return sql`with new_action as (
      insert into ${actions} (offer_id, earner_id, owner_id, listing_id, type, platform, points, cost,
                              bonus, sponsored, pro_view, exchange, via_extension, day, created_at)
      values (${p('offerId')}::int, ${p('earnerId')}::int, ${p('ownerId')}::int, ${p('listingId')}::int,
              ${p('type')}::text, ${p('platform')}::text, ${p('points')}::int, ${p('cost')}::int, ${p('bonus')}::int,
              ${p('sponsored')}::boolean, ${p('proView')}::boolean, ${p('exchange')}::boolean,
              ${p('viaExtension')}::boolean, ${p('today')}::date, ${p('now')}::timestamptz)
      returning id),
    day_count as (
      insert into ${dailyActions} (user_id, day, actions, limit_raised)
      values (${p('earnerId')}::int, ${p('today')}::date, 1, ${p('raise')}::boolean)
      on conflict (user_id, day) do update
        set actions = ${dailyActions}.actions + 1,
            limit_raised = ${dailyActions}.limit_raised or excluded.limit_raised),
    listing_counts as (
      update ${listings}
      set acted_count = case when acted_on = ${p('today')}::date then acted_count + 1 else 1 end,
          acted_on = ${p('today')}::date,
          sponsor_used = sponsor_used + case when ${p('sponsored')}::boolean then 1 else 0 end
      where id = ${p('listingId')}::int and not ${p('exchange')}::boolean)${
        pay
          ? sql`,
    ${pay.ctes}`
          : sql``
      }
    select (select id from new_action) as action_id, ${pay ? pay.paid : sql`true`} as paid`;
}

const writePaidCredit = statement<{ action_id: string | number; paid: boolean }>('credit_write', () =>
  creditWrites(true),
);
const writeUnpaidCredit = statement<{ action_id: string | number; paid: boolean }>(
  'credit_write_unpaid',
  () => creditWrites(false),
);

/** A followed or liked action after the platform was asked (D5.6): verified, or missing. */
export async function markActionChecked(db: Db, actionId: number, status: 'verified' | 'missing', at: Date) {
  await db.update(actions).set({ status, checkedAt: at }).where(eq(actions.id, actionId));
}
