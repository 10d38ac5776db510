import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SITE_TIME_ZONE } from '@marquee/contract';
import { rowsOf } from '../../platform/db/database.js';
import { pacificDay } from '../../platform/time.js';
import { useTestApp } from '../../../test/test-app.js';
import { imdbExchangeListings } from './exchange.tables.js';
import { candidatesQuery, exchangeHistoryQuery, weekCountsQuery } from './imdb-exchange.repo.js';
import { sameDaySince, viewedYouSince, weekStart } from './imdb-exchange.policy.js';
import {
  analyze,
  bulkMembers,
  genericPlan,
  seqScans,
  unboundedIndexScans,
} from './exchange-plans.test-support.js';

/**
 * EX11, EX12 under the plans the server runs (decision 0020: generic plans, sequential scans
 * allowed) on a database of its own with 20,000 members, 30,000 listings, 18,000 of them on the
 * exchange (16,000 switched on) and 12,000 past views, written in bulk and analysed: the list and This Week read through
 * their indexes and never a whole table that grows with the members.
 */
const t = useTestApp({ ownDatabase: true });

const MEMBERS = 20_000;
const GROWING = [
  'users',
  'listings',
  'imdb_exchange_listings',
  'actions',
  'offers',
  'blocks',
  'subscriptions',
];
let viewer = 0;

beforeAll(async () => {
  const now = t.clock.now();
  const at = now.toISOString();
  const { first } = await bulkMembers(t.db, MEMBERS, 'v4v', now);
  viewer = first + 3;
  const member = (g: string) => sql.raw(`(${first} + (${g}) % ${MEMBERS})::int`);
  // Each member's IMDb page, and another listing for every other member (ids interleaved).
  await t.db.execute(sql`
    insert into listings (user_id, type, platform, name, url, external_id, give, imdb_type, test_cat, created_at)
    select u.id, k.type, k.platform, 'Bulk Member ' || u.id, k.url || u.id || '/', k.prefix || u.id,
           5, k.imdb_type, k.test_cat, ${at}::timestamptz - (u.id % 400) * interval '1 day'
    from users u cross join (values
      ('imdb-view', 'imdb', 'https://www.imdb.com/name/nm', 'nm', 'person', 'actor', 1),
      ('twitter-follow', 'twitter', 'https://x.com/bulk', 'x', null, null, 2)) as k(type, platform, url, prefix, imdb_type, test_cat, every)
    where u.id >= ${first}::int and u.id % k.every = 0
    order by u.id, k.type`);
  // Nine in ten members on the exchange, one in nine of them switched off.
  await t.db.execute(sql`
    insert into imdb_exchange_listings (user_id, listing_id, allowed, updated_at)
    select l.user_id, l.id, case when l.user_id % 9 = 4 then 2 else 1 end, ${at}::timestamptz
    from listings l where l.type = 'imdb-view' and l.user_id >= ${first}::int and l.user_id % 10 <> 3`);
  // 12,000 exchange views over the last ten days between members, the viewer's among them both ways.
  await t.db.execute(sql`
    with s as (
      select ${member('g::bigint * 7919')} as earner, ${member('g::bigint * 104729 + 1')} as owner,
             ${at}::timestamptz - (g % 240) * interval '1 hour' as at
      from generate_series(1, 12000) g
      union all select ${member('g * 31')}, ${viewer}::int, ${at}::timestamptz - g * interval '1 hour'
      from generate_series(1, 40) g
      union all select ${viewer}::int, ${member('g * 53')}, ${at}::timestamptz - g * interval '2 hours'
      from generate_series(1, 25) g
    ), o as (
      insert into offers (earner_id, listing_id, points, cost, exchange, offered_at, started_at, expires_at)
      select s.earner, l.id, 0, 0, true, s.at - interval '1 minute', s.at - interval '40 seconds', s.at + interval '2 minutes'
      from s join listings l on l.user_id = s.owner and l.type = 'imdb-view'
      where s.earner <> s.owner
      returning id, earner_id, listing_id, offered_at
    )
    insert into actions (offer_id, earner_id, owner_id, listing_id, type, platform, points, cost, exchange, day,
                         status, created_at)
    select o.id, o.earner_id, l.user_id, o.listing_id, 'imdb-view', 'imdb', 0, 0, true,
           ((o.offered_at + interval '1 minute') at time zone ${SITE_TIME_ZONE})::date, 'credited',
           o.offered_at + interval '1 minute'
    from o join listings l on l.id = o.listing_id`);
  await analyze(t.db, GROWING);
}, 60_000);

