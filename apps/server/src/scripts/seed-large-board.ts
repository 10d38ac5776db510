/**
 * The message board's part of the large data set (seed-large.ts): 50,000 threads and 500,000 posts
 * for 100,000 members (scaled to the members there are), spread over the categories as a real
 * board is (a few busy categories, a few long threads), with pictures and videos on some topics,
 * follows, and the categories' and threads' counts kept true (docs/domain.md BD4). Set-based SQL
 * only: a few insert … select statements over generate_series.
 *
 * It tops a board up to its size, so it adds only what is missing: nothing on a board seeded
 * before, the rest on one the social seed once filled with fewer threads. On its own:
 *   DATABASE_URL=postgres://… npx tsx apps/server/src/scripts/seed-large-board.ts
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import { openDatabase, rowsOf, type Db } from '../platform/db/database.js';

export interface LargeBoardSize {
  threads: number;
  posts: number;
  /** Follows besides each author's own. */
  follows: number;
}

/** For the 100,000 members of LARGE_SEED_SIZE. */
export const LARGE_BOARD_SIZE: LargeBoardSize = { threads: 50_000, posts: 500_000, follows: 100_000 };

/** The board's size for a population of `members` (LARGE_BOARD_SIZE is for 100,000). */
export function boardSizeFor(members: number): LargeBoardSize {
  const f = members / 100_000;
  const scaled = (v: number) => Math.max(10, Math.round(v * f));
  return {
    threads: scaled(LARGE_BOARD_SIZE.threads),
    posts: scaled(LARGE_BOARD_SIZE.posts),
    follows: scaled(LARGE_BOARD_SIZE.follows),
  };
}

export interface LargeBoardReport {
  size: LargeBoardSize;
  added: { threads: number; posts: number };
  steps: { step: string; seconds: number }[];
  seconds: number;
}

const TITLES = [
  'Self-tape setups that casting directors actually like',
  'Paid crew call: gaffer and key grip, two weeks',
  'First festival: what to bring, what to skip',
  'Which lens for a low-budget anamorphic look?',
  'Notes on my second draft, be honest',
  'How do you handle a late payment?',
  'Colour grading night exteriors',
  'How long before new credits show on IMDb?',
  'Agent or manager first?',
  'Delivery specs for streamers: what tripped you up?',
];
const FIRST_POSTS = [
  'What has worked for you? I would love to hear how others handle this.',
  'Looking for advice from anyone who has been through this before. Details below.',
  'Paid, meals and a credit. Message me with your reel: https://example.com/reel',
  'Sharing what I learned on our last shoot, and curious what you would do differently.',
];
const REPLIES = [
  'Great question. What worked for me was keeping it simple.',
  'Sent you a message with two names.',
  'Following this, same question here.',
  'We did exactly this last year and it paid off.',
  'Thanks for sharing, this is really useful.',
  'I would rent first and buy later.',
  'Ask for a fee waiver, most festivals say yes.',
  'Count me in if you still need someone.',
];

