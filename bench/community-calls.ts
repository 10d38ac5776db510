/**
 * The community pages' calls on a large PostgreSQL data set under 50 concurrent members: the
 * message board (a category's threads, first and a deeper page; a thread's first and last page),
 * the member directory (a busy and a quiet type and location), the When To Watch calendar (this
 * month and the next) and the help center (a member's open and closed requests), against the bare
 * /healthz/live of the same server in the same run.
 *   BENCH_DATABASE_URL=postgres://…/db npm run bench:community   a database seeded by `npm run seed:large`
 *                                                                 (its community data added first if missing)
 *   npm run bench:community                                       a fresh database, seeded, dropped after
 * BENCH_MEMBERS (2000) active members sign in, each with a thread they took part in, the directory
 * search of their own first job and location, and their help requests.
 *
 * Two rounds of 50 clients, as in bench/social-calls.ts: paced, each member calling again
 * BENCH_THINK_MS (1000 ms, exponential) after an answer (the latency, p95), then back to back
 * (throughput as a share of the bare endpoint's). Reads only, except that reading a thread counts a
 * view (BD5), as in the app.
 */
import { sql } from 'drizzle-orm';
import { board as boardContract } from '@marquee/contract';
import {
  printLargeSocialReport,
  seedLargeSocial,
  socialSizeFor,
} from '../apps/server/src/scripts/seed-large-social.js';
import {
  boardSizeFor,
  printLargeBoardReport,
  seedLargeBoard,
} from '../apps/server/src/scripts/seed-large-board.js';
import { printLargeWatchReport, seedLargeWatch } from '../apps/server/src/scripts/seed-large-watch.js';
import { printLargeHelpReport, seedLargeHelp } from '../apps/server/src/scripts/seed-large-help.js';
import { directoryDetailsSql } from '../apps/server/src/scripts/seed-large-directory.js';
import { runRounds, type LoadRequest } from './load.js';
import {
  eachMember,
  getCall as get,
  openLargeDatabase,
  postCall as post,
  signIn,
  startBenchServer,
} from './large-db.js';

const CONCURRENCY = 50;
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 2000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 1000);
const PACED_REQUESTS = Number(process.env.BENCH_PACED_REQUESTS ?? 1000);
/** BENCH_ONLY=watch measures only the calls whose name holds it. */
const ONLY = process.env.BENCH_ONLY ?? '';

