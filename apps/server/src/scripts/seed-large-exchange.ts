/**
 * The Exchange's part of the large generated data set (seed-large.ts calls it after the help desk):
 * Instagram listings for half the members (50,000 by default) with their standings and three swaps
 * each at every stage (EX3-EX5), and the IMDb view-for-view opt-ins of 20,000 members with an active
 * IMDb listing, with 100,000 exchange views between them over the last ten days (EX10-EX12); set-based
 * SQL over generate_series. Each part is skipped when the database has it already.
 *   DATABASE_URL=postgres://… npx tsx apps/server/src/scripts/seed-large-exchange.ts
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import { SITE_TIME_ZONE, exchange } from '@marquee/contract';
import { openDatabase, rowsOf, type Db } from '../platform/db/database.js';

export interface LargeExchangeSize {
  /** Members with an Instagram listing. */
  instagram: number;
  /** Swaps per listed member, with other listed members. */
  swapsPerMember: number;
  /** Members listed on IMDb view-for-view. */
  imdb: number;
  /** Exchange views between them over the last ten days. */
  views: number;
}

export const LARGE_EXCHANGE_SIZE: LargeExchangeSize = {
  instagram: 50_000,
  swapsPerMember: 3,
  imdb: 20_000,
  views: 100_000,
};

export interface LargeExchangeReport {
  size: LargeExchangeSize;
  steps: { step: string; seconds: number }[];
  seconds: number;
  listings: number;
  swaps: number;
  optIns: number;
  views: number;
}

const PACIFIC = sql.raw(`'${SITE_TIME_ZONE}'`);
const n = (v: number) => sql.raw(String(Math.max(0, Math.floor(v))));
/** Others' distances in the numbered list of listed members: distinct pairs for each swap. */
const SWAP_STEPS = [1, 17, 263, 1031, 4099];

/**
 * Seeds the Exchange onto the members already in a migrated database; each part is skipped when
 * present (null when both are). `analyze` false leaves the statistics to the caller.
 */
