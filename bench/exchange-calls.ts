/**
 * The Exchange's page calls on a large PostgreSQL data set under 50 concurrent members: the Instagram
 * page's checkSetup and fetchAvailableListings (the three lists, New Listings walked from
 * instagram_listings_pick_idx) and the IMDb page's exchange/imdb/fetchListings (the "viewed you"
 * members, then a walk of imdb_exchange_listings_listing_idx from a random point, each list writing
 * its offers), against the bare /healthz/live of the same server; and the two list queries alone,
 * straight on the database. Every round runs BENCH_RUNS (3) times, to show the spread between runs.
 *   BENCH_DATABASE_URL=postgres://…/db npm run bench:exchange   a database seeded by `npm run seed:large`
 *                                                               (its Exchange added first if missing)
 *   npm run bench:exchange                                      a fresh database, seeded, dropped after
 * BENCH_MEMBERS (1000) paid members listed on both exchanges sign in. Each run: saturation (50 clients
 * back to back, BENCH_REQUESTS per call: throughput) and paced (each member calling again
 * BENCH_THINK_MS, 1000 ms mean, after an answer, BENCH_PACED_REQUESTS per call: latency).
 */
import { sql } from 'drizzle-orm';
import { exchange, SITE_TIME_ZONE } from '@marquee/contract';
import {
  printLargeExchangeReport,
  seedLargeExchange,
} from '../apps/server/src/scripts/seed-large-exchange.js';
import { newListings } from '../apps/server/src/features/exchange/instagram.repo.js';
import { exchangeCandidates } from '../apps/server/src/features/exchange/imdb-exchange.repo.js';
import { sameDaySince, viewedYouSince } from '../apps/server/src/features/exchange/imdb-exchange.policy.js';
import { pacificDay } from '../apps/server/src/platform/time.js';
import { load, printResults, report, type LoadJob, type LoadRequest, type LoadResult } from './load.js';
import { eachMember, getCall as get, openLargeDatabase, signIn, startBenchServer } from './large-db.js';

const CONCURRENCY = 50;
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 1000);
const PACED_REQUESTS = Number(process.env.BENCH_PACED_REQUESTS ?? 600);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Executions of each list query per run, straight on the database. */
const QUERY_RUNS = Number(process.env.BENCH_QUERY_RUNS ?? 300);

