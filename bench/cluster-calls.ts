/**
 * `npm run bench:cluster` (docs/domain.md R8): the earn load through HAProxy against 1 and then 3
 * servers on one PostgreSQL, then one of 3 servers killed with SIGKILL in the middle of a credit
 * round. Prints each round's throughput and p50/p95/p99, what failed around the kill, and checks
 * afterwards that no credit was doubled or lost and that the ledger invariants (D3.1) hold.
 *   npm run bench:cluster                                   a fresh database, seeded, dropped after
 *   BENCH_DATABASE_URL=postgres://…/db npm run bench:cluster a database seeded by `npm run seed:large`
 * BENCH_MEMBERS, BENCH_LISTINGS, BENCH_ACTIONS size the fresh seed; BENCH_EARNERS (600) earners,
 * BENCH_REQUESTS (4000) fetches per round. The servers run the system clock, so each credit round
 * waits out the 5 s IMDb dwell (D11.1) once, in real time, between Start and the answers.
 */
import { sql } from 'drizzle-orm';
import { SITE_TIME_ZONE } from '@marquee/contract';
import { imdbQuestion } from '../apps/server/src/features/earn/earn.policy.js';
import { checkLedger } from '../apps/server/src/features/points/ledger.check.js';
import { startCluster } from '../scripts/cluster.mjs';
import { openLargeDatabase, postCall, signIn } from './large-db.js';
import { load, printResults, report, type LoadRequest, type LoadResult } from './load.js';

const CONCURRENCY = 50;
const EARNERS = Number(process.env.BENCH_EARNERS ?? 600);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4000);
const PORT = Number(process.env.BENCH_CLUSTER_PORT ?? 3700);
const DWELL_MS = 6000;
/** How long the kill round spreads its answers over. */
const KILL_ROUND_MS = Number(process.env.BENCH_KILL_ROUND_MS ?? 20_000);

interface Started {
  token: string;
  earnerId: number;
  listingId: number;
  answer: LoadRequest;
}

const large = await openLargeDatabase('cluster');
const { rows } = large;
const databaseUrl = (large.db as unknown as { $client: { options: { connectionString: string } } }).$client
  .options.connectionString;
