/**
 * The social half of the large data set (bench/social-calls.ts): a year of news items with their
 * comments, likes and hides, direct messages with their conversation rows, alerts, profile photos
 * and videos with ratings (the message board is seed-large-board.ts's). Set-based SQL only, as in seed-large.ts: a few
 * big insert … select statements over generate_series, no row-by-row inserts.
 *
 * seed-large.ts calls it after the members, listings and actions; on a database seeded before it
 * existed it runs on its own:
 *   DATABASE_URL=postgres://… npx tsx apps/server/src/scripts/seed-large-social.ts
 * It skips a database that already has news items (idempotent), and adds to the members already
 * there. Activity is skewed as on a real site: a few thousand members post, comment, like and
 * write far more than the rest (bench:social signs in the 2,000 busiest).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/database.js';
import { openDatabase, rowsOf } from '../platform/db/database.js';

export interface LargeSocialSize {
  newsItems: number;
  comments: number;
  newsLikes: number;
  commentLikes: number;
  hiddenItems: number;
  hiddenAuthors: number;
  /** Conversations drawn (pairs of members); messages fall on them, skewed. */
  conversations: number;
  messages: number;
  alerts: number;
  profilePhotos: number;
  videos: number;
  videoRatings: number;
}

/** For the 100,000 members of LARGE_SEED_SIZE. */
export const LARGE_SOCIAL_SIZE: LargeSocialSize = {
  newsItems: 300_000,
  comments: 1_000_000,
  newsLikes: 2_000_000,
  commentLikes: 300_000,
  hiddenItems: 100_000,
  hiddenAuthors: 100_000,
  conversations: 200_000,
  messages: 1_000_000,
  alerts: 500_000,
  profilePhotos: 60_000,
  videos: 50_000,
  videoRatings: 200_000,
};

/** The social sizes for a population of `members` (LARGE_SOCIAL_SIZE is for 100,000). */
export function socialSizeFor(members: number): LargeSocialSize {
  const f = members / 100_000;
  const entries = Object.entries(LARGE_SOCIAL_SIZE).map(([k, v]) => [k, Math.max(10, Math.round(v * f))]);
  return Object.fromEntries(entries) as unknown as LargeSocialSize;
}

/** The tables this seed writes, in the order they are reported. */
export const SOCIAL_TABLES = [
  'news_items',
  'news_comments',
  'news_likes',
  'news_comment_likes',
  'news_hidden_items',
  'news_hidden_authors',
  'messages',
  'message_threads',
  'alerts',
  'images',
  'profile_videos',
  'video_ratings',
];

export interface LargeSocialReport {
  size: LargeSocialSize;
  steps: { step: string; seconds: number }[];
  seconds: number;
  tables: { table: string; rows: number; mb: number }[];
}