const askOf = (earner: number) => {
  const now = t.clock.now();
  return {
    earner,
    session: 1,
    today: pacificDay(now),
    since: sameDaySince(now),
    viewedSince: viewedYouSince(now),
    now,
  };
};

describe('the IMDb exchange reads through indexes (EX11, EX12; generic plans, 20,000 members)', () => {
  it('the list: "viewed you" from the exchange indexes, then a walk of imdb_exchange_listings_listing_idx', async () => {
    const plan = await genericPlan(t.db, candidatesQuery(askOf(viewer)));
    expect(
      seqScans(plan).filter((table) => GROWING.includes(table)),
      plan,
    ).toEqual([]);
    expect(plan, plan).toMatch(/imdb_exchange_listings_listing_idx/);
    expect(plan, plan).toMatch(/actions_exchange_owner_idx/);
    expect(plan, plan).toMatch(/actions_exchange_earner_idx/);
    // The walk goes up from the random start and around from the lowest id, in the index's order:
    // no sort of the listed members, no index read from its start (a merge join's inner side).
    expect(plan, plan).toMatch(/Index Cond: \(listing_id >= /);
    expect(plan, plan).toMatch(/Index Cond: \(listing_id < /);
    expect(plan, plan).not.toMatch(/Sort Key: x(_\d+)?\.listing_id/);
    expect(unboundedIndexScans(plan), plan).toEqual([]);
  });

  it('the list returns what EX11 allows, those who viewed the member first', async () => {
    const found = await rowsOf<{ userId: number; viewedYou: boolean }>(t.db, candidatesQuery(askOf(viewer)));
    expect(found).toHaveLength(10);
    const viewedYou = found.map((r) => r.viewedYou);
    expect(viewedYou[0]).toBe(true);
    expect(viewedYou).toEqual([...viewedYou].sort((a, b) => Number(b) - Number(a)));
    expect(new Set(found.map((r) => r.userId)).size).toBe(10);
    expect(found.map((r) => r.userId)).not.toContain(viewer);
    // A member nobody viewed gets ten from the walk.
    const [quiet] = await rowsOf<{ id: number }>(
      t.db,
      sql`select x.user_id as id from ${imdbExchangeListings} x
          where not exists (select 1 from actions a where a.owner_id = x.user_id and a.exchange) limit 1`,
    );
    const walked = await rowsOf<{ userId: number; viewedYou: boolean }>(
      t.db,
      candidatesQuery(askOf(quiet!.id)),
    );
    expect(walked).toHaveLength(10);
    expect(walked.every((r) => !r.viewedYou)).toBe(true);
    expect(new Set(walked.map((r) => r.userId)).size).toBe(10);
  });

  it("This Week's counts and the recent history: both exchange indexes", async () => {
    const since = weekStart(t.clock.now());
    for (const [what, query] of [
      ['counts', weekCountsQuery(t.db, viewer, since)],
      ['history', exchangeHistoryQuery(t.db, viewer, since, 10)],
    ] as const) {
      const plan = await genericPlan(t.db, query);
      expect(
        seqScans(plan).filter((table) => GROWING.includes(table)),
        `${what}:\n${plan}`,
      ).toEqual([]);
      expect(unboundedIndexScans(plan), `${what}:\n${plan}`).toEqual([]);
      expect(plan, `${what}:\n${plan}`).toMatch(/actions_exchange_earner_idx/);
      expect(plan, `${what}:\n${plan}`).toMatch(/actions_exchange_owner_idx/);
    }
  });

  it("a deleted listing's row is found through imdb_exchange_listings_listing_idx (the cascade)", async () => {
    const plan = await genericPlan(
      t.db,
      sql`delete from ${imdbExchangeListings} where listing_id = ${1}::int`,
    );
    expect(plan, plan).toMatch(/imdb_exchange_listings_listing_idx/);
    expect(seqScans(plan), plan).toEqual([]);
  });
});
