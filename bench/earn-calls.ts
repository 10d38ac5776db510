/**
 * The earning calls (D4, D5) on a large PostgreSQL data set under 50 concurrent earners, against
 * the bare /healthz/live of the same server in the same run.
 *   BENCH_DATABASE_URL=postgres://…/db npm run bench:earn   a database seeded by `npm run seed:large`
 *   npm run bench:earn                                      a fresh database on the local server
 *                                                           (BENCH_SERVER_URL), seeded, dropped after
 * BENCH_MEMBERS, BENCH_LISTINGS, BENCH_ACTIONS size the fresh seed (default: the seed:large sizes);
 * BENCH_EARNERS (3000) earners sign in; BENCH_REQUESTS (5000) requests per fetch call. Time moves on
 * a ControllableClock instead of sleeping. DATABASE_POOL_SIZE sizes the server's pool as it does a
 * server's (R9; unset, two connections per core).
 *
 * Two rounds, each with 50 clients:
 *   saturation: each client sends its next request as soon as the last is answered. This gives the
 *     throughput, printed as a share of the bare endpoint's. Latency here is 50 / throughput by
 *     Little's law, whatever a call costs, so it is not the latency figure.
 *   50 earners: each client is an earner who waits BENCH_THINK_MS (1000 ms, exponential) after
 *     an answer before the next call. Fair play lets a real earner credit at most 6 actions a minute
 *     (D11.1), three calls each, so one call per 3.3 s; 1 s is three times that pace. This gives
 *     the latency (p95) of each call under 50 concurrent earners.
 * BENCH_RUNS (3) runs in a row, each with answers of its own; after each, pgbench's TPC-B-like
 * transaction on a scratch database of the same PostgreSQL (bench/pgbench.ts), the yardstick the
 * run's credits back to back are printed against.
 */
import { sql } from 'drizzle-orm';
import { OPERATIONS_BASE, SITE_TIME_ZONE } from '@marquee/contract';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { ControllableClock } from '../apps/server/src/platform/clock.js';
import { imdbQuestion } from '../apps/server/src/features/earn/earn.policy.js';
import { openLargeDatabase, signIn } from './large-db.js';
import { load, printResults, report, type LoadJob, type LoadRequest, type LoadResult } from './load.js';
import { openPgbench, type Pgbench, type PgbenchResult } from './pgbench.js';
import { printStalls, watchStalls, type StallReport } from './stalls.js';

const CONCURRENCY = 50;
const EARNERS = Number(process.env.BENCH_EARNERS ?? 3000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5000);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 1000);
const PACED_REQUESTS = Number(process.env.BENCH_PACED_REQUESTS ?? 1500);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

