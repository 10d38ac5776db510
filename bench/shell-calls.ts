/**
 * The calls every signed-in page makes (checkToken, point box, top-bar counts, recent threads) under
 * 50 concurrent members, against the bare /healthz/live of the same server.
 *   npm run bench:shell                       embedded PGlite in memory
 *   BENCH_DATABASE_URL=postgres://... npm run bench:shell   a fresh database on that server
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { APP_VERSION, OPERATIONS_BASE } from '@marquee/contract';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { openDatabase, rowsOf } from '../apps/server/src/platform/db/database.js';
import { systemClock } from '../apps/server/src/platform/clock.js';
import { hashToken, newToken } from '../apps/server/src/platform/tokens.js';
import { load, printResults, type LoadRequest } from './load.js';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 5000);
const CONCURRENCY = 50;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5000);

const base = process.env.BENCH_DATABASE_URL;
let dropDatabase = async () => {};
let url: string | undefined;
if (base) {
  const name = `marquee_bench_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  url = u.toString();
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
}

const database = await openDatabase(url ? { url } : { dataDir: null });
await database.migrate();
const db = database.db;
console.log(
  `Database: ${database.kind}; seeding ${MEMBERS} members with sessions, conversations and alerts...`,
);

// Members, their sign-up bonus as ledger movements, one session each, a conversation and an alert each.
await db.execute(sql`
  insert into users (first, last, email, username, password_hash, imdb_url, points, created_at, premium_expires)
  select 'Bench', 'Member ' || g, 'bench' || g || '@example.test', 'bench' || g, 'x',
         'https://www.imdb.com/name/nm' || (1000000 + g) || '/', 100, now() - interval '30 days',
         case when g % 3 = 0 then now() + interval '30 days' end
  from generate_series(1, ${MEMBERS}) g`);
await db.execute(sql`
  insert into ledger_entries (movement_id, account_id, delta, kind, created_at)
  select m.id, a.account_id, a.delta, 'signup_bonus', now()
  from (select id as uid, gen_random_uuid() as id from users where kind = 'member') m
  cross join lateral (values (m.uid, 100), (1, -100)) as a(account_id, delta)`);
await db.execute(sql`update users set points = points - ${MEMBERS * 100} where id = 1`);
const tokens: string[] = [];
const ids = await rowsOf<{ id: number }>(db, sql`select id from users where kind = 'member' order by id`);
const sessionRows = ids.map((r) => {
  const token = newToken();
  tokens.push(token);
  return sql`(${hashToken(token)}, ${r.id}, now(), now())`;
});
for (let i = 0; i < sessionRows.length; i += 1000) {
  await db.execute(
    sql`insert into sessions (token_hash, user_id, created_at, last_used_at) values ${sql.join(sessionRows.slice(i, i + 1000), sql`, `)}`,
  );
}
await db.execute(sql`
  insert into messages (sender_id, recipient_id, body, created_at)
  select id, case when id = (select max(id) from users) then 1000 else id + 1 end, 'Hello from the benchmark', now()
  from users where kind = 'member'`);
await db.execute(sql`
  insert into message_threads (owner_id, other_id, last_message_id, last_at, unread)
  select recipient_id, sender_id, id, created_at, true from messages
  union all select sender_id, recipient_id, id, created_at, false from messages`);
await db.execute(sql`
  insert into alerts (user_id, kind, content, link, created_at)
  select id, 'welcome', 'Welcome to Marquee!', '/dashboard', now() from users where kind = 'member'`);
await db.execute(sql`analyze`);

const app = await buildApp({ config: loadConfig({ PORT: '3999' }), db, clock: systemClock, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const auth = (t: string) => ({ authorization: `Bearer ${t}` });
const get = (path: string) =>
  tokens.map((t) => ({ method: 'GET' as const, path: `${OPERATIONS_BASE}/${path}`, headers: auth(t) }));
const job = (requests: LoadRequest[], total = REQUESTS) => ({
  origin,
  concurrency: CONCURRENCY,
  total,
  requests,
});

// Warm up connections and query plans.
await load('warm-up', job(get('earnPoints/updatePointBalance'), 1000));

const bare = await load('bare: /healthz/live', job([{ method: 'GET', path: '/healthz/live' }]));
const results = [
  await load(
    'login/checkToken',
    job(
      tokens.map((t) => ({
        method: 'POST' as const,
        path: `${OPERATIONS_BASE}/login/checkToken`,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: t, version: APP_VERSION }),
      })),
    ),
  ),
  await load('earnPoints/updatePointBalance', job(get('earnPoints/updatePointBalance'))),
  await load('alerts/checkMessagesAndAlerts', job(get('alerts/checkMessagesAndAlerts'))),
  await load('messages/fetchRecentThreads', job(get('messages/fetchRecentThreads?limit=6'))),
];
console.log(
  `\n${MEMBERS} members, ${CONCURRENCY} concurrent clients, ${REQUESTS} requests per call, ${database.kind}:`,
);
printResults(results, bare);

await app.close();
await database.close();
await dropDatabase();