const large = await openLargeDatabase('exchange');
try {
  const { db, rows } = large;
  const exchangeSeed = await seedLargeExchange(db, undefined, (line) => console.log(line));
  if (exchangeSeed) printLargeExchangeReport(exchangeSeed);
  const [sizes] = await rows<{ listed: number; swaps: number; optIns: number; views: number }>(sql`
    select (select count(*) from instagram_listings)::int as listed, (select count(*) from instagram_swaps)::int as swaps,
           (select count(*) from imdb_exchange_listings where allowed = 1)::int as "optIns",
           (select count(*) from actions where exchange)::int as views`);
  console.log(
    `Exchange: ${sizes?.listed} Instagram listings, ${sizes?.swaps} swaps, ${sizes?.optIns} IMDb opt-ins, ${sizes?.views} exchange views.`,
  );

  // Paid, active members listed on both exchanges, with daily actions left today.
  const members = await rows<{ id: number; reputation: number }>(sql`
    select u.id, m.reputation from users u
    join instagram_listings l on l.user_id = u.id
    join instagram_members m on m.user_id = u.id
    join imdb_exchange_listings x on x.user_id = u.id and x.allowed = 1
    join listings il on il.id = x.listing_id and il.status = 'active'
    where u.kind = 'member' and u.status = 'active' and (u.premium_expires > now() or u.pro_expires > now())
      and coalesce((select d.actions from daily_actions d where d.user_id = u.id
                    and d.day = (now() at time zone ${SITE_TIME_ZONE})::date), 0) < 10
    order by random() limit ${MEMBERS}::int`);
  const tokens = await signIn(
    db,
    members.map((m) => m.id),
  );
  console.log(`${members.length} members signed in.`);

  const spread = (values: number[]) =>
    `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}`.padStart(16);
  const percentiles = (ms: number[]) => {
    const sorted = [...ms].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
  };

  // The two list queries alone, one after another on the pool, as the calls run them (each a named
  // statement, planned once per connection).
  const queries: Record<string, (m: (typeof members)[number]) => Promise<unknown>> = {
    'instagram newListings query': (m) =>
      newListings(
        db,
        { id: m.id, reputation: m.reputation },
        new Date(),
        exchange.INSTAGRAM.newListingsShown,
      ),
    'imdb candidates query': (m) => {
      const now = new Date();
      return exchangeCandidates(db, {
        earner: m.id,
        session: 1,
        today: pacificDay(now),
        since: sameDaySince(now),
        viewedSince: viewedYouSince(now),
        now,
      });
    },
  };
  const queryRuns: Record<string, { p50: number; p95: number; p99: number }[]> = {};
  for (const [name, build] of Object.entries(queries)) {
    for (let i = 0; i < 50; i++) await build(members[i % members.length]!);
    queryRuns[name] = [];
    for (let run = 0; run < RUNS; run++) {
      const ms: number[] = [];
      for (let i = 0; i < QUERY_RUNS; i++) {
        const m = members[(run * QUERY_RUNS + i) % members.length]!;
        const t0 = performance.now();
        await build(m);
        ms.push(performance.now() - t0);
      }
      queryRuns[name]!.push(percentiles(ms));
    }
  }
  console.log(`\nThe list queries alone, ${QUERY_RUNS} executions per run (ms):`);
  console.log(`${'query'.padEnd(34)}${['run', 'p50', 'p95', 'p99'].map((h) => h.padStart(10)).join('')}`);
  for (const [name, runs] of Object.entries(queryRuns)) {
    runs.forEach((r, i) =>
      console.log(
        `${(i === 0 ? name : '').padEnd(34)}${String(i + 1).padStart(10)}${[r.p50, r.p95, r.p99].map((v) => v.toFixed(2).padStart(10)).join('')}`,
      ),
    );
  }

  const { app, origin } = await startBenchServer(db);
  const each = (make: (token: string) => LoadRequest) => eachMember(members, tokens, (t) => make(t));
  const calls: [string, LoadRequest[]][] = [
    ['exchange/instagram/checkSetup', each((t) => get(exchange.checkSetup.path, t))],
    ['exchange/instagram/fetchAvailableListings', each((t) => get(exchange.fetchAvailableListings.path, t))],
    ['exchange/imdb/fetchListings', each((t) => get(exchange.fetchListings.path, t))],
  ];
  const job = (requests: LoadRequest[], total: number, thinkMs?: number): LoadJob => ({
    origin,
    concurrency: CONCURRENCY,
    total,
    requests,
    expectStatus: 'success',
    thinkMs,
  });
  const bareRequest: LoadRequest[] = [{ method: 'GET', path: '/healthz/live' }];
  for (const [, requests] of calls) await load('warm-up', job(requests, 500));

  const results: Record<'saturated' | 'paced', Record<string, LoadResult[]>> = { saturated: {}, paced: {} };
  const keep = (mode: 'saturated' | 'paced', r: LoadResult) => (results[mode][r.name] ??= []).push(r);
  for (let run = 1; run <= RUNS; run++) {
    const bare = report(await load('bare: /healthz/live', job(bareRequest, REQUESTS)));
    const saturated: LoadResult[] = [];
    for (const [name, requests] of calls) saturated.push(report(await load(name, job(requests, REQUESTS))));
    const pacedBare = report(await load('bare: /healthz/live', job(bareRequest, PACED_REQUESTS, THINK_MS)));
    const paced: LoadResult[] = [];
    for (const [name, requests] of calls)
      paced.push(report(await load(name, job(requests, PACED_REQUESTS, THINK_MS))));
    console.log(
      `\nRun ${run}: saturation, ${CONCURRENCY} clients back to back, ${REQUESTS} requests per call:`,
    );
    printResults(saturated, bare);
    console.log(
      `Run ${run}: ${CONCURRENCY} members each calling again ${THINK_MS} ms (mean) after an answer, ${PACED_REQUESTS} requests per call:`,
    );
    printResults(paced, pacedBare);
    for (const r of [bare, ...saturated]) keep('saturated', r);
    for (const r of [pacedBare, ...paced]) keep('paced', r);
  }

  console.log(`\nSpread over ${RUNS} runs (lowest–highest, ms; req/s), ${large.database.kind}:`);
  console.log(
    `${'call'.padEnd(44)}${'round'.padStart(10)}${['p50', 'p95', 'p99', 'req/s'].map((h) => h.padStart(16)).join('')}${'errors'.padStart(8)}`,
  );
  for (const mode of ['paced', 'saturated'] as const) {
    for (const [name, runs] of Object.entries(results[mode])) {
      console.log(
        `${name.padEnd(44)}${mode.padStart(10)}${spread(runs.map((r) => r.p50))}${spread(runs.map((r) => r.p95))}${spread(runs.map((r) => r.p99))}${spread(runs.map((r) => r.perSecond))}${String(runs.reduce((s, r) => s + r.errors, 0)).padStart(8)}`,
      );
    }
  }
  await app.close();
} finally {
  await large.close();
}
