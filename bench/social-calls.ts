/**
 * The social screens' calls on a large PostgreSQL data set under 50 concurrent members: the news
 * feed (news/fetchNewsItems: the feed's first page and page 5, a member's posts, one item; an item's
 * comments), messages (the top bar's recent threads, one conversation), alerts (the top bar's
 * counts, the list), the home page's side columns (new members, the featured video, recent board
 * posts) and a profile, against the bare /healthz/live of the same server in the same run.
 *   BENCH_DATABASE_URL=postgres://…/db npm run bench:social   a database seeded by `npm run seed:large`
 *                                                             (its social data added first if missing)
 *   npm run bench:social                                      a fresh database, seeded, dropped after
 * BENCH_MEMBERS (2000) members sign in: those with the most social activity (posts, comments,
 * likes, conversations, messages, alerts, board posts), who have the fullest feeds and inboxes.
 *
 * Two rounds of 50 clients, as in bench/earn-calls.ts: back to back (throughput as a share of the
 * bare endpoint's) and paced, each member calling again BENCH_THINK_MS (1000 ms, exponential) after
 * an answer (the latency, p95). Reads only: nothing is posted, so the run can repeat. (Reading a
 * conversation or the alert list marks it read or seen, as in the app: the first read of each
 * writes, later ones find nothing left to mark.)
 */
import { sql } from 'drizzle-orm';
import {
  printLargeSocialReport,
  seedLargeSocial,
  socialSizeFor,
} from '../apps/server/src/scripts/seed-large-social.js';
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

const large = await openLargeDatabase('social');
try {
  const { db, rows } = large;
  // A database seeded before the social data existed gets it now (skipped when it has news items).
  const [people] = await rows<{ n: number }>(sql`select count(*)::int as n from users where kind = 'member'`);
  const social = await seedLargeSocial(db, socialSizeFor(people?.n ?? 0), (line) => console.log(line));
  if (social) printLargeSocialReport(social);

  // The busiest active members, each with what their screens ask about: the latest item they liked
  // by an author they can see (one item, its comments, and its author's posts and profile), and
  // their latest conversation with a member they can see.
  const started = performance.now();
  const members = await rows<{
    id: number;
    activity: number;
    item: number | null;
    author: number | null;
    other: number | null;
  }>(sql`
    with activity as (
      select user_id as id, count(*) as n from news_items group by 1
      union all select user_id, count(*) from news_comments group by 1
      union all select user_id, count(*) from news_likes group by 1
      union all select owner_id, count(*) from message_threads group by 1
      union all select sender_id, count(*) from messages group by 1
      union all select user_id, count(*) from alerts group by 1
      union all select user_id, count(*) from board_posts group by 1
    ), busiest as (
      select a.id, sum(a.n)::int as activity from activity a join users u on u.id = a.id
      where u.kind = 'member' and u.status = 'active'
      group by a.id order by sum(a.n) desc limit ${MEMBERS}::int
    )
    select b.id, b.activity, liked.id as item, liked.user_id as author, talk.other_id as other
    from busiest b
    left join lateral (
      select n.id, n.user_id from news_likes l join news_items n on n.id = l.news_id join users a on a.id = n.user_id
      where l.user_id = b.id and n.user_id <> b.id and a.status = 'active' and a.kind = 'member'
        and not exists (select 1 from blocks k where (k.blocker_id, k.blocked_id) in ((b.id, n.user_id), (n.user_id, b.id)))
      order by n.id desc limit 1
    ) liked on true
    left join lateral (
      select t.other_id from message_threads t join users o on o.id = t.other_id
      where t.owner_id = b.id and o.status = 'active' and o.kind = 'member'
        and not exists (select 1 from blocks k where (k.blocker_id, k.blocked_id) in ((b.id, t.other_id), (t.other_id, b.id)))
      order by t.last_at desc limit 1
    ) talk on true
    order by b.activity desc`);
  const tokens = await signIn(
    db,
    members.map((m) => m.id),
  );
  const activity = members.map((m) => m.activity).sort((a, b) => a - b);
  console.log(
    `${members.length} members signed in (chosen in ${((performance.now() - started) / 1000).toFixed(1)} s); social rows each: median ${activity[activity.length >> 1]}, most ${activity[activity.length - 1]}.`,
  );

  const { app, origin } = await startBenchServer(db);
  const each = (make: (token: string, m: (typeof members)[number]) => LoadRequest | null) =>
    eachMember(members, tokens, make);
  const feed = (body: object) => (t: string) => post('news/fetchNewsItems', t, body);
  const calls: [string, LoadRequest[]][] = [
    ['fetchNewsItems all, page 1', each(feed({ filter: 'all', page: 1 }))],
    ['fetchNewsItems all, page 5', each(feed({ filter: 'all', page: 5 }))],
    [
      'fetchNewsItems user',
      each((t, m) => (m.author ? feed({ filter: 'user', filter_id: m.author, page: 1 })(t) : null)),
    ],
    [
      'fetchNewsItems single',
      each((t, m) => (m.item ? feed({ filter: 'single', filter_id: m.item })(t) : null)),
    ],
    [
      'news/fetchNewsFeedComments',
      each((t, m) => (m.item ? post('news/fetchNewsFeedComments', t, { news_id: m.item }) : null)),
    ],
    ['messages/fetchRecentThreads', each((t) => get('messages/fetchRecentThreads?limit=6', t))],
    [
      'messages/fetchMessageThread',
      each((t, m) => (m.other ? post('messages/fetchMessageThread', t, { user_id: m.other }) : null)),
    ],
    ['alerts/checkMessagesAndAlerts', each((t) => get('alerts/checkMessagesAndAlerts', t))],
    ['alerts/fetchAlertList', each((t) => get('alerts/fetchAlertList', t))],
    ['home/fetchNewMembers', each((t) => get('home/fetchNewMembers', t))],
    ['home/fetchFeaturedVideo', each((t) => get('home/fetchFeaturedVideo', t))],
    ['board/fetchRecentPosts', each((t) => get('board/fetchRecentPosts', t))],
    [
      'profile/fetchUserDetails',
      each((t, m) => (m.author ? post('profile/fetchUserDetails', t, { user_id: m.author }) : null)),
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
