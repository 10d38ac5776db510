/**
 * The spending screens' calls on a large PostgreSQL data set under 50 concurrent members: My Listings
 * (myListings/fetchMyListings) and the History table (history/fetchHistoryList, every filter, the
 * first page and any page), against the bare /healthz/live of the same server in the same run.
 *   BENCH_DATABASE_URL=postgres://…/db npm run bench:spend   a database seeded by `npm run seed:large`
 *   npm run bench:spend                                      a fresh database, seeded, dropped after
 * BENCH_MEMBERS (2000) members sign in: those with the most history, who make the slowest pages.
 *
 * Two rounds of 50 clients, as in bench/earn-calls.ts: back to back (throughput as a share of the
 * bare endpoint's) and paced, each member calling again BENCH_THINK_MS (1000 ms, exponential) after
 * an answer (the latency, p95).
 */
import { sql } from 'drizzle-orm';
import { OPERATIONS_BASE } from '@marquee/contract';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { systemClock } from '../apps/server/src/platform/clock.js';
import { runRounds, type LoadRequest } from './load.js';
import { openLargeDatabase, signIn } from './large-db.js';

const CONCURRENCY = 50;
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 2000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4000);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 1000);
const PACED_REQUESTS = Number(process.env.BENCH_PACED_REQUESTS ?? 1500);
const PAGE_SIZE = 25;

const large = await openLargeDatabase('spend');
try {
  const { db, rows } = large;
  // The members with the most actions on either side in the six-month window, with their counts,
  // so pages are asked for across the whole table; and each one's busiest listing.
  const members = await rows<{
    id: number;
    mine: number;
    theirs: number;
    listing: number | null;
    on_listing: number;
  }>(sql`
    with busy as (
      select u.id,
             (select count(*) from actions a where a.earner_id = u.id and a.created_at > now() - interval '183 days')::int as mine,
             (select count(*) from actions a where a.owner_id = u.id and a.created_at > now() - interval '183 days')::int as theirs
      from users u
      where u.kind = 'member' and u.status = 'active'
        and u.id in (select l.user_id from listings l where l.status <> 'deleted')
      order by u.points desc
      limit ${MEMBERS * 3}::int
    )
    select b.*, top.listing_id as listing, coalesce(top.n, 0)::int as on_listing from busy b
    left join lateral (
      select a.listing_id, count(*) as n from actions a
      where a.owner_id = b.id and a.created_at > now() - interval '183 days'
      group by a.listing_id order by count(*) desc limit 1
    ) top on true
    order by b.mine + b.theirs desc
    limit ${MEMBERS}::int`);
  const tokens = await signIn(
    db,
    members.map((m) => m.id),
  );
  const pages = (n: number) => Math.max(1, Math.ceil(n / PAGE_SIZE));
  const anyPage = (n: number) => 1 + Math.floor(Math.random() * pages(n));
  const totals = members.map((m) => m.mine + m.theirs);
  console.log(
    `${members.length} members signed in; history rows each: median ${[...totals].sort((a, b) => a - b)[totals.length >> 1]}, most ${Math.max(...totals)}.`,
  );

  const app = await buildApp({ config: loadConfig({ PORT: '3999' }), db, clock: systemClock, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const history = (token: string, filter: string, page: number): LoadRequest => ({
    method: 'POST',
    path: `${OPERATIONS_BASE}/history/fetchHistoryList`,
    headers: { ...auth(token), 'content-type': 'application/json' },
    body: JSON.stringify({ filter, page }),
  });
  const calls: [string, LoadRequest[]][] = [
    [
      'myListings/fetchMyListings',
      tokens.map((t) => ({
        method: 'GET',
        path: `${OPERATIONS_BASE}/myListings/fetchMyListings`,
        headers: auth(t),
      })),
    ],
    ['fetchHistoryList all, page 1', tokens.map((t) => history(t, 'all', 1))],
    ['fetchHistoryList all, any page', tokens.map((t, i) => history(t, 'all', anyPage(totals[i] ?? 0)))],
    [
      'fetchHistoryList mine, any page',
      tokens.map((t, i) => history(t, 'mine', anyPage(members[i]?.mine ?? 0))),
    ],
    [
      'fetchHistoryList theirs, any page',
      tokens.map((t, i) => history(t, 'theirs', anyPage(members[i]?.theirs ?? 0))),
    ],
    [
      'fetchHistoryList listing, any page',
      members.flatMap((m, i) =>
        m.listing === null ? [] : [history(tokens[i] as string, String(m.listing), anyPage(m.on_listing))],
      ),
    ],
  ];
  await runRounds({
    origin,
    concurrency: CONCURRENCY,
    calls,
    requests: REQUESTS,
    pacedRequests: PACED_REQUESTS,
    thinkMs: THINK_MS,
    databaseKind: large.database.kind,
  });
  await app.close();
} finally {
  await large.close();
}
