/**
 * The admin console on a large PostgreSQL data set: the overview, a member's page (the card, their
 * listings and views history), the member search, the two queues and the fair-play list, under a few
 * concurrent staff, against the bare /healthz/live of the same server; then the daily jobs behind
 * them (the fair-play signals over every member, the site figures, the ledger check), timed run by
 * run.
 *   BENCH_DATABASE_URL=postgres://…/db npm run bench:admin   a database seeded by `npm run seed:large`
 *   npm run bench:admin                                       a fresh database, seeded, dropped after
 * BENCH_ADMINS (10) members are made admins for the run and sign in; BENCH_JOB_RUNS (3) runs of each job.
 * Reads only, except the jobs, which replace their own tables.
 */
import { sql } from 'drizzle-orm';
import { admin as adminContract } from '@marquee/contract';
import { runRounds, type LoadRequest } from './load.js';
import { getCall as get, openLargeDatabase, signIn, startBenchServer } from './large-db.js';
import { computeSignals } from '../apps/server/src/features/admin/signals.service.js';
import { replaceSignals } from '../apps/server/src/features/admin/signals.repo.js';
import { ledgerCheckJob, siteFiguresJob } from '../apps/server/src/features/admin/admin.service.js';
import { pacificDay } from '../apps/server/src/platform/time.js';
import type { AppDeps } from '../apps/server/src/platform/deps.js';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const ADMINS = Number(process.env.BENCH_ADMINS ?? 10);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 1000);
const PACED_REQUESTS = Number(process.env.BENCH_PACED_REQUESTS ?? 500);
const JOB_RUNS = Number(process.env.BENCH_JOB_RUNS ?? 3);
const ONLY = process.env.BENCH_ONLY ?? '';

const large = await openLargeDatabase('admin');
try {
  const { db, rows } = large;
  // Staff for the run: the first members, made admins (the bench's own database).
  const staff = await rows<{ id: number }>(sql`
    update users set role = 'admin' where id in (
      select id from users where kind = 'member' and status = 'active' order by id limit ${ADMINS})
    returning id`);
  const tokens = await signIn(
    db,
    staff.map((s) => s.id),
  );
  // Members to look at: busy ones (with listings and actions), and names to search for.
  const members = await rows<{ id: number; first: string }>(sql`
    select u.id, u.first from users u
    where u.kind = 'member' and u.status = 'active' and u.role = 'member'
      and exists (select 1 from listings l where l.user_id = u.id)
    order by u.id desc limit 500`);
  console.log(`${staff.length} admins signed in; ${members.length} members to look at.`);

  // Sign-ins from network addresses for the address signals (FP2, FP3): a session per member in the
  // last 30 days from one of 60,000 addresses, so some addresses are shared, as on a real site.
  const [withAddress] = await rows<{ n: number }>(
    sql`select count(*)::int as n from sessions where address is not null`,
  );
  if ((withAddress?.n ?? 0) === 0) {
    await db.execute(sql`
      insert into sessions (token_hash, user_id, created_at, last_used_at, address)
      select md5('bench-session-' || u.id), u.id, now() - (u.id % 30) * interval '1 day', now(),
             '10.' || ((u.id * 7919) % 60000 / 250) || '.' || ((u.id * 7919) % 250) || '.1'
      from users u where u.kind = 'member'`);
    console.log('Sessions with addresses added for the address signals.');
  }

  // The jobs first, so the pages read what they keep.
  const now = new Date();
  const deps = { db } as AppDeps;
  const timings: Record<string, number[]> = {
    'fairplay-signals': [],
    'site-figures': [],
    'ledger-check': [],
  };
  for (let run = 0; run < JOB_RUNS; run++) {
    let t0 = performance.now();
    const found = await db.transaction(async (tx) => {
      const rowsFound = await computeSignals(tx, now);
      await replaceSignals(tx, rowsFound, now);
      return rowsFound;
    });
    timings['fairplay-signals']!.push(performance.now() - t0);
    if (run === 0)
      console.log(
        `fair-play signals: ${found.length} found for ${new Set(found.map((f) => f.userId)).size} members`,
      );
    // The figures job recounts every day it finds without a row: clear them so each run does the whole month.
    await db.execute(sql`delete from site_daily_figures`);
    t0 = performance.now();
    await db.transaction((tx) => siteFiguresJob.run(tx, { deps, day: pacificDay(now), now }).then(() => {}));
    timings['site-figures']!.push(performance.now() - t0);
    t0 = performance.now();
    await db.transaction((tx) => ledgerCheckJob.run(tx, { deps, day: pacificDay(now), now }).then(() => {}));
    timings['ledger-check']!.push(performance.now() - t0);
  }
  console.log('\nDaily jobs over the whole data set (seconds per run):');
  for (const [name, ms] of Object.entries(timings)) {
    const s = ms.map((m) => (m / 1000).toFixed(2));
    console.log(
      `  ${name.padEnd(18)} ${s.join('  ')}   (min ${(Math.min(...ms) / 1000).toFixed(2)}, max ${(Math.max(...ms) / 1000).toFixed(2)})`,
    );
  }

  const { app, origin } = await startBenchServer(db);
  const byStaff = (make: (token: string, i: number) => LoadRequest) =>
    Array.from({ length: Math.max(members.length, tokens.length) }, (_, i) =>
      make(tokens[i % tokens.length]!, i),
    );
  const member = (i: number) => members[i % members.length]!;
  const calls: [string, LoadRequest[]][] = [
    ['admin/fetchOverview', byStaff((t) => get(adminContract.fetchOverview.path, t))],
    ['admin/fetchUserDetails', byStaff((t, i) => get(`admin/fetchUserDetails?id=${member(i).id}`, t))],
    ['admin/fetchUserListings', byStaff((t, i) => get(`admin/fetchUserListings?id=${member(i).id}`, t))],
    ['admin/fetchViewsHistory', byStaff((t, i) => get(`admin/fetchViewsHistory?id=${member(i).id}`, t))],
    [
      'admin/searchUsers by name',
      byStaff((t, i) => get(`admin/searchUsers?q=${encodeURIComponent(member(i).first.slice(0, 3))}`, t)),
    ],
    ['admin/fetchCreditUpdateListings', byStaff((t) => get('admin/fetchCreditUpdateListings', t))],
    ['admin/fetchPendingFB', byStaff((t) => get('admin/fetchPendingFB', t))],
    ['admin/fetchSignals', byStaff((t) => get('admin/fetchSignals', t))],
  ];
  await runRounds({
    origin,
    concurrency: CONCURRENCY,
    calls: calls.filter(([name]) => name.includes(ONLY)),
    requests: REQUESTS,
    pacedRequests: PACED_REQUESTS,
    thinkMs: THINK_MS,
    databaseKind: large.database.kind,
  });
  await app.close();
} finally {
  await large.close();
}