try {
  // Earners as bench:earn picks them: paid members under their caps (D6.3), none managed.
  const earners = await rows<{ id: number }>(sql`
    select u.id from users u
    where u.kind = 'member' and u.status = 'active' and u.points < 4000
      and (u.pro_expires > now() or u.premium_expires > now())
      and not exists (select 1 from subscriptions s where s.user_id = u.id and s.level = 'managed' and s.status <> 'ended')
      and coalesce((select d.actions from daily_actions d where d.user_id = u.id
                    and d.day = (now() at time zone ${SITE_TIME_ZONE})::date), 0) < 30
    order by random() limit ${EARNERS}::int`);
  const tokens = await signIn(
    large.db,
    earners.map((e) => e.id),
  );
  console.log(`${earners.length} earners signed in.`);
  const fetches = tokens.map((t) =>
    postCall('earnPoints/fetchListings', t, { listingType: 'imdb', maxItems: 4 }),
  );
  // Other members browsing while the earners' answers go in: their fetches leave the earners' offers alone.
  const browsing = await rows<{ id: number }>(sql`
    select id from users where kind = 'member' and status = 'active'
      and id not in (${sql.join(
        earners.map((e) => sql`${e.id}`),
        sql`, `,
      )})
    order by random() limit ${EARNERS}::int`);
  const browserFetches = (
    await signIn(
      large.db,
      browsing.map((b) => b.id),
    )
  ).map((t) => postCall('earnPoints/fetchListings', t, { listingType: 'imdb', maxItems: 4 }));
  const env = { DATABASE_URL: databaseUrl, SEED_DEMO: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'development' };

  /** Each earner fetches their IMDb tab and presses Start on the first listing; answers the credits to send. */
  const startCredits = async (origin: string): Promise<Started[]> => {
    const started: Started[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next < tokens.length) {
          const i = next++;
          const token = tokens[i] as string;
          const call = async (path: string, body: unknown) => {
            const r = postCall(path, token, body);
            const res = await fetch(`${origin}${r.path}`, {
              method: 'POST',
              headers: r.headers,
              body: r.body,
            });
            return (await res.json()) as Record<string, unknown>;
          };
          const listed = await call('earnPoints/fetchListings', { listingType: 'imdb', maxItems: 4 });
          type Card = {
            id: number;
            external_id: string;
            imdb_type: string | null;
            test_cat: string | null;
            pro_view: boolean;
          };
          const card = ((listed.listings ?? []) as Card[])[0];
          if (!card) continue;
          if ((await call('earnPoints/startAction', { listing_id: card.id })).status !== 'success') continue;
          const question = imdbQuestion({
            imdbType: card.imdb_type,
            testCat: card.test_cat,
            proView: card.pro_view,
          });
          // The expected value is read from imdb_facts here, never from the API (D5.2).
          const [fact] = await rows<{ value: number }>(
            sql`select value from imdb_facts where page_code = ${card.external_id} and question = ${question.key}`,
          );
          if (fact === undefined) continue;
          started.push({
            token,
            earnerId: earners[i]?.id as number,
            listingId: card.id,
            answer: postCall('recordCorrectAnswer', token, {
              listing_id: card.id,
              answer: fact.value,
            }),
          });
        }
      }),
    );
    return started;
  };

  const rounds: Record<string, { results: LoadResult[]; bare: LoadResult }> = {};
  for (const servers of [1, 3]) {
    const cluster = await startCluster({ servers, port: PORT, env, restart: false, log: () => {} });
    try {
      const job = (requests: LoadRequest[], total: number) => ({
        origin: cluster.url,
        concurrency: CONCURRENCY,
        total,
        requests,
        expectStatus: 'success',
      });
      await load('warm-up', job(fetches, 500));
      const bare = report(
        await load('bare: /healthz/live', job([{ method: 'GET', path: '/healthz/live' }], REQUESTS)),
      );
      const results: LoadResult[] = [report(await load(`fetchListings imdb`, job(fetches, REQUESTS)))];
      // Start after the fetches: an earner's next fetch would replace the offer their Start opened.
      const credits = await startCredits(cluster.url);
      await new Promise((resolve) => setTimeout(resolve, DWELL_MS));
      results.push(
        report(
          await load(
            `recordCorrectAnswer`,
            job(
              credits.map((c) => c.answer),
              credits.length,
            ),
          ),
        ),
      );
      rounds[`${servers} server${servers > 1 ? 's' : ''}`] = { results, bare };
    } finally {
      await cluster.stop();
    }
  }
  for (const [name, { results, bare }] of Object.entries(rounds)) {
    console.log(`\nThrough HAProxy, ${name}, ${CONCURRENCY} clients back to back:`);
    printResults(results, bare);
  }

  // One of three servers killed in the middle of a credit round.
  const cluster = await startCluster({ servers: 3, port: PORT, env, restart: false, log: () => {} });
  try {
    const credits = await startCredits(cluster.url);
    await new Promise((resolve) => setTimeout(resolve, DWELL_MS));
    const since = new Date();
    type Outcome = { c: Started; at: number; code: number | 'network' };
    const outcomes: Outcome[] = [];
    // Every request of the round, the browsing fetches too: when it ended and how.
    const all: { at: number; ok: boolean }[] = [];
    const began = performance.now();
    const elapsed = () => performance.now() - began;
    const send = async (r: LoadRequest): Promise<number | 'network'> => {
      let code: number | 'network';
      try {
        const res = await fetch(`${cluster.url}${r.path}`, {
          method: 'POST',
          headers: r.headers,
          body: r.body,
        });
        await res.arrayBuffer();
        code = res.status;
      } catch {
        code = 'network';
      }
      all.push({ at: elapsed(), ok: code === 200 });
      return code;
    };
    // The answers spread over KILL_ROUND_MS, browsing fetches in between; app2 killed a third of the way in.
    const killAt = KILL_ROUND_MS / 3;
    const killer = setTimeout(() => cluster.servers[1]?.proc?.kill('SIGKILL'), killAt);
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < credits.length) {
          const i = next++;
          const c = credits[i] as Started;
          const due = (i / credits.length) * KILL_ROUND_MS;
          while (elapsed() < due)
            await send(browserFetches[(i + all.length) % browserFetches.length] as LoadRequest);
          outcomes.push({ c, at: elapsed(), code: await send(c.answer) });
        }
      }),
    );
    clearTimeout(killer);
    const killedAt = killAt;
    const ok = outcomes.filter((o) => o.code === 200);
    const failed = outcomes.filter((o) => o.code !== 200);
    const afterKill = all.filter((o) => o.at > killedAt + 3000);
    const beforeKill = all.filter((o) => o.at <= killedAt);
    const aroundKill = all.filter((o) => o.at > killedAt && o.at <= killedAt + 3000);
    const credited = await rows<{ earner_id: number; listing_id: number; n: number }>(sql`
      select earner_id, listing_id, count(*)::int as n from actions
      where created_at >= ${since} and earner_id in (${sql.join(
        credits.map((c) => sql`${c.earnerId}`),
        sql`, `,
      )}) group by earner_id, listing_id`);
    const count = new Map(credited.map((r) => [`${r.earner_id}:${r.listing_id}`, r.n]));
    const key = (c: Started) => `${c.earnerId}:${c.listingId}`;
    const doubled = credited.filter((r) => r.n > 1).length;
    const lost = ok.filter((o) => (count.get(key(o.c)) ?? 0) !== 1).length;
    const ledger = await checkLedger(large.db);
    console.log(
      `\n3 servers through HAProxy, app2 killed with SIGKILL ${(killedAt / 1000).toFixed(1)} s into the round:`,
    );
    console.log(`  answers sent ${outcomes.length}: ${ok.length} credited (200), ${failed.length} failed`);
    console.log(
      `  failures by answer: ${JSON.stringify(Object.fromEntries([...new Set(failed.map((f) => f.code))].map((k) => [k, failed.filter((f) => f.code === k).length])))}`,
    );
    const failedOf = (list: { ok: boolean }[]) => `${list.filter((o) => !o.ok).length} of ${list.length}`;
    console.log(
      `  every request (answers and browsing) failed: before the kill ${failedOf(beforeKill)}; in the 3 s after it ${failedOf(aroundKill)}; from then on ${failedOf(afterKill)}`,
    );
    console.log(`  credits doubled: ${doubled}; answered 200 but not credited once: ${lost}`);
    console.log(
      `  failed answers credited anyway (the server had committed before it died): ${failed.filter((o) => count.get(key(o.c)) === 1).length}`,
    );
    console.log(
      `  ledger invariants (D3.1): ${ledger.problems.length ? ledger.problems.join('; ') : 'hold'}`,
    );
    if (doubled || lost || ledger.problems.length) process.exitCode = 1;
  } finally {
    await cluster.stop();
  }
} finally {
  await large.close();
}