const POSTS = [
  'Just wrapped a long day on set. Tired but happy with what we got.',
  'New cut of my showreel is up, feedback welcome!',
  'Does anyone know a good colourist in Atlanta? We deliver in three weeks.',
  'Our short got into its first festival! Thank you all for the support.',
  'Looking for a sound mixer for a two-day shoot next month in Portland.',
  'Booked a recurring role on a network drama. Cannot say more yet!',
  'Self-tape tip: keep the reader off mic and the eyeline just off camera.',
  'Table read went great today. This script is something special. https://example.com/press',
];
const COMMENTS = [
  'Congratulations, well deserved!',
  'So happy for you. Enjoy every minute of it!',
  'Sent you a message with two names.',
  'The opening works so well. Great pacing.',
  'Count me in if you still need someone.',
  'Which festival? Would love to catch a screening.',
];
const MESSAGES = [
  'Hi! Loved your reel, are you free for a call this week?',
  'Thanks for the intro, I will reach out to them tomorrow.',
  'Sure, Thursday works. Send me the sides when you can.',
  'Here is the link to the script: https://example.com/script.pdf',
  'Great working with you on Saturday. Let us do it again.',
  'Sorry for the late reply, just got back from the shoot.',
];
const textArray = (values: string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`);
/** One of the values, picked by an integer expression. */
const pick = (values: string[], by: SQL) => sql`(${textArray(values)})[1 + (${by}) % ${values.length}]`;

/**
 * Seeds the social data onto the members already in a migrated database, unless it has news items
 * already (then answers null). `analyze` false leaves the statistics to the caller (seed-large runs
 * VACUUM ANALYZE after).
 */
export async function seedLargeSocial(
  database: Db,
  size: LargeSocialSize = LARGE_SOCIAL_SIZE,
  log: (line: string) => void = () => {},
  options: { analyze?: boolean } = {},
): Promise<LargeSocialReport | null> {
  const [has] = await rowsOf<{ news: boolean; members: number }>(
    database,
    sql`select exists (select 1 from news_items) as news,
               (select count(*) from users where kind = 'member')::int as members`,
  );
  if (has?.news) {
    log('  social data: news items exist already, skipped');
    return null;
  }
  if (!has?.members) throw new Error('The social seed needs members: run seed:large first.');
  const steps: LargeSocialReport['steps'] = [];
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
    await fill(db, size, steps, log);
  });
  if (options.analyze !== false) {
    const t0 = performance.now();
    await database.execute(sql.raw(`vacuum analyze ${SOCIAL_TABLES.join(', ')}, users`));
    const seconds = (performance.now() - t0) / 1000;
    steps.push({ step: 'VACUUM ANALYZE (social tables)', seconds });
    log(`  ${'VACUUM ANALYZE (social tables)'.padEnd(44)} ${seconds.toFixed(1).padStart(6)} s`);
  }
  return {
    size,
    steps,
    seconds: (performance.now() - started) / 1000,
    tables: await socialTableSizes(database),
  };
}

async function fill(
  db: Db,
  size: LargeSocialSize,
  steps: LargeSocialReport['steps'],
  log: (line: string) => void,
) {
  const step = async (name: string, ...queries: SQL[]) => {
    const t0 = performance.now();
    for (const q of queries) await db.execute(q);
    const seconds = (performance.now() - t0) / 1000;
    steps.push({ step: name, seconds });
    log(`  ${name.padEnd(44)} ${seconds.toFixed(1).padStart(6)} s`);
  };
  const n = (v: number) => sql.raw(String(Math.max(0, Math.floor(v))));

  // The members in a random order, numbered: k = 1 + floor(M * random()^2) draws the busy few far
  // more often than the rest (the first 2% of them get about 14% of what is drawn so).
  await step(
    'staging: members, numbered at random',
    sql`create temp table seed_members as
        select (row_number() over (order by random()))::int as k, id, first, last from users where kind = 'member'`,
    sql`alter table seed_members add primary key (k)`,
  );
  const [m] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from seed_members`);
  const M = sql.raw(String(m?.n ?? 0));
  const busy = sql`1 + floor(power(random(), 2) * ${M})::int`;
  const anyone = sql`1 + floor(random() * ${M})::int`;

  // The big tables' secondary indexes are built once after loading (as seed-large does).
  const bulk = ['news_items', 'news_comments', 'news_likes', 'messages', 'alerts'];
  const secondary = await rowsOf<{ indexname: string; indexdef: string }>(
    db,
    sql`select i.indexname, i.indexdef from pg_indexes i
        where i.schemaname = current_schema() and i.tablename in (${sql.join(
          bulk.map((t) => sql`${t}`),
          sql`, `,
        )})
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  await step(
    `drop ${secondary.length} secondary indexes of the big tables`,
    ...secondary.map((i) => sql.raw(`drop index "${i.indexname}"`)),
  );

  // News items over the last year, ids in time order: 5% IMDb view-for-view posts, 15% with an
  // image named as uploads name them (ms-hex.jpg), 10% with a YouTube video, 3% mention a member;
  // one official post a week.
  await step(
    `news_items: ${size.newsItems.toLocaleString('en-US')}`,
    sql`create temp table seed_news as
        select (row_number() over (order by at))::int + (select coalesce(max(id), 0) from news_items) as id,
               user_id, kind, media, at, r
        from (
          select m.id as user_id, case when s.r < 0.05 then 'v4v' else 'post' end as kind,
                 case when s.r2 < 0.15 then 'image' when s.r2 < 0.25 then 'youtube' else '' end as media,
                 s.at, s.r
          from (select ${busy} as k, random() as r, random() as r2,
                       now() - interval '1 minute' - random() * interval '365 days' as at
                from generate_series(1, ${n(size.newsItems)})) s
          join seed_members m on m.k = s.k
          union all
          select 2, 'post', '', now() - g * interval '7 days' - interval '3 hours', 0.5
          from generate_series(0, 51) g where exists (select 1 from users where id = 2)
        ) x`,
    sql`alter table seed_news add primary key (id)`,
    sql`create temp table seed_news_order as
        select (row_number() over (order by id))::int as k, id, user_id, at from seed_news`,
    sql`alter table seed_news_order add primary key (k)`,
  );
  const [newsCount] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from seed_news`);
  const N = sql.raw(String(newsCount?.n ?? 0));
  // Newer items draw more comments and likes: k = N * random()^0.6 leans to the recent end.
  const recentNews = sql`greatest(1, ceil(power(random(), 0.6) * ${N}))::int`;

  await step(
    `staging ${size.comments.toLocaleString('en-US')} news comments`,
    sql`create temp table seed_comments as
        select (row_number() over (order by at))::int + (select coalesce(max(id), 0) from news_comments) as id,
               news_id, user_id, at, r
        from (select o.id as news_id, m.id as user_id, s.r,
                     least(now(), o.at + random() * least(now() - o.at, interval '10 days')) as at
              from (select ${recentNews} as nk, ${busy} as k, random() as r
                    from generate_series(1, ${n(size.comments)})) s
              join seed_news_order o on o.k = s.nk join seed_members m on m.k = s.k) x`,
  );
  await step(
    'news_items with their comment counts',
    sql`insert into news_items (id, user_id, kind, content, media_type, media_code, media_title, comment_count, created_at)
        overriding system value
        select n.id, n.user_id, n.kind,
               case when n.user_id = 2 then '<p>This week on Marquee: new members, new reels and the board''s best threads.</p>'
                    when n.kind = 'v4v' then 'View for view: my IMDb page is up, happy to return the favour. https://www.imdb.com/name/nm'
                         || lpad((9000000 + n.id % 900000)::text, 7, '0') || '/'
                    when n.r > 0.97 then ${pick(POSTS, sql`n.id`)} || ' Thanks @[' || mm.first || ' ' || mm.last || '](' || mm.id || ')'
                    else ${pick(POSTS, sql`n.id`)} end,
               n.media,
               case n.media when 'image' then (extract(epoch from n.at) * 1000)::bigint || '-' || substr(md5(n.id::text), 1, 10) || '.jpg'
                            when 'youtube' then substr(md5('yt' || n.id), 1, 11) else '' end,
               case when n.media = 'youtube' then 'Showreel ' || (n.id % 5000) end,
               coalesce(c.n, 0), n.at
        from seed_news n
        left join (select news_id, count(*)::int as n from seed_comments group by 1) c on c.news_id = n.id
        left join seed_members mm on mm.k = 1 + n.id % ${M}
        order by n.id`,
  );
  await step(
    `news_comments: ${size.comments.toLocaleString('en-US')}`,
    sql`insert into news_comments (id, news_id, user_id, comment, created_at) overriding system value
        select id, news_id, user_id, ${pick(COMMENTS, sql`floor(r * 1000)::int`)}, at from seed_comments order by id`,
  );
  await step(
    'images: the news images and profile photos',
    sql`insert into images (owner_id, folder, name, mime, width, height, bytes, created_at)
        select user_id, 'news', media_code, 'image/jpeg', 1200, 800, 90000 + id % 400000, created_at
        from news_items where media_type = 'image' and id in (select id from seed_news)
        union all
        select m.id, 'profiles', (extract(epoch from s.at) * 1000)::bigint || '-' || substr(md5('p' || s.g), 1, 10) || '.jpg',
               'image/jpeg', 800, 800, 60000 + s.g % 200000, s.at
        from (select g, ${anyone} as k, now() - random() * interval '700 days' as at
              from generate_series(1, ${n(size.profilePhotos)}) g) s
        join seed_members m on m.k = s.k
        order by 8`,
  );
  await step(
    `news_likes: ${size.newsLikes.toLocaleString('en-US')} drawn`,
    sql`insert into news_likes (news_id, user_id, created_at)
        select o.id, m.id, least(now(), o.at + random() * least(now() - o.at, interval '5 days'))
        from (select ${recentNews} as nk, ${busy} as k from generate_series(1, ${n(size.newsLikes)})) s
        join seed_news_order o on o.k = s.nk join seed_members m on m.k = s.k
        on conflict do nothing`,
  );
  await step(
    `news_comment_likes: ${size.commentLikes.toLocaleString('en-US')} drawn`,
    sql`insert into news_comment_likes (comment_id, user_id, created_at)
        select c.id, m.id, least(now(), c.at + interval '1 hour')
        from (select 1 + floor(random() * (select count(*) from seed_comments))::int as ck, ${busy} as k
              from generate_series(1, ${n(size.commentLikes)})) s
        join (select (row_number() over (order by id))::int as ck, id, user_id, at from seed_comments) c on c.ck = s.ck
        join seed_members m on m.k = s.k
        where m.id <> c.user_id
        on conflict do nothing`,
  );
  await step(
    'hidden news items and authors',
    sql`insert into news_hidden_items (user_id, news_id, created_at)
        select m.id, o.id, least(now(), o.at + interval '1 day')
        from (select ${busy} as k, ${recentNews} as nk from generate_series(1, ${n(size.hiddenItems)})) s
        join seed_members m on m.k = s.k join seed_news_order o on o.k = s.nk
        where o.user_id <> m.id
        on conflict do nothing`,
    sql`insert into news_hidden_authors (user_id, author_id, created_at)
        select m.id, a.id, now() - random() * interval '300 days'
        from (select ${busy} as k, ${busy} as ak from generate_series(1, ${n(size.hiddenAuthors)})) s
        join seed_members m on m.k = s.k join seed_members a on a.k = s.ak
        where a.id <> m.id
        on conflict do nothing`,
  );

  // Conversations: pairs of members (one side drawn skewed), then messages over the last year
  // falling on them skewed too, so a few conversations are long. Each member of a pair gets their
  // message_threads row with the last message; the recipient's is unread for a quarter of them.
  await step(
    `messages: ${size.messages.toLocaleString('en-US')} in ${size.conversations.toLocaleString('en-US')} conversations drawn`,
    sql`create temp table seed_pairs as
        select (row_number() over (order by random()))::int as p, lo, hi from (
          select distinct least(a.id, b.id) as lo, greatest(a.id, b.id) as hi
          from (select ${busy} as ka, ${anyone} as kb from generate_series(1, ${n(size.conversations)})) s
          join seed_members a on a.k = s.ka join seed_members b on b.k = s.kb
          where a.id <> b.id) d`,
    sql`alter table seed_pairs add primary key (p)`,
    sql`create temp table seed_messages as
        select (row_number() over (order by at))::int + (select coalesce(max(id), 0) from messages) as id,
               case when lo_sends then lo else hi end as sender_id,
               case when lo_sends then hi else lo end as recipient_id, at
        from (select pr.lo, pr.hi, random() < 0.5 as lo_sends,
                     now() - interval '1 minute' - random() * interval '365 days' as at
              from (select 1 + floor(power(random(), 2) * (select count(*) from seed_pairs))::int as p
                    from generate_series(1, ${n(size.messages)})) s
              join seed_pairs pr on pr.p = s.p) x`,
    sql`insert into messages (id, sender_id, recipient_id, body, created_at) overriding system value
        select id, sender_id, recipient_id, ${pick(MESSAGES, sql`id`)}, at from seed_messages order by id`,
    sql`insert into message_threads (owner_id, other_id, last_message_id, last_at, unread)
        select v.owner_id, v.other_id, l.id, l.at, v.owner_id = l.recipient_id and l.r < 0.25
        from (select distinct on (least(sender_id, recipient_id), greatest(sender_id, recipient_id))
                     id, sender_id, recipient_id, at, random() as r
              from seed_messages
              order by least(sender_id, recipient_id), greatest(sender_id, recipient_id), id desc) l
        cross join lateral (values (l.sender_id, l.recipient_id), (l.recipient_id, l.sender_id)) as v(owner_id, other_id)`,
  );

  // Alerts: one unseen message alert per unread conversation (as raiseMessageAlert leaves them),
  // then likes, comments and mentions of members' posts (with their actor) and the site's own
  // (no actor) over the last 90 days; those older than three days mostly seen.
  await step(
    `alerts: ${size.alerts.toLocaleString('en-US')}`,
    sql`insert into alerts (user_id, actor_id, kind, content, link, created_at, seen_at)
        select user_id, actor_id, kind, content, link, at, seen from (
          select t.owner_id as user_id, t.other_id as actor_id, 'message' as kind,
                 u.first || ' ' || u.last || ' sent you a message.' as content, '/messages/' || t.other_id as link,
                 t.last_at as at, null::timestamptz as seen
          from message_threads t join users u on u.id = t.other_id where t.unread
          union all
          select m.id, case when s.r < 0.85 then a.id end,
                 case when s.r < 0.45 then 'news_like' when s.r < 0.75 then 'news_comment' when s.r < 0.85 then 'news_mention'
                      when s.r < 0.95 then 'listing_disabled' else 'trade' end,
                 case when s.r < 0.45 then a.first || ' ' || a.last || ' liked your post.'
                      when s.r < 0.75 then a.first || ' ' || a.last || ' commented on your post.'
                      when s.r < 0.85 then a.first || ' ' || a.last || ' mentioned you in a post.'
                      when s.r < 0.95 then 'One of your listings was paused: please check it.'
                      else 'Your points trade went through.' end,
                 case when s.r < 0.85 then '/home/' || (1 + s.g % ${N}) else '/my-listings' end,
                 s.at, case when s.at < now() - interval '3 days' and s.r2 < 0.9 then s.at + interval '2 hours' end
          from (select g, ${busy} as k, ${busy} as ak, random() as r, random() as r2,
                       now() - random() * interval '90 days' as at
                from generate_series(1, greatest(0, ${n(size.alerts)} - (select count(*) from message_threads where unread))) g) s
          join seed_members m on m.k = s.k join seed_members a on a.k = s.ak
        ) x order by at`,
  );

  // Profile videos (uniformly spread: at most a few per member, under the limit of 12) and their
  // anonymous ratings, mostly up.
  await step(
    `profile_videos and video_ratings`,
    sql`insert into profile_videos (user_id, code, name, created_at)
        select m.id, substr(md5('pv' || s.g), 1, 11), 'Showreel ' || s.g, s.at
        from (select g, ${anyone} as k, now() - random() * interval '700 days' as at
              from generate_series(1, ${n(size.videos)}) g) s
        join seed_members m on m.k = s.k
        order by s.at
        on conflict do nothing`,
    sql`insert into video_ratings (video_id, user_id, vote, created_at)
        select v.id, m.id, case when s.r < 0.75 then 'up' else 'down' end,
               v.created_at + random() * (now() - v.created_at)
        from (select 1 + floor(random() * (select count(*) from profile_videos))::int as vk, ${anyone} as k,
                     random() as r from generate_series(1, ${n(size.videoRatings)})) s
        join (select (row_number() over (order by id))::int as vk, id, user_id, created_at from profile_videos) v
          on v.vk = s.vk
        join seed_members m on m.k = s.k
        where m.id <> v.user_id
        on conflict do nothing`,
  );

  await step(
    'news filters of some members (hideV4V, hideFaceless)',
    sql`update users set hide_v4v = true, hide_faceless = id % 5 = 0
        where kind = 'member' and id % 11 = 4 and not hide_v4v`,
  );

  await step(
    `create the ${secondary.length} secondary indexes again`,
    ...secondary.map((i) => sql.raw(i.indexdef)),
  );
  await step(
    'identity sequences, drop the staging tables',
    ...['news_items', 'news_comments', 'messages', 'alerts', 'images', 'profile_videos'].map((t) =>
      sql.raw(`select setval(pg_get_serial_sequence('${t}', 'id'), (select coalesce(max(id), 1) from ${t}))`),
    ),
    sql`drop table seed_members, seed_news, seed_news_order, seed_comments, seed_pairs, seed_messages`,
  );
}

