/**
 * The When To Watch part of the large generated data set (seed-large.ts calls it after the social
 * data): 50,000 events by default, three years of past events and two years of upcoming ones (the
 * horizon a member may add to, docs/domain.md W4), each with its poster taking part and a few
 * others, in set-based SQL over generate_series. Skipped when the database has events already.
 *   DATABASE_URL=postgres://… npx tsx apps/server/src/scripts/seed-large-watch.ts [--events=N]
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import { SITE_TIME_ZONE } from '@marquee/contract';
import { openDatabase, rowsOf, type Db } from '../platform/db/database.js';

export interface LargeWatchSize {
  events: number;
  /** The share of events still to come (the rest took place in the last three years). */
  upcomingShare: number;
}

export const LARGE_WATCH_SIZE: LargeWatchSize = { events: 50_000, upcomingShare: 0.4 };

export interface LargeWatchReport {
  size: LargeWatchSize;
  steps: { step: string; seconds: number }[];
  seconds: number;
  events: number;
  participants: number;
}

const PACIFIC = sql.raw(`'${SITE_TIME_ZONE}'`);

const textArray = (values: string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`);
const pick = (values: string[], by: SQL) => sql`(${textArray(values)})[1 + (${by}) % ${values.length}]`;

const TITLES = [
  'Harbor Lights',
  'The Long Night',
  'Quiet Hours',
  'Northbound',
  'Paper Kingdoms',
  'Saltwater',
  'The Understudy',
  'Glass Coast',
  'Small Hours',
  'Open Road',
  'Second Act',
  'Night Shift',
];
const ROLES = ['Actor', 'Actress', 'Director', 'Writer', 'Producer', 'Editor', 'Composer', 'Cinematographer'];
const CHANNELS: Record<string, string[]> = {
  tv: ['NBC', 'HBO', 'BBC One', 'PBS', 'FX', 'AMC'],
  newmedia: ['YouTube', 'Netflix', 'Vimeo', 'Spotify', 'Twitch'],
  premiere: ['TCL Chinese Theatre', 'Sundance', 'Tribeca', 'Lincoln Center'],
  release: ['In theaters', 'Netflix', 'Prime Video', 'Blu-ray'],
  other: ['The Comedy Store', 'Zoom', 'Public library', 'Playhouse West'],
};

/**
 * Seeds the events onto the members already in a migrated database, unless it has events already
 * (then answers null). `analyze` false leaves the statistics to the caller (seed-large runs VACUUM
 * ANALYZE after).
 */
export async function seedLargeWatch(
  database: Db,
  size: LargeWatchSize = LARGE_WATCH_SIZE,
  log: (line: string) => void = () => {},
  options: { analyze?: boolean } = {},
): Promise<LargeWatchReport | null> {
  const [has] = await rowsOf<{ events: boolean; members: number }>(
    database,
    sql`select exists (select 1 from events) as events,
               (select count(*) from users where kind = 'member' and status = 'active')::int as members`,
  );
  if (has?.events) {
    log('  events: the calendar has events already, skipped');
    return null;
  }
  if (!has?.members) throw new Error('The events seed needs members: run seed:large first.');
  const steps: LargeWatchReport['steps'] = [];
  const started = performance.now();
  const step = async (db: Db, name: string, ...queries: SQL[]) => {
    const t0 = performance.now();
    for (const q of queries) await db.execute(q);
    const seconds = (performance.now() - t0) / 1000;
    steps.push({ step: name, seconds });
    log(`  ${name.padEnd(44)} ${seconds.toFixed(1).padStart(6)} s`);
  };
  const n = (v: number) => sql.raw(String(Math.max(0, Math.floor(v))));
  const upcoming = Math.round(size.events * size.upcomingShare);
  await database.transaction(async (db) => {
    await db.execute(sql`set local work_mem = '128MB'`);
    const today = sql`(now() at time zone ${PACIFIC})::date`;
    await step(
      db,
      `events: ${size.events.toLocaleString('en-US')} (${upcoming.toLocaleString('en-US')} upcoming)`,
      sql`create temp table seed_watch_members on commit drop as
          select (row_number() over (order by id))::int as k, id from users
          where kind = 'member' and status = 'active'`,
      sql`create temp table seed_watch_events on commit drop as
          select g, m.id as poster, s.day, s.category, s.q
          from (select g,
                       case when g <= ${n(upcoming)}
                            then ${today} + floor(random() * 730)::int
                            else ${today} - 1 - floor(random() * 1095)::int end as day,
                       case when r < 0.3 then 'tv' when r < 0.5 then 'newmedia' when r < 0.65 then 'premiere'
                            when r < 0.85 then 'release' else 'other' end as category,
                       -- Evenings mostly: 4pm to 11:45pm, in 15-minute steps (spec 3 §9).
                       64 + floor(random() * 32)::int as q,
                       1 + floor(random() * (select count(*) from seed_watch_members))::int as mk
                from (select g, random() as r from generate_series(1, ${n(size.events)}) g) r) s
          join seed_watch_members m on m.k = s.mk`,
      sql`insert into events (category, title, posted_by, day, starts_at, channel, channel_url, imdb_url, notes, created_at)
          select category,
                 ${pick(TITLES, sql`g`)} || case when category = 'tv' then ', episode ' || (1 + g % 12) else '' end,
                 poster, day,
                 case when category <> 'release' then (day + q * interval '15 minutes') at time zone ${PACIFIC} end,
                 case category
                   when 'tv' then ${pick(CHANNELS.tv!, sql`g`)}
                   when 'newmedia' then ${pick(CHANNELS.newmedia!, sql`g`)}
                   when 'premiere' then ${pick(CHANNELS.premiere!, sql`g`)}
                   when 'release' then ${pick(CHANNELS.release!, sql`g`)}
                   else ${pick(CHANNELS.other!, sql`g`)} end,
                 case when category = 'newmedia' then 'https://www.youtube.com/watch?v=' || substr(md5(g::text), 1, 11)
                      when g % 3 = 0 then 'https://www.example.com/events/' || g else '' end,
                 case when category in ('tv', 'release') or g % 4 = 0
                      then 'https://www.imdb.com/title/tt' || lpad((8000000 + g)::text, 8, '0') || '/' else '' end,
                 case when g % 5 = 0 then 'Tickets and the trailer at www.example.com/watch/' || g else '' end,
                 day - 30 + interval '12 hours'
          from seed_watch_events order by day, g`,
    );
    await step(
      db,
      'event participants: the poster and up to 5 others',
      sql`insert into event_participants (event_id, user_id, role, joined_at)
          select id, posted_by, ${pick(ROLES, sql`id`)}, created_at from events`,
      sql`insert into event_participants (event_id, user_id, role, joined_at)
          select e.id, m.id, ${pick(ROLES, sql`e.id + x.j`)}, e.created_at + x.j * interval '1 hour'
          from events e
          cross join lateral (select j, 1 + floor(random() * (select count(*) from seed_watch_members))::int as mk
                              from generate_series(1, (e.id * 7) % 6) j) x
          join seed_watch_members m on m.k = x.mk
          on conflict do nothing`,
    );
  });
  if (options.analyze !== false) {
    const t0 = performance.now();
    await database.execute(sql`vacuum analyze events, event_participants`);
    const seconds = (performance.now() - t0) / 1000;
    steps.push({ step: 'VACUUM ANALYZE (events)', seconds });
    log(`  ${'VACUUM ANALYZE (events)'.padEnd(44)} ${seconds.toFixed(1).padStart(6)} s`);
  }
  const [counts] = await rowsOf<{ events: number; participants: number }>(
    database,
    sql`select (select count(*) from events)::int as events,
               (select count(*) from event_participants)::int as participants`,
  );
  return {
    size,
    steps,
    seconds: (performance.now() - started) / 1000,
    events: counts?.events ?? 0,
    participants: counts?.participants ?? 0,
  };
}

export function printLargeWatchReport(report: LargeWatchReport) {
  console.log(
    `Events seeded in ${report.seconds.toFixed(1)} s: ${report.events.toLocaleString('en-US')} events, ${report.participants.toLocaleString('en-US')} participants.`,
  );
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('seed-large-watch needs DATABASE_URL: a PostgreSQL database seeded by seed:large.');
    process.exit(2);
  }
  const arg = process.argv.find((a) => a.startsWith('--events='))?.split('=')[1];
  const events = arg === undefined ? LARGE_WATCH_SIZE.events : Number(arg);
  if (!Number.isInteger(events) || events <= 0) throw new Error('--events must be a positive whole number.');
  const database = await openDatabase({ url });
  try {
    await database.migrate();
    console.log(`Seeding ${events.toLocaleString('en-US')} events (skipped if the calendar has events):`);
    const report = await seedLargeWatch(database.db, { ...LARGE_WATCH_SIZE, events }, (line) =>
      console.log(line),
    );
    if (report) printLargeWatchReport(report);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