const large = await openLargeDatabase('community');
try {
  const { db, rows } = large;
  // A database seeded before the community existed gets its data now (each part skipped when present).
  const [people] = await rows<{ n: number; located: number }>(sql`
    select count(*)::int as n, count(location)::int as located from users where kind = 'member'`);
  const log = (line: string) => console.log(line);
  const social = await seedLargeSocial(db, socialSizeFor(people?.n ?? 0), log);
  if (social) printLargeSocialReport(social);
  if (people && people.located === 0) {
    console.log('Giving the members jobs and locations (the directory)…');
    await db.execute(directoryDetailsSql(0, true));
    await db.execute(sql`analyze users`);
  }
  const board = await seedLargeBoard(db, boardSizeFor(people?.n ?? 0), log);
  if (board) printLargeBoardReport(board);
  const watch = await seedLargeWatch(db, undefined, log);
  if (watch) printLargeWatchReport(watch);
  const help = await seedLargeHelp(db, undefined, log);
  if (help) printLargeHelpReport(help);

  const [sizes] = await rows<{ threads: number; posts: number; events: number; requests: number }>(sql`
    select (select count(*) from board_threads)::int as threads, (select count(*) from board_posts)::int as posts,
           (select count(*) from events)::int as events, (select count(*) from help_requests)::int as requests`);
  console.log(
    `Community: ${sizes?.threads} threads, ${sizes?.posts} posts, ${sizes?.events} events, ${sizes?.requests} help requests.`,
  );

  // The members with the most board posts, each with the latest thread they posted in (its
  // category and its reply count, for its last page), their own first job and location.
  const started = performance.now();
  const members = await rows<{
    id: number;
    thread: number | null;
    category: string | null;
    replies: number | null;
    job: string | null;
    location: string | null;
  }>(sql`
    with posters as (
      select p.user_id as id, count(*) as n from board_posts p join users u on u.id = p.user_id
      where u.kind = 'member' and u.status = 'active'
      group by 1 order by 2 desc limit ${MEMBERS}::int
    )
    select p.id, t.id as thread, t.category, t.reply_count as replies, u.job_1 as job, u.location
    from posters p join users u on u.id = p.id
    left join lateral (
      select t.id, t.category, t.reply_count from board_posts bp join board_threads t on t.id = bp.thread_id
      where bp.user_id = p.id order by bp.id desc limit 1
    ) t on true
    order by p.n desc`);
  const tokens = await signIn(
    db,
    members.map((m) => m.id),
  );
  const [quiet] = await rows<{ job: string; location: string }>(sql`
    select job_1 as job, location from users where kind = 'member' and status = 'active'
      and job_1 is not null and location is not null
    group by 1, 2 having count(*) between 5 and 40 order by count(*) limit 1`);
  console.log(
    `${members.length} members signed in (chosen in ${((performance.now() - started) / 1000).toFixed(1)} s).`,
  );

  const { app, origin } = await startBenchServer(db);
  const each = (make: (token: string, m: (typeof members)[number]) => LoadRequest | null) =>
    eachMember(members, tokens, make);
  const nextMonth = (() => {
    const d = new Date();
    d.setUTCDate(15);
    d.setUTCMonth(d.getUTCMonth() + 1);
    return d.toISOString().slice(0, 7);
  })();
  const calls: [string, LoadRequest[]][] = [
    ['board/fetchCategories', each((t) => get('board/fetchCategories', t))],
    [
      'board/fetchCategoryThreads page 0',
      each((t, m) => (m.category ? get(`board/fetchCategoryThreads?cat=${m.category}`, t) : null)),
    ],
    [
      'board/fetchCategoryThreads page 20',
      each((t, m) => (m.category ? get(`board/fetchCategoryThreads?cat=${m.category}&page=20`, t) : null)),
    ],
    [
      'board/fetchThread page 0',
      each((t, m) => (m.thread ? post('board/fetchThread', t, { thread: m.thread, page: 0 }) : null)),
    ],
    [
      'board/fetchThread last page',
      each((t, m) =>
        m.thread
          ? post('board/fetchThread', t, { thread: m.thread, page: boardContract.pageOfPost(m.replies ?? 0) })
          : null,
      ),
    ],
    [
      'directory/fetchResults own',
      each((t, m) =>
        m.job && m.location
          ? post('directory/fetchResults', t, { type: m.job, location: m.location, page: 0 })
          : null,
      ),
    ],
    [
      'directory/fetchResults busiest, page 3',
      each((t) => post('directory/fetchResults', t, { type: 'Actor', location: 'Los Angeles, CA', page: 3 })),
    ],
    [
      'directory/fetchResults quiet',
      quiet
        ? each((t) =>
            post('directory/fetchResults', t, { type: quiet.job, location: quiet.location, page: 0 }),
          )
        : [],
    ],
    ['watch/fetchEvents this month', each((t) => get('watch/fetchEvents', t))],
    ['watch/fetchEvents next month', each((t) => get(`watch/fetchEvents?month=${nextMonth}`, t))],
    ['help/fetchOpenRequests', each((t) => get('help/fetchOpenRequests', t))],
    ['help/fetchClosedRequests', each((t) => get('help/fetchClosedRequests', t))],
  ];
  await runRounds({
    origin,
    concurrency: CONCURRENCY,
    calls: calls.filter(([name, requests]) => requests.length > 0 && name.includes(ONLY)),
    requests: REQUESTS,
    pacedRequests: PACED_REQUESTS,
    thinkMs: THINK_MS,
    databaseKind: large.database.kind,
  });
  await app.close();
} finally {
  await large.close();
}