export async function seedLargeExchange(
  database: Db,
  size: LargeExchangeSize = LARGE_EXCHANGE_SIZE,
  log: (line: string) => void = () => {},
  options: { analyze?: boolean } = {},
): Promise<LargeExchangeReport | null> {
  const [has] = await rowsOf<{ instagram: boolean; imdb: boolean; members: number }>(
    database,
    sql`select exists (select 1 from instagram_listings) as instagram,
               exists (select 1 from imdb_exchange_listings) as imdb,
               (select count(*) from users where kind = 'member' and status = 'active')::int as members`,
  );
  if (has?.instagram && has.imdb) {
    log('  the Exchange: instagram listings and IMDb opt-ins present already, skipped');
    return null;
  }
  if (!has?.members) throw new Error('The exchange seed needs members: run seed:large first.');
  const steps: LargeExchangeReport['steps'] = [];
  const started = performance.now();
  const step = async (db: Db, name: string, ...queries: SQL[]) => {
    const t0 = performance.now();
    for (const q of queries) await db.execute(q);
    const seconds = (performance.now() - t0) / 1000;
    steps.push({ step: name, seconds });
    log(`  ${name.padEnd(44)} ${seconds.toFixed(1).padStart(6)} s`);
  };
  const limits = sql.raw(`array[${exchange.INSTAGRAM.repLimits.join(',')}]`);
  await database.transaction(async (db) => {
    await db.execute(sql`set local work_mem = '128MB'`);
    if (!has.instagram) {
      await step(
        db,
        `instagram: ${size.instagram.toLocaleString('en-US')} listings`,
        // The listed members, numbered at random; a few more keep a standing from a removed listing.
        sql`create temp table seed_ig on commit drop as
            select (row_number() over (order by random()))::int as k, id from (
              select id from users where kind = 'member' and status = 'active'
              order by random() limit ${n(size.instagram * 1.05)}) m`,
        // Reputations spread around the start (600), most limits left at the default (500).
        sql`insert into instagram_members (user_id, reputation, rep_limit)
            select id, least(1000, greatest(0, 600 + floor((random() + random() + random() - 1.5) * 300)::int)),
                   case when random() < 0.6 then 500 else (${limits})[1 + floor(random() * 9)::int] end
            from seed_ig order by id`,
        sql`insert into instagram_listings (user_id, url, handle, title, description, image, created_at,
                                            reputation, rep_limit)
            select s.id, 'https://www.instagram.com/seed_' || s.id || '/', 'seed_' || s.id,
                   u.first || ' ' || u.last || ' (@seed_' || s.id || ') • Instagram photos and videos',
                   'Stills, reels and news of upcoming work.', coalesce(u.default_pic, 'seed-' || s.id || '.jpg'),
                   now() - random() * interval '400 days', m.reputation, m.rep_limit
            from seed_ig s join users u on u.id = s.id join instagram_members m on m.user_id = s.id
            where s.k <= ${n(size.instagram)}
            order by s.id`,
      );
      // Each listed member starts swaps with a few others further down the numbered list, at every
      // stage: most settled or skipped, about one in ten waiting on someone (a follow back, a review,
      // a contest not yet acknowledged).
      const distances = sql.raw(`array[${SWAP_STEPS.slice(0, Math.max(1, size.swapsPerMember)).join(',')}]`);
      await step(
        db,
        `instagram swaps: ${size.swapsPerMember} per listed member`,
        sql`insert into instagram_swaps (initiator_id, receiver_id, status1, status2, acknowledged_at,
                                         created_at, updated_at)
            select initiator, receiver,
                   case when r < 0.04 then 'claimed' when r < 0.70 then 'verified' when r < 0.82 then 'skipped'
                        when r < 0.88 then 'verified' when r < 0.94 then 'contested' else 'verified' end,
                   case when r < 0.04 then null when r < 0.08 then 'claimed' when r < 0.70 then 'verified'
                        when r < 0.82 then null when r < 0.88 then 'skipped' when r < 0.94 then null
                        else 'contested' end,
                   case when (r >= 0.88 and r < 0.92) or r >= 0.96 then at end,
                   at - interval '1 day', at
            from (select a.id as initiator, b.id as receiver, random() as r,
                         now() - random() * interval '90 days' as at
                  from seed_ig a cross join unnest(${distances}::int[]) d
                  join seed_ig b on b.k = 1 + (a.k - 1 + d) % ${n(size.instagram)}
                  where a.k <= ${n(size.instagram)}) p
            order by at
            on conflict do nothing`,
      );
    }
    if (!has.imdb) {
      await step(
        db,
        `imdb view-for-view: ${size.imdb.toLocaleString('en-US')} opt-ins`,
        // The oldest active IMDb listing of members who have one (EX10); one in ten switched off.
        sql`insert into imdb_exchange_listings (user_id, listing_id, allowed, updated_at)
            select user_id, id, case when random() < 0.1 then 2 else 1 end, now() - random() * interval '60 days'
            from (
              select distinct on (l.user_id) l.user_id, l.id
              from listings l join users u on u.id = l.user_id
              where l.type = 'imdb-view' and l.status = 'active' and u.kind = 'member' and u.status = 'active'
              order by l.user_id, l.created_at, l.id
            ) own
            order by random() limit ${n(size.imdb)}`,
      );
      await step(
        db,
        `imdb exchange views: ${size.views.toLocaleString('en-US')}`,
        sql`create temp table seed_v4v on commit drop as
            select (row_number() over (order by user_id))::int as k, user_id, listing_id
            from imdb_exchange_listings where allowed = 1`,
        // Views in the last ten days (none today, so today's daily actions stay as they were).
        sql`create temp table seed_views on commit drop as
            select e.user_id as earner, o.user_id as owner, o.listing_id,
                   date_trunc('day', now() at time zone ${PACIFIC}) at time zone ${PACIFIC}
                     - interval '1 second' - random() * interval '10 days' as at
            from (select 1 + floor(random() * (select count(*) from seed_v4v))::int as ek,
                         1 + floor(random() * (select count(*) from seed_v4v))::int as ok
                  from generate_series(1, ${n(size.views)})) g
            join seed_v4v e on e.k = g.ek join seed_v4v o on o.k = g.ok
            where e.user_id <> o.user_id`,
        sql`alter table seed_views add column offer_id bigint`,
        sql`update seed_views set offer_id = nextval(pg_get_serial_sequence('offers', 'id'))`,
        sql`insert into offers (id, earner_id, listing_id, points, cost, exchange, offered_at, started_at, expires_at)
            overriding system value
            select offer_id, earner, listing_id, 0, 0, true, at - interval '45 seconds', at - interval '20 seconds',
                   at + interval '135 seconds'
            from seed_views order by offer_id`,
        sql`insert into actions (offer_id, earner_id, owner_id, listing_id, type, platform, points, cost, exchange,
                                 day, status, created_at)
            select offer_id, earner, owner, listing_id, 'imdb-view', 'imdb', 0, 0, true,
                   (at at time zone ${PACIFIC})::date, 'credited', at
            from seed_views order by at`,
        sql`insert into daily_actions (user_id, day, actions, limit_raised)
            select earner, (at at time zone ${PACIFIC})::date, count(*), false from seed_views group by 1, 2 order by 1, 2
            on conflict (user_id, day) do update set actions = daily_actions.actions + excluded.actions`,
      );
    }
  });
  if (options.analyze !== false) {
    const t0 = performance.now();
    await database.execute(
      sql`vacuum analyze instagram_members, instagram_listings, instagram_swaps, imdb_exchange_listings, offers, actions, daily_actions`,
    );
    const seconds = (performance.now() - t0) / 1000;
    steps.push({ step: 'VACUUM ANALYZE (exchange)', seconds });
    log(`  ${'VACUUM ANALYZE (exchange)'.padEnd(44)} ${seconds.toFixed(1).padStart(6)} s`);
  }
  const [counts] = await rowsOf<{ listings: number; swaps: number; optIns: number; views: number }>(
    database,
    sql`select (select count(*) from instagram_listings)::int as listings,
               (select count(*) from instagram_swaps)::int as swaps,
               (select count(*) from imdb_exchange_listings)::int as "optIns",
               (select count(*) from actions where exchange)::int as views`,
  );
  return {
    size,
    steps,
    seconds: (performance.now() - started) / 1000,
    listings: counts?.listings ?? 0,
    swaps: counts?.swaps ?? 0,
    optIns: counts?.optIns ?? 0,
    views: counts?.views ?? 0,
  };
}

export function printLargeExchangeReport(report: LargeExchangeReport) {
  const f = (v: number) => v.toLocaleString('en-US');
  console.log(
    `The Exchange seeded in ${report.seconds.toFixed(1)} s: ${f(report.listings)} Instagram listings, ${f(report.swaps)} swaps, ${f(report.optIns)} IMDb opt-ins, ${f(report.views)} exchange views.`,
  );
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('seed-large-exchange needs DATABASE_URL: a PostgreSQL database seeded by seed:large.');
    process.exit(2);
  }
  const database = await openDatabase({ url });
  try {
    await database.migrate();
    console.log('Seeding the Exchange (each part skipped if present):');
    const report = await seedLargeExchange(database.db, LARGE_EXCHANGE_SIZE, (line) => console.log(line));
    if (report) printLargeExchangeReport(report);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