const textArray = (values: string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`);
const pick = (values: string[], by: SQL) => sql`(${textArray(values)})[1 + (${by}) % ${values.length}]`;
const n = (v: number) => sql.raw(String(Math.max(0, Math.floor(v))));

/** Tops the board up to `size`; answers null when it is that size already. */
export async function seedLargeBoard(
  database: Db,
  size: LargeBoardSize = LARGE_BOARD_SIZE,
  log: (line: string) => void = () => {},
  options: { analyze?: boolean } = {},
): Promise<LargeBoardReport | null> {
  const [has] = await rowsOf<{ threads: number; posts: number; members: number }>(
    database,
    sql`select (select count(*) from board_threads)::int as threads, (select count(*) from board_posts)::int as posts,
               (select count(*) from users where kind = 'member' and status = 'active')::int as members`,
  );
  const threads = Math.max(0, size.threads - (has?.threads ?? 0));
  if (threads === 0) {
    log('  board: has its threads already, skipped');
    return null;
  }
  if (!has?.members) throw new Error('The board seed needs members: run seed:large first.');
  const posts = Math.max(threads, size.posts - (has?.posts ?? 0));
  const steps: LargeBoardReport['steps'] = [];
  const started = performance.now();
  await database.transaction(async (db) => {
    await db.execute(sql`set local work_mem = '256MB'`);
    await db.execute(sql`set local maintenance_work_mem = '512MB'`);
    const [su] = await rowsOf<{ rolsuper: boolean }>(
      db,
      sql`select rolsuper from pg_roles where rolname = current_user`,
    );
    // As seed-large: every id below comes from rows this transaction read or wrote.
    if (su?.rolsuper) await db.execute(sql`set local session_replication_role = replica`);
    await fill(db, { threads, posts, follows: size.follows }, steps, log);
  });
  if (options.analyze !== false) {
    const t0 = performance.now();
    await database.execute(
      sql`vacuum analyze board_categories, board_threads, board_posts, board_subscriptions`,
    );
    steps.push({ step: 'VACUUM ANALYZE (board)', seconds: (performance.now() - t0) / 1000 });
  }
  return { size, added: { threads, posts }, steps, seconds: (performance.now() - started) / 1000 };
}

async function fill(
  db: Db,
  add: LargeBoardSize,
  steps: LargeBoardReport['steps'],
  log: (line: string) => void,
) {
  const step = async (name: string, ...queries: SQL[]) => {
    const t0 = performance.now();
    for (const q of queries) await db.execute(q);
    const seconds = (performance.now() - t0) / 1000;
    steps.push({ step: name, seconds });
    log(`  ${name.padEnd(44)} ${seconds.toFixed(1).padStart(6)} s`);
  };
  await step(
    'board staging: members and categories',
    // Members in a random order: k = 1 + floor(M * random()^2) draws the busy few far more often.
    sql`create temp table seed_board_members as
        select (row_number() over (order by random()))::int as k, id from users
        where kind = 'member' and status = 'active'`,
    sql`alter table seed_board_members add primary key (k)`,
    // Categories by their place: the first ones (casting, crew calls) are the busiest.
    sql`create temp table seed_board_categories as
        select (row_number() over (order by position, category))::int as k, category from board_categories`,
  );
  const [counts] = await rowsOf<{ m: number; c: number }>(
    db,
    sql`select (select count(*) from seed_board_members)::int as m, (select count(*) from seed_board_categories)::int as c`,
  );
  const M = n(counts?.m ?? 0);
  const C = n(counts?.c ?? 0);
  const busy = sql`1 + floor(power(random(), 2) * ${M})::int`;
  const anyone = sql`1 + floor(random() * ${M})::int`;

  // board_posts' secondary indexes are built once after loading (as the other large seeds do).
  const secondary = await rowsOf<{ indexname: string; indexdef: string }>(
    db,
    sql`select i.indexname, i.indexdef from pg_indexes i
        where i.schemaname = current_schema() and i.tablename = 'board_posts'
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  await step(
    `drop ${secondary.length} secondary indexes of board_posts`,
    ...secondary.map((i) => sql.raw(`drop index "${i.indexname}"`)),
  );

  // Threads over two years; the first post of one in ten carries a picture, one in twenty a video.
  await step(
    `board threads: ${add.threads.toLocaleString('en-US')}`,
    sql`create temp table seed_board_threads as
        select (row_number() over (order by s.at))::int as k,
               (row_number() over (order by s.at))::int + (select coalesce(max(id), 0) from board_threads) as id,
               m.id as user_id, c.category, s.at, s.r
        from (select ${busy} as uk, 1 + floor(power(random(), 1.6) * ${C})::int as ck, random() as r,
                     now() - interval '2 minutes' - random() * interval '730 days' as at
              from generate_series(1, ${n(add.threads)})) s
        join seed_board_members m on m.k = s.uk
        join seed_board_categories c on c.k = s.ck`,
    sql`alter table seed_board_threads add primary key (k)`,
  );
  // Replies fall on threads skewed (a few long threads of a thousand posts and more), after them.
  await step(
    `board posts: ${add.posts.toLocaleString('en-US')}`,
    sql`create temp table seed_board_posts as
        select id as thread_id, user_id, at, true as first, r from seed_board_threads
        union all
        select t.id, m.id, t.at + random() * (now() - interval '1 minute' - t.at), false, 0
        from (select 1 + floor(power(random(), 2) * ${n(add.threads)})::int as tk, ${busy} as uk
              from generate_series(1, ${n(add.posts - add.threads)})) s
        join seed_board_threads t on t.k = s.tk join seed_board_members m on m.k = s.uk`,
    sql`insert into board_threads (id, category, user_id, title, reply_count, created_at, last_post_at)
        overriding system value
        select t.id, t.category, t.user_id, ${pick(TITLES, sql`t.k`)} || ' #' || t.id, p.n - 1, t.at, p.last_at
        from seed_board_threads t
        join (select thread_id, count(*)::int as n, max(at) as last_at from seed_board_posts group by 1) p
          on p.thread_id = t.id
        order by t.id`,
    sql`insert into board_thread_views (thread_id, view_count)
        select thread_id, 10 + count(*)::int * 7 + thread_id % 50 from seed_board_posts group by 1 order by 1`,
    // Ids in time order, so a thread's posts by id are its posts by time (BD2).
    sql`insert into board_posts (thread_id, user_id, content, media_type, media_code, media_title, created_at)
        select p.thread_id, p.user_id,
               case when p.first then ${pick(FIRST_POSTS, sql`p.thread_id`)} else ${pick(REPLIES, sql`(p.thread_id + extract(epoch from p.at)::bigint)`)} end,
               case when p.first and p.r < 0.10 then 'image' when p.first and p.r < 0.15 then 'youtube' else '' end,
               case when p.first and p.r < 0.10
                      then (extract(epoch from p.at) * 1000)::bigint || '-' || substr(md5(p.thread_id::text), 1, 10) || '.jpg'
                    when p.first and p.r < 0.15 then 'bv' || substr(md5(p.thread_id::text), 1, 9)
                    else '' end,
               case when p.first and p.r >= 0.10 and p.r < 0.15 then 'Behind the scenes #' || p.thread_id end,
               p.at
        from seed_board_posts p order by p.at`,
  );
  await step(
    `board follows: authors and ${add.follows.toLocaleString('en-US')} more`,
    sql`insert into board_subscriptions (thread_id, user_id, created_at)
        select id, user_id, at from seed_board_threads
        union all
        select t.id, m.id, t.at + random() * (now() - t.at)
        from (select 1 + floor(power(random(), 2) * ${n(add.threads)})::int as tk, ${anyone} as uk
              from generate_series(1, ${n(add.follows)})) s
        join seed_board_threads t on t.k = s.tk join seed_board_members m on m.k = s.uk
        on conflict do nothing`,
  );
  await step(
    `create the ${secondary.length} secondary indexes again; categories' counts`,
    ...secondary.map((i) => sql.raw(i.indexdef)),
    sql`update board_categories c set
          topic_count = (select count(*)::int from board_threads t where t.category = c.category),
          post_count = (select coalesce(sum(t.reply_count + 1), 0)::int from board_threads t where t.category = c.category)`,
    sql.raw(
      `select setval(pg_get_serial_sequence('board_threads', 'id'), (select coalesce(max(id), 1) from board_threads))`,
    ),
    sql.raw(
      `select setval(pg_get_serial_sequence('board_posts', 'id'), (select coalesce(max(id), 1) from board_posts))`,
    ),
    sql`drop table seed_board_members, seed_board_categories, seed_board_threads, seed_board_posts`,
  );
}

export function printLargeBoardReport(report: LargeBoardReport) {
  console.log(
    `Board: ${report.added.threads.toLocaleString('en-US')} threads and ${report.added.posts.toLocaleString('en-US')} posts added in ${report.seconds.toFixed(1)} s.`,
  );
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('seed-large-board needs DATABASE_URL: a PostgreSQL database seeded by seed:large.');
    process.exit(2);
  }
  const database = await openDatabase({ url });
  try {
    await database.migrate();
    const [members] = await rowsOf<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from users where kind = 'member'`,
    );
    console.log(`Topping the board up for ${(members?.n ?? 0).toLocaleString('en-US')} members:`);
    const report = await seedLargeBoard(database.db, boardSizeFor(members?.n ?? 0), (line) =>
      console.log(line),
    );
    if (report) printLargeBoardReport(report);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
