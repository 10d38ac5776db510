/**
 * The help center's part of the large generated data set (seed-large.ts calls it after the
 * calendar): 20,000 help requests by default over two years, most closed, the open ones recent,
 * each with its messages (the member's and the support team's, alternating) and its status changes
 * (docs/domain.md H4), and live chats for a few thousand members; set-based SQL over
 * generate_series. Skipped when the database has help requests already.
 *   DATABASE_URL=postgres://… npx tsx apps/server/src/scripts/seed-large-help.ts [--requests=N]
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import { openDatabase, rowsOf, type Db } from '../platform/db/database.js';

export interface LargeHelpSize {
  requests: number;
  /** Members with a live chat. */
  chats: number;
}

export const LARGE_HELP_SIZE: LargeHelpSize = { requests: 20_000, chats: 3_000 };

export interface LargeHelpReport {
  size: LargeHelpSize;
  steps: { step: string; seconds: number }[];
  seconds: number;
  requests: number;
  messages: number;
  chatMessages: number;
}

/** The support account (D2.1) that staff replies are posted as (H5). */
const SUPPORT = sql.raw('3');

const textArray = (values: string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`);
const pick = (values: string[], by: SQL) => sql`(${textArray(values)})[1 + (${by}) % ${values.length}]`;

const SUBJECTS = [
  'Points missing after an action',
  'My IMDb answer was marked wrong',
  'How do I change my username?',
  'Charged twice for a membership',
  'The Pro extension will not pair',
  'Twitter account will not link',
  'A follow was not counted',
  'Cancel my renewal',
  'Listing stuck as pending',
  'Question about referral points',
];
const MEMBER_TEXT = [
  'I did the action and the points never arrived. Can you check?',
  'The page says something different from what the question expects.',
  'Thanks, that worked. One more question about the same thing though.',
  'I tried again this morning and it still happens on www.imdb.com.',
  'Could you look at my account when you have a moment?',
];
const SUPPORT_TEXT = [
  'Thanks for writing! We checked your account and fixed it: please try again now.',
  'Could you tell us which listing it was and roughly when it happened?',
  'That is expected: the daily count starts again at midnight Pacific time.',
  'We have refunded the second charge; it shows on your card within a few days.',
  'Open your Account page and choose Update: your points and history stay as they are.',
];

/**
 * Seeds the help desk onto the members already in a migrated database, unless it has requests
 * already (then answers null). `analyze` false leaves the statistics to the caller.
 */
export async function seedLargeHelp(
  database: Db,
  size: LargeHelpSize = LARGE_HELP_SIZE,
  log: (line: string) => void = () => {},
  options: { analyze?: boolean } = {},
): Promise<LargeHelpReport | null> {
  const [has] = await rowsOf<{ requests: boolean; members: number }>(
    database,
    sql`select exists (select 1 from help_requests) as requests,
               (select count(*) from users where kind = 'member' and status = 'active')::int as members`,
  );
  if (has?.requests) {
    log('  help requests: the help desk has requests already, skipped');
    return null;
  }
  if (!has?.members) throw new Error('The help seed needs members: run seed:large first.');
  const steps: LargeHelpReport['steps'] = [];
  const started = performance.now();
  const step = async (db: Db, name: string, ...queries: SQL[]) => {
    const t0 = performance.now();
    for (const q of queries) await db.execute(q);
    const seconds = (performance.now() - t0) / 1000;
    steps.push({ step: name, seconds });
    log(`  ${name.padEnd(44)} ${seconds.toFixed(1).padStart(6)} s`);
  };
  const n = (v: number) => sql.raw(String(Math.max(0, Math.floor(v))));
  await database.transaction(async (db) => {
    await db.execute(sql`set local work_mem = '128MB'`);
    await step(
      db,
      `help requests: ${size.requests.toLocaleString('en-US')}`,
      sql`create temp table seed_help_members on commit drop as
          select (row_number() over (order by id))::int as k, id from users
          where kind = 'member' and status = 'active'`,
      // One in ten Pending (a few waiting past the 24 hours promised), 15 in 100 awaiting the member,
      // the rest closed; open ones are recent, closed ones spread over two years. Pending requests
      // end on the member's message (1 or 3), awaiting ones on support's (2 or 4), closed ones 2 to 5.
      sql`create temp table seed_help on commit drop as
          select (select coalesce(max(id), 0) from help_requests) + g as id, g, m.id as member, s.status,
                 s.created, s.msgs,
                 (select min(id) from users where role = 'admin') as admin
          from (select g,
                       case when r < 0.10 then 'Pending' when r < 0.25 then 'Awaiting Response' else 'Closed' end
                         as status,
                       case when r < 0.10 then now() - random() * interval '40 hours'
                            when r < 0.25 then now() - random() * interval '14 days'
                            else now() - interval '2 days' - random() * interval '730 days' end as created,
                       case when r < 0.10 then 1 + 2 * floor(random() * 2)::int
                            when r < 0.25 then 2 + 2 * floor(random() * 2)::int
                            else 2 + floor(random() * 4)::int end as msgs,
                       1 + floor(random() * (select count(*) from seed_help_members))::int as mk
                from (select g, random() as r from generate_series(1, ${n(size.requests)}) g) r) s
          join seed_help_members m on m.k = s.mk`,
      // Open requests were answered within the last hours, so their messages come closer together.
      sql`insert into help_requests (id, user_id, subject, status, created_at, updated_at)
          overriding system value
          select id, member, ${pick(SUBJECTS, sql`g`)}, status, created,
                 created + (msgs - 1) * interval '2 hours' + case when status = 'Closed' then interval '1 hour'
                                                                  else interval '0' end
          from seed_help order by id`,
      sql`select setval(pg_get_serial_sequence('help_requests', 'id'), (select max(id) from help_requests))`,
    );
    await step(
      db,
      'help messages and status changes',
      sql`insert into help_messages (request_id, author_id, staff_id, body, image, created_at)
          select h.id,
                 case when j % 2 = 1 then h.member else ${SUPPORT} end,
                 case when j % 2 = 1 then null else h.admin end,
                 case when j % 2 = 1 then ${pick(MEMBER_TEXT, sql`h.g + j`)} else ${pick(SUPPORT_TEXT, sql`h.g + j`)} end,
                 null,
                 h.created + (j - 1) * interval '2 hours'
          from seed_help h cross join lateral generate_series(1, h.msgs) j
          order by h.id, j`,
      sql`insert into help_status_changes (request_id, changed_by, from_status, to_status, reason, at)
          select id, member, null, 'Pending', 'opened', created from seed_help
          union all
          select h.id,
                 case when j % 2 = 0 then h.admin else h.member end,
                 case when j % 2 = 0 then 'Pending' else 'Awaiting Response' end,
                 case when j % 2 = 0 then 'Awaiting Response' else 'Pending' end,
                 case when j % 2 = 0 then 'staff reply' else 'member reply' end,
                 h.created + (j - 1) * interval '2 hours'
          from seed_help h cross join lateral generate_series(2, h.msgs) j
          union all
          select id, member, case when msgs % 2 = 0 then 'Awaiting Response' else 'Pending' end, 'Closed',
                 'member closed', created + (msgs - 1) * interval '2 hours' + interval '1 hour'
          from seed_help where status = 'Closed'
          order by 1, 6`,
    );
    await step(
      db,
      `live chats: ${size.chats.toLocaleString('en-US')} members`,
      sql`create temp table seed_chat on commit drop as
          select m.id as member, 1 + floor(random() * 6)::int as msgs,
                 now() - random() * interval '60 days' as started,
                 (select min(id) from users where role = 'admin') as admin
          from seed_help_members m
          where m.k in (select 1 + floor(random() * (select count(*) from seed_help_members))::int
                        from generate_series(1, ${n(size.chats)}))`,
      sql`insert into chat_messages (member_id, from_support, staff_id, body, created_at)
          select c.member, j % 2 = 0, case when j % 2 = 0 then c.admin end,
                 case when j % 2 = 1 then ${pick(MEMBER_TEXT, sql`c.member + j`)}
                      else ${pick(SUPPORT_TEXT, sql`c.member + j`)} end,
                 c.started + (j - 1) * interval '3 minutes'
          from seed_chat c cross join lateral generate_series(1, c.msgs) j
          order by c.member, j`,
      sql`insert into chat_conversations (member_id, last_message_id, last_at, waiting)
          select distinct on (member_id) member_id, id, created_at, not from_support
          from chat_messages order by member_id, id desc`,
    );
  });
  if (options.analyze !== false) {
    const t0 = performance.now();
    await database.execute(
      sql`vacuum analyze help_requests, help_messages, help_status_changes, chat_messages, chat_conversations`,
    );
    const seconds = (performance.now() - t0) / 1000;
    steps.push({ step: 'VACUUM ANALYZE (help)', seconds });
    log(`  ${'VACUUM ANALYZE (help)'.padEnd(44)} ${seconds.toFixed(1).padStart(6)} s`);
  }
  const [counts] = await rowsOf<{ requests: number; messages: number; chat: number }>(
    database,
    sql`select (select count(*) from help_requests)::int as requests,
               (select count(*) from help_messages)::int as messages,
               (select count(*) from chat_messages)::int as chat`,
  );
  return {
    size,
    steps,
    seconds: (performance.now() - started) / 1000,
    requests: counts?.requests ?? 0,
    messages: counts?.messages ?? 0,
    chatMessages: counts?.chat ?? 0,
  };
}

export function printLargeHelpReport(report: LargeHelpReport) {
  console.log(
    `Help desk seeded in ${report.seconds.toFixed(1)} s: ${report.requests.toLocaleString('en-US')} requests, ${report.messages.toLocaleString('en-US')} messages, ${report.chatMessages.toLocaleString('en-US')} chat messages.`,
  );
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('seed-large-help needs DATABASE_URL: a PostgreSQL database seeded by seed:large.');
    process.exit(2);
  }
  const arg = process.argv.find((a) => a.startsWith('--requests='))?.split('=')[1];
  const requests = arg === undefined ? LARGE_HELP_SIZE.requests : Number(arg);
  if (!Number.isInteger(requests) || requests <= 0)
    throw new Error('--requests must be a positive whole number.');
  const database = await openDatabase({ url });
  try {
    await database.migrate();
    console.log(
      `Seeding ${requests.toLocaleString('en-US')} help requests (skipped if the desk has requests):`,
    );
    const report = await seedLargeHelp(database.db, { ...LARGE_HELP_SIZE, requests }, (line) =>
      console.log(line),
    );
    if (report) printLargeHelpReport(report);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