/** Rows (as ANALYZE estimates them) and size on disk, indexes included, of the social tables. */
export async function socialTableSizes(db: Db): Promise<LargeSocialReport['tables']> {
  const rows = await rowsOf<{ table: string; rows: string; mb: string }>(
    db,
    sql`select c.relname as table, greatest(c.reltuples, 0)::bigint as rows,
               pg_total_relation_size(c.oid) / 1048576.0 as mb
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind = 'r'
          and c.relname in (${sql.join(
            SOCIAL_TABLES.map((t) => sql`${t}`),
            sql`, `,
          )})
        order by pg_total_relation_size(c.oid) desc`,
  );
  return rows.map((r) => ({ table: r.table, rows: Number(r.rows), mb: Number(r.mb) }));
}

export function printLargeSocialReport(report: LargeSocialReport) {
  console.log(`Social data seeded in ${report.seconds.toFixed(1)} s. Tables (rows as estimated by ANALYZE):`);
  for (const t of report.tables) {
    console.log(
      `  ${t.table.padEnd(22)} ${t.rows.toLocaleString('en-US').padStart(12)} rows ${t.mb.toFixed(0).padStart(7)} MB`,
    );
  }
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('seed-large-social needs DATABASE_URL: a PostgreSQL database seeded by seed:large.');
    process.exit(2);
  }
  const database = await openDatabase({ url });
  try {
    await database.migrate();
    const [members] = await rowsOf<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from users where kind = 'member'`,
    );
    const size = socialSizeFor(members?.n ?? 0);
    console.log(
      `Seeding the social data for ${(members?.n ?? 0).toLocaleString('en-US')} members (skipped if news items exist):`,
    );
    const report = await seedLargeSocial(database.db, size, (line) => console.log(line));
    if (report) printLargeSocialReport(report);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