const large = await openLargeDatabase('earn');
let pgbench: Pgbench | null = null;
try {
  const { db, rows } = large;

  // Earners: active premium or pro members (managed members get no IMDb listings; paid caps are 60 a
  // day, D6.3) under the IMDb points cap, with a verified Twitter account and no missing follows.
  const earners = await rows<{ id: number }>(sql`
    select u.id from users u
    where u.kind = 'member' and u.status = 'active' and u.points < 4000
      and (u.pro_expires > now() or u.premium_expires > now())
      and not exists (select 1 from subscriptions s where s.user_id = u.id and s.level = 'managed' and s.status <> 'ended')
      and exists (select 1 from linked_accounts la where la.user_id = u.id and la.platform = 'twitter' and la.status = 'verified')
      and not exists (select 1 from actions a where a.earner_id = u.id and a.platform = 'twitter' and a.status = 'missing')
      and coalesce((select d.actions from daily_actions d where d.user_id = u.id
                    and d.day = (now() at time zone ${SITE_TIME_ZONE})::date), 0) < 40
    order by random() limit ${EARNERS}::int`);
  const tokens = await signIn(
    db,
    earners.map((e) => e.id),
  );
  console.log(`${earners.length} earners signed in.`);

  // PostgreSQL's own yardstick: TPC-B-like with as many clients, on a scratch database filled
  // before the server starts and run after each run's rounds, so each run's credits are read
  // against what this PostgreSQL did just then (pgbench itself varies by a fifth from one
  // measurement to the next here).
  pgbench = await openPgbench(large.serverUrl, { scale: 10 });
  await large.rows(sql`checkpoint`);

  const clock = new ControllableClock();
  const app = await buildApp({ config: loadConfig({ PORT: '3999' }), db, clock, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const post = (path: string, token: string, body: unknown): LoadRequest => ({
    method: 'POST',
    path: `${OPERATIONS_BASE}/${path}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const job = (requests: LoadRequest[], total = REQUESTS, thinkMs?: number) => ({
    origin,
    concurrency: CONCURRENCY,
    total,
    requests,
    expectStatus: 'success',
    thinkMs,
  });
  const paced = (requests: LoadRequest[], total = PACED_REQUESTS) => job(requests, total, THINK_MS);
  const fetchFor = (listingType: string) =>
    tokens.map((t) => post('earnPoints/fetchListings', t, { listingType, maxItems: 4 }));
  const call = async (path: string, token: string, body: unknown) => {
    const res = await fetch(`${origin}${OPERATIONS_BASE}/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { code: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  // recordCorrectAnswer, two ways in one round. Half the earners take the first listing of their
  // IMDb tab: in the D4 order that is a sponsored one while any are left, paid by the house (D6.4).
  // The other half open the profile list of an owner with points of their own (one earner per
  // owner, so every owner can still pay) and take a listing the owner pays for. Each earner presses
  // Start, the clock moves past the 5 s dwell (D11.1), then each sends its one correct answer (one
  // credit each, so D11.1's 6 a minute and the daily caps hold). The expected value is read from
  // imdb_facts here, never from the API (D5.2).
  const prepareAnswers = async () => {
    const prepStarted = performance.now();
    const payers = await rows<{ id: number }>(sql`
      select distinct on (l.user_id) l.user_id as id from listings l join users u on u.id = l.user_id
      where l.type = 'imdb-view' and l.status = 'active' and l.give > 0 and l.changing_to is null
        and not (l.sponsor_used < l.sponsor_bought and not l.sponsor_paused)
        and u.status = 'active' and u.points >= l.give + 2 + 50
      order by l.user_id limit ${tokens.length}::int`);
    const ownerQueue = payers.map((p) => p.id).sort(() => Math.random() - 0.5);
    type Card = {
      id: number;
      type: string;
      user_id: number;
      external_id: string;
      imdb_type: string | null;
      test_cat: string | null;
      pro_view: boolean;
      sponsored: boolean;
    };
    type Planned = { token: string; listingId: number; page: string; question: string };
    const planned: Record<'house' | 'owner', Planned[]> = { house: [], owner: [] };
    let nextEarner = 0;
    let prepProblems = 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (nextEarner < tokens.length) {
          const i = nextEarner++;
          const token = tokens[i] as string;
          const way = i % 2 === 0 ? 'house' : 'owner';
          const ownerId = way === 'owner' ? ownerQueue.pop() : undefined;
          const res = await call(
            'earnPoints/fetchListings',
            token,
            ownerId === undefined
              ? { listingType: 'imdb', maxItems: 4 }
              : { listingType: 'user', user_id: ownerId, maxItems: 10 },
          );
          const cards = (res.body.listings ?? []) as Card[];
          const pick =
            way === 'house'
              ? cards.find((l) => l.sponsored)
              : cards.find((l) => l.type === 'imdb-view' && !l.sponsored);
          if (!pick) {
            prepProblems++;
            continue;
          }
          const started = await call('earnPoints/startAction', token, { listing_id: pick.id });
          if (started.code !== 200) {
            prepProblems++;
            continue;
          }
          const question = imdbQuestion({
            imdbType: pick.imdb_type,
            testCat: pick.test_cat,
            proView: pick.pro_view,
          });
          planned[way].push({ token, listingId: pick.id, page: pick.external_id, question: question.key });
        }
      }),
    );
    const all = [...planned.house, ...planned.owner];
    const facts = all.length
      ? await rows<{ page_code: string; question: string; value: number }>(sql`
          select page_code, question, value from imdb_facts
          where (page_code, question) in (${sql.join(
            all.map((p) => sql`(${p.page}, ${p.question})`),
            sql`, `,
          )})`)
      : [];
    const factOf = new Map(facts.map((f) => [`${f.page_code} ${f.question}`, f.value]));
    const answersOf = (list: Planned[]) =>
      list.flatMap((p) => {
        const value = factOf.get(`${p.page} ${p.question}`);
        return value === undefined
          ? []
          : [post('recordCorrectAnswer', p.token, { listing_id: p.listingId, answer: value })];
      });
    const house = answersOf(planned.house);
    const owner = answersOf(planned.owner);
    console.log(
      `Prepared ${house.length} sponsored and ${owner.length} owner-paid answers in ${((performance.now() - prepStarted) / 1000).toFixed(1)} s (${prepProblems} earners without a listing to start, ${all.length - house.length - owner.length} without a fact).`,
    );
    clock.advance(10_000);
    return { house, owner };
  };

  // Warm up connections and query plans: every call measured below, so no round pays for a
  // statement's first planning on each of the pool's connections (the IMDb tab's takes 27 ms), a
  // cost a running server paid once when it started.
  for (const tab of ['imdb', 'twitter', 'youtube']) await load('warm-up', job(fetchFor(tab), 1000));
  {
    const { house, owner } = await prepareAnswers();
    await load('warm-up', job([...house, ...owner], house.length + owner.length));
  }

  interface Run {
    paced: LoadResult[];
    pacedBare: LoadResult;
    saturated: LoadResult[];
    bare: LoadResult;
    stalls: StallReport[];
    tpcb: PgbenchResult | null;
  }
  const runs: Run[] = [];
  for (let run = 1; run <= RUNS; run++) {
    console.log(`\nRun ${run} of ${RUNS}:`);
    // The earners' round first, so the saturation round's backlog (vacuum, dirty pages) does not
    // fall on it.
    const pacedBare = report(
      await load('bare: /healthz/live', paced([{ method: 'GET', path: '/healthz/live' }])),
    );
    const pacedResults = [
      report(await load('earnPoints/fetchListings imdb', paced(fetchFor('imdb')))),
      report(await load('earnPoints/fetchListings twitter', paced(fetchFor('twitter')))),
      report(await load('earnPoints/fetchListings youtube', paced(fetchFor('youtube')))),
    ];
    const bare = report(await load('bare: /healthz/live', job([{ method: 'GET', path: '/healthz/live' }])));
    const results = [
      report(await load('earnPoints/fetchListings imdb', job(fetchFor('imdb')))),
      report(await load('earnPoints/fetchListings twitter', job(fetchFor('twitter')))),
      report(await load('earnPoints/fetchListings youtube', job(fetchFor('youtube')))),
    ];
    const { house, owner } = await prepareAnswers();
    // Each answer can be sent once: half of each kind for the saturation round, half for the earners.
    const halves = (list: LoadRequest[]) =>
      [list.slice(0, list.length >> 1), list.slice(list.length >> 1)] as const;
    const [houseFast, housePaced] = halves(house);
    const [ownerFast, ownerPaced] = halves(owner);
    // The credit rounds write: what the server and the database did meanwhile is printed beside them.
    const stalls: StallReport[] = [];
    const watched = async (name: string, loadJob: LoadJob) => {
      const { result, stalls: seen } = await watchStalls(name, large.rows, () => load(name, loadJob));
      stalls.push(seen);
      return report(result);
    };
    pacedResults.push(
      await watched('recordCorrectAnswer (sponsored)', paced(housePaced, housePaced.length)),
      await watched('recordCorrectAnswer (owner pays)', paced(ownerPaced, ownerPaced.length)),
    );
    results.push(
      report(await load('recordCorrectAnswer (sponsored)', job(houseFast, houseFast.length))),
      report(await load('recordCorrectAnswer (owner pays)', job(ownerFast, ownerFast.length))),
    );
    const tpcb = (await pgbench?.run({ clients: CONCURRENCY, seconds: 15 })) ?? null;
    runs.push({ paced: pacedResults, pacedBare, saturated: results, bare, stalls, tpcb });
  }

  for (const [i, run] of runs.entries()) {
    console.log(
      `\nRun ${i + 1}. Saturation: ${CONCURRENCY} clients back to back, ${REQUESTS} requests per fetch call, ${earners.length} earners, ${large.database.kind}:`,
    );
    printResults(run.saturated, run.bare);
    console.log(
      `\nRun ${i + 1}. ${CONCURRENCY} concurrent earners, each calling again ${THINK_MS} ms (mean) after an answer, ${PACED_REQUESTS} requests per fetch call:`,
    );
    printResults(run.paced, run.pacedBare);
    console.log(`\nRun ${i + 1}. During the earners' credit rounds (ms; checkpoints by PostgreSQL):`);
    printStalls(run.stalls);
    if (run.tpcb) {
      const { tps, clients, scale, seconds, latencyMs } = run.tpcb;
      console.log(
        `\nRun ${i + 1}. pgbench TPC-B-like on the same PostgreSQL, after the rounds: ${tps.toFixed(0)} transactions/s (${clients} clients, scale ${scale}, ${seconds} s, average ${latencyMs.toFixed(1)} ms).`,
      );
    }
  }

  // The figures side by side, run by run: each paced call's p95 and p99, and the credits' throughput
  // back to back against pgbench's.
  const spread = (values: number[]) =>
    `${values.map((v) => v.toFixed(1)).join(' / ')}  (max ${Math.max(...values).toFixed(1)})`;
  console.log(`\n${RUNS} runs in a row, ${CONCURRENCY} earners' pace, p95 and p99 in ms, run by run:`);
  for (const [j, first] of (runs[0]?.paced ?? []).entries()) {
    const of = runs.map((r) => r.paced[j] as LoadResult);
    console.log(
      `  ${first.name.padEnd(34)} p95 ${spread(of.map((r) => r.p95))}   p99 ${spread(of.map((r) => r.p99))}`,
    );
  }
  console.log(`\nCredits back to back (${CONCURRENCY} clients), per second, run by run:`);
  for (const name of ['recordCorrectAnswer (sponsored)', 'recordCorrectAnswer (owner pays)']) {
    const rates = runs.map((r) => (r.saturated.find((x) => x.name === name) as LoadResult).perSecond);
    const share = runs.every((r) => r.tpcb)
      ? `  = ${runs.map((r, i) => `${(((rates[i] ?? 0) / (r.tpcb?.tps ?? 1)) * 100).toFixed(0)}%`).join(' / ')} of pgbench's ${runs.map((r) => r.tpcb?.tps.toFixed(0)).join(' / ')}`
      : '';
    console.log(`  ${name.padEnd(34)} ${rates.map((v) => v.toFixed(0)).join(' / ')}${share}`);
  }
  await app.close();
} finally {
  await pgbench?.close();
  await large.close();
}
