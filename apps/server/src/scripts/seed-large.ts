/**
 * A large generated data set for measuring the earning calls on PostgreSQL (bench/earn-calls.ts):
 * 100,000 members, 200,000 listings and 2,000,000 past actions by default, with their offers,
 * counters, IMDb facts and a ledger that balances (D3.1); then the social data of
 * seed-large-social.ts (news, comments, likes, messages, alerts, videos; sized to the members) for
 * bench/social-calls.ts, and the message board of seed-large-board.ts. Set-based SQL only: a few
 * big insert … select statements over generate_series, no row-by-row inserts.
 *   DATABASE_URL=postgres://… npm run seed:large [--force] [--members=N --listings=N --actions=N]
 * (SEED_MEMBERS, SEED_LISTINGS, SEED_ACTIONS and SEED_FORCE=1 do the same.)
 * Refuses to run without DATABASE_URL. On a database that already has members it adds no members
 * unless --force, but adds the social data when it has none yet (a database seeded before it).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import { SITE_TIME_ZONE } from '@marquee/contract';
import type { Db } from '../platform/db/database.js';
import { openDatabase, rowsOf } from '../platform/db/database.js';
import { checkLedger, type LedgerReport } from '../features/points/ledger.check.js';
import { printLargeSocialReport, seedLargeSocial, socialSizeFor } from './seed-large-social.js';
import { printLargeWatchReport, seedLargeWatch } from './seed-large-watch.js';
import { boardSizeFor, printLargeBoardReport, seedLargeBoard } from './seed-large-board.js';
import { printLargeHelpReport, seedLargeHelp } from './seed-large-help.js';
import { printLargeExchangeReport, seedLargeExchange } from './seed-large-exchange.js';
import { directoryDetailsSql } from './seed-large-directory.js';

export interface LargeSeedSize {
  members: number;
  listings: number;
  actions: number;
}

export const LARGE_SEED_SIZE: LargeSeedSize = { members: 100_000, listings: 200_000, actions: 2_000_000 };

export interface LargeSeedReport {
  size: LargeSeedSize;
  steps: { step: string; seconds: number }[];
  seconds: number;
  ledger: LedgerReport;
  ledgerSeconds: number;
  tables: { table: string; rows: number; mb: number }[];
}

/** The credit categories person pages ask about (D5.2); lower case, as imdbQuestion keys them. */
const CATEGORIES = [
  'actor',
  'actress',
  'director',
  'writer',
  'producer',
  'cinematographer',
  'editor',
  'composer',
];
const FIRST = [
  'Ava',
  'Ben',
  'Chloe',
  'Dev',
  'Elena',
  'Farid',
  'Grace',
  'Hiro',
  'Ines',
  'Jonah',
  'Kira',
  'Luis',
];
const LAST = ['Abbott', 'Barros', 'Chen', 'Duarte', 'Evans', 'Fischer', 'Gupta', 'Haddad', 'Ito', 'Jensen'];

const PACIFIC = sql.raw(`'${SITE_TIME_ZONE}'`);
const textArray = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(',')}]::text[]`);

async function one<T>(db: Db, query: SQL): Promise<T> {
  return (await rowsOf<T>(db, query))[0] as T;
}

/**
 * Seeds the data set into a migrated database. Member ids follow the highest existing one, so a
 * forced second run adds a second population beside the first.
 */
export async function seedLarge(
  database: Db,
  size: LargeSeedSize = LARGE_SEED_SIZE,
  log: (line: string) => void = () => {},
): Promise<LargeSeedReport> {
  const steps: LargeSeedReport['steps'] = [];
  const started = performance.now();
  await database.transaction(async (db) => {
    // One transaction on one connection. Bulk-load settings for it only: memory for the big
    // group-bys and, for a superuser, no foreign-key triggers (every id below is taken from rows
    // this transaction wrote; checkLedger and the counts below check the result).
    await db.execute(sql`set local work_mem = '256MB'`);
    await db.execute(sql`set local maintenance_work_mem = '512MB'`);
    const [su] = await rowsOf<{ rolsuper: boolean }>(
      db,
      sql`select rolsuper from pg_roles where rolname = current_user`,
    );
    if (su?.rolsuper) await db.execute(sql`set local session_replication_role = replica`);
    await fill(db, size, steps, log);
  });
  // The social data on these members (and any already there), in its own transaction; skipped when
  // the database has news items already (a forced second run).
  const social = await seedLargeSocial(database, socialSizeFor(size.members), log, { analyze: false });
  if (social) steps.push(...social.steps);
  // The When To Watch calendar's events (seed-large-watch.ts); skipped when it has some.
  const watch = await seedLargeWatch(database, undefined, log, { analyze: false });
  if (watch) steps.push(...watch.steps);
  // The message board (seed-large-board.ts): topped up to its size, so skipped on a forced second run.
  const boardSeed = await seedLargeBoard(database, boardSizeFor(size.members), log, { analyze: false });
  if (boardSeed) steps.push(...boardSeed.steps);
  // The help desk's requests and chats (seed-large-help.ts); skipped when it has some.
  const helpDesk = await seedLargeHelp(database, undefined, log, { analyze: false });
  if (helpDesk) steps.push(...helpDesk.steps);
  // The Exchange's Instagram listings and IMDb opt-ins (seed-large-exchange.ts); skipped when present.
  const exchangeSeed = await seedLargeExchange(database, undefined, log, { analyze: false });
  if (exchangeSeed) steps.push(...exchangeSeed.steps);
  // The fill updates every listing and member once (counters, balances): vacuum their old row
  // versions away, as autovacuum would on a live database, and gather the planner's statistics.
  const t1 = performance.now();
  await database.execute(sql`vacuum analyze`);
  steps.push({ step: 'VACUUM ANALYZE', seconds: (performance.now() - t1) / 1000 });
  log(`  ${'VACUUM ANALYZE'.padEnd(44)} ${((performance.now() - t1) / 1000).toFixed(1).padStart(6)} s`);
  const seconds = (performance.now() - started) / 1000;
  return report(database, size, steps, seconds);
}

async function fill(
  db: Db,
  size: LargeSeedSize,
  steps: LargeSeedReport['steps'],
  log: (line: string) => void,
) {
  const step = async (name: string, query: SQL | (() => Promise<unknown>)) => {
    const t0 = performance.now();
    if (typeof query === 'function') await query();
    else await db.execute(query);
    const seconds = (performance.now() - t0) / 1000;
    steps.push({ step: name, seconds });
    log(`  ${name.padEnd(44)} ${seconds.toFixed(1).padStart(6)} s`);
  };
  const { members: N, listings: M, actions: A } = size;
  const first = await one<{ base: number; tag: string }>(
    db,
    sql`select greatest(1000, coalesce(max(id), 0) + 1)::int as base,
               substr(md5(random()::text), 1, 6) as tag from users`,
  );
  const B = first.base;
  const tag = sql.raw(`'${first.tag}'`);
  const today = sql`(now() at time zone ${PACIFIC})::date`;

  // Members: mixed levels (D2.3) through premium_expires / pro_expires and managed subscriptions;
  // a few deactivated, some referred by earlier members, two featured today (D8.3).
  await step(
    `users: ${N.toLocaleString('en-US')} members`,
    sql`
    insert into users (id, kind, first, last, email, username, password_hash, imdb_url, status, points,
                       premium_expires, pro_expires, referrer_id, default_pic, show_me_pro, created_at,
                       last_active_at, featured_on)
    select ${B}::int + g - 1, 'member',
           (${textArray(FIRST)})[1 + g % ${FIRST.length}], (${textArray(LAST)})[1 + (g / 7) % ${LAST.length}],
           'large-' || ${tag} || '-' || g || '@example.test', 'large_' || ${tag} || '_' || g, 'seeded: no sign-in',
           'https://www.imdb.com/name/nm' || lpad((3000000 + ${B}::int + g)::text, 8, '0') || '/',
           case when g % 97 = 13 then 'deactivated' else 'active' end, 0,
           case when r1 < 0.50 and r2 < 0.2 then now() - (r3 * interval '30 days')   -- lapsed
                when r1 >= 0.55 and r1 < 0.80 then now() + interval '1 day' + r3 * interval '365 days'
                when r1 >= 0.80 and r1 < 0.95 and r2 < 0.5 then now() + r3 * interval '400 days' end,
           case when r1 >= 0.80 and r1 < 0.95 then now() + interval '1 day' + r3 * interval '365 days' end,
           case when r2 > 0.85 and g > 1 then ${B}::int + floor(r3 * (g - 1))::int end,
           case when r2 < 0.6 then '/uploads/avatars/seed-' || (g % 500) || '.jpg' end,
           r1 >= 0.55 and r2 < 0.3,
           now() - interval '70 days' - r3 * interval '700 days',
           now() - r2 * interval '30 days',
           case when g in (101, 202) then ${today} end
    from (select g, random() as r1, random() as r2, random() as r3 from generate_series(1, ${N}::int) g) s`,
  );
  await step('users: jobs and locations (the directory)', directoryDetailsSql(B));
  await step(
    'subscriptions: managed and recurring',
    sql`
    insert into subscriptions (user_id, level, provider, provider_ref, status, current_period_end, created_at)
    select id, case when premium_expires is null and pro_expires is null then 'managed'
                    when pro_expires is not null then 'pro' else 'premium' end,
           case when premium_expires is null and pro_expires is null then 'admin' else 'stripe' end,
           'seed-sub-' || id, 'active', now() + (1 + id % 30) * interval '1 day', created_at
    from users
    where id >= ${B}::int and (
      (premium_expires is null and pro_expires is null and id % 20 = 3)           -- managed (D2.3)
      or (coalesce(pro_expires, premium_expires) > now() and id % 3 = 0))`,
  );
  await step(
    'linked Twitter and Facebook accounts',
    sql`
    insert into linked_accounts (user_id, platform, handle, display_name, status, profile_confirmed, linked_at)
    select id, p.platform, 'seed' || id, first || ' ' || last,
           case when id % 53 = 0 then 'token_error' else 'verified' end, true, created_at + interval '1 day'
    from users cross join (values ('twitter', 5), ('facebook', 3)) as p(platform, every)
    where id >= ${B}::int and id % 10 < p.every`,
  );

  // Listings of all four types, with the settings owners really choose (spec 2 §5, D4.5, D6).
  await step(
    `listings: ${M.toLocaleString('en-US')}`,
    sql`
    insert into listings (user_id, type, platform, name, url, external_id, give, rl_selection, distributed,
                          sponsor_bought, sponsor_used, sponsor_paused, allow_pro_views, page_category, imdb_type,
                          test_cat, nm_code, status, status_reason, changing_to, change_at, created_at)
    select owner, type, platform,
           case when type = 'imdb-view' and person then 'IMDb page ' || k
                when type = 'imdb-view' then 'Feature film ' || k
                when type = 'youtube-view' then 'Showreel ' || k else '@seed' || owner end,
           case type when 'imdb-view' then 'https://www.imdb.com/' || case when person then 'name/' else 'title/' end || code || '/'
                     when 'twitter-follow' then 'https://x.com/seed' || owner
                     when 'youtube-view' then 'https://www.youtube.com/watch?v=' || code
                     else 'https://www.facebook.com/seed' || owner end,
           code,
           case when r3 < 0.02 then 0
                when type = 'imdb-view' then case when r4 < 0.7 then 18 else 12 + floor((r4 - 0.7) * 20)::int end
                else 5 * (1 + floor(r4 * 5)::int) end,
           case when r5 < 0.45 then 500 when r5 < 0.65 then 99 else 20 + 10 * (floor(r5 * 1000)::int % 19) end,
           1 + floor(r6 * 4)::int,
           case when sponsor then 10 + floor(r6 * 490)::int else 0 end,
           case when sponsor and r4 > 0.66 then 10 + floor(r6 * 490)::int when sponsor then floor(r6 * 490 * r4)::int else 0 end,
           sponsor and r5 < 0.15,
           type = 'imdb-view' and r6 < 0.4,
           case when type = 'imdb-view' then case when person then 3 else 4 end end,
           case when type = 'imdb-view' then case when person then 'person' else 'title' end end,
           case when type = 'imdb-view' and person then (${textArray(CATEGORIES)})[1 + k % ${CATEGORIES.length}] end,
           case when type = 'imdb-view' and person then code end,
           status,
           case when status = 'disabled' then 'credit_update' end,
           case when r3 > 0.99 then 15 end,
           case when r3 > 0.99 then now() + interval '200 seconds' end,
           now() - interval '61 days' - r3 * interval '600 days'
    from (
      select k, owner, r3, r4, r5, r6, person, sponsor, type,
             case type when 'imdb-view' then 'imdb' when 'twitter-follow' then 'twitter'
                       when 'youtube-view' then 'youtube' else 'facebook' end as platform,
             case when type = 'imdb-view' and person then 'nm' || lpad((7000000 + k)::text, 8, '0')
                  when type = 'imdb-view' then 'tt' || lpad((7000000 + k)::text, 8, '0')
                  when type = 'youtube-view' then substr(md5(k::text || ${tag}), 1, 11)
                  else (100000000 + k)::text end as code,
             case when r2 < 0.86 then 'active' when r2 < 0.94 then 'paused' when r2 < 0.96 then 'disabled'
                  when r2 < 0.97 then 'pending' when r2 < 0.98 then 'invalid' else 'deleted' end as status
      from (
        select k, ${B}::int + floor(random() * ${N}::int)::int as owner, r1, random() as r2, random() as r3,
               random() as r4, random() as r5, random() as r6, random() < 0.6 as person, random() < 0.03 as sponsor,
               case when r1 < 0.5 then 'imdb-view' when r1 < 0.72 then 'twitter-follow'
                    when r1 < 0.9 then 'youtube-view' else 'facebook-like' end as type
        from (select k, random() as r1 from generate_series(1, ${M}::int) k) g
      ) x
    ) y`,
  );
  const range = await one<{ lo: number; hi: number }>(
    db,
    sql`select min(id)::int as lo, max(id)::int as hi from listings where user_id >= ${B}::int`,
  );

  // What each IMDb page says (D5.2): runtime for titles, credits in the listing's category for
  // people, the STARmeter for pro views.
  await step(
    'imdb_facts for every IMDb listing',
    sql`
    insert into imdb_facts (page_code, question, value, source, confirmed_at)
    select external_id, q.question,
           case q.question when 'runtime' then case when id % 20 = 0 then 0 else 70 + (id * 7) % 110 end
                           when 'starmeter' then 1 + (id * 7919) % 500000
                           else 1 + (id * 31) % 180 end,
           'seed', now() - (id % 90) * interval '1 day'
    from listings
    cross join lateral (values (case when imdb_type = 'title' then 'runtime' else 'credits:' || test_cat end),
                               ('starmeter')) as q(question)
    where type = 'imdb-view' and id between ${range.lo}::int and ${range.hi}::int
    on conflict do nothing`,
  );

  // The big tables' secondary indexes are built once after loading instead of being updated row by
  // row: dropped here and created again from their own definitions (pg_indexes) further down.
  const bulk = ['offers', 'actions', 'daily_actions', 'ledger_entries'];
  const secondary = await rowsOf<{ indexname: string; indexdef: string }>(
    db,
    sql`
      select i.indexname, i.indexdef from pg_indexes i
      where i.schemaname = current_schema() and i.tablename in (${sql.join(
        bulk.map((t) => sql`${t}`),
        sql`, `,
      )})
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  await step(`drop ${secondary.length} secondary indexes of the big tables`, async () => {
    for (const index of secondary) await db.execute(sql.raw(`drop index "${index.indexname}"`));
  });

  // Past actions over the last 60 days, staged once and then written as offers, actions, counters
  // and ledger movements.
  await step(
    `staging ${A.toLocaleString('en-US')} past actions`,
    sql`
    create unlogged table seed_large_stage as
    select n, offer_id, case when s.earner = l.user_id then ${B}::int + (s.earner - ${B}::int + 1) % ${N}::int else s.earner end as earner,
           l.id as listing_id, l.user_id as owner, l.type, l.platform,
           case when l.give > 0 then l.give else 10 end as give,
           s.sponsored, l.type = 'imdb-view' and not s.sponsored and s.r < 0.05 as pro_view,
           case when s.r > 0.995 then 1 else 0 end as bonus,
           case when l.type in ('twitter-follow', 'facebook-like') then
                  case when s.r2 < 0.01 then 'missing' when s.r2 < 0.03 and not s.sponsored then 'reversed' else 'verified' end
                when s.r2 < 0.005 and not s.sponsored then 'reversed' else 'credited' end as status,
           s.at
    from (
      select n, n + (select coalesce(max(id), 0) from offers) as offer_id,
             ${B}::int + floor(random() * ${N}::int)::int as earner,
             ${range.lo}::int + floor(random() * (${range.hi}::int - ${range.lo}::int + 1))::int as lid,
             random() < 0.03 as sponsored, random() as r, random() as r2,
             now() - interval '10 minutes' - random() * interval '60 days' as at
      from generate_series(1, ${A}::int) n
    ) s join listings l on l.id = s.lid`,
  );
  await step(
    'offers (one per past action, D5.1)',
    sql`
    insert into offers (id, earner_id, listing_id, points, cost, bonus, pro_view, sponsored, offered_at, started_at, expires_at)
    overriding system value
    select offer_id, earner, listing_id, give + case when pro_view then 2 else 0 end + bonus,
           case when sponsored then 0 else give + case when pro_view then 2 else 0 end end,
           bonus, pro_view, sponsored, at - interval '45 seconds',
           at - case when type = 'youtube-view' then interval '40 seconds' else interval '20 seconds' end,
           at - interval '45 seconds' + case when type = 'youtube-view' then interval '6000 seconds' else interval '180 seconds' end
    from seed_large_stage`,
  );
  await step(
    'actions',
    sql`
    insert into actions (offer_id, earner_id, owner_id, listing_id, type, platform, points, cost, bonus, sponsored,
                         pro_view, day, status, created_at, checked_at)
    select offer_id, earner, owner, listing_id, type, platform, give + case when pro_view then 2 else 0 end + bonus,
           case when sponsored then 0 else give + case when pro_view then 2 else 0 end end,
           bonus, sponsored, pro_view, (at at time zone ${PACIFIC})::date, status, at,
           case when status <> 'credited' then at + interval '5 seconds' end
    from seed_large_stage order by n`,
  );
  await step('actions today per listing and daily_actions', async () => {
    await db.execute(sql`
        update listings l set acted_on = d.day, acted_count = d.n
        from (select distinct on (listing_id) listing_id, day, n from (
                select listing_id, (at at time zone ${PACIFIC})::date as day, count(*)::int as n
                from seed_large_stage group by 1, 2) per_day
              order by listing_id, day desc) d
        where d.listing_id = l.id`);
    await db.execute(sql`
        insert into daily_actions (user_id, day, actions, limit_raised)
        select earner, (at at time zone ${PACIFIC})::date, count(*), false from seed_large_stage group by 1, 2 order by 1, 2
        on conflict (user_id, day) do update set actions = daily_actions.actions + excluded.actions`);
  });

  // The ledger (D3.1): every movement two rows summing to zero. Sign-up bonuses, then each action's
  // earn or sponsored payment, pro-view and featured bonuses and reversals (D5.7, D11.3).
  const movementRows = (movements: SQL) => sql`
    insert into ledger_entries (movement_id, account_id, delta, kind, ref_type, ref_id, created_at)
    select m.movement_id, v.account_id, v.delta, m.kind, m.ref_type, m.ref_id, m.at
    from (select gen_random_uuid() as movement_id, mv.* from (${movements}) mv) m
    cross join lateral (values (m.payer, -m.amount), (m.payee, m.amount)) as v(account_id, delta)`;
  await step(
    'ledger: sign-up bonuses',
    movementRows(sql`
      select 1 as payer, id as payee, 100 as amount, 'signup_bonus' as kind, null::text as ref_type,
             null::text as ref_id, created_at as at
      from users where id >= ${B}::int`),
  );
  await step(
    'ledger: movements of the past actions',
    movementRows(sql`
      select case when sponsored then 1 else owner end as payer, earner as payee, give as amount,
             case when sponsored then 'sponsored' else 'earn' end as kind, 'offer' as ref_type,
             offer_id::text as ref_id, at
      from seed_large_stage
      union all
      select owner, earner, 2, 'pro_view_bonus', 'offer', offer_id::text, at from seed_large_stage where pro_view
      union all
      select 1, earner, bonus, 'featured_bonus', 'offer', offer_id::text, at from seed_large_stage where bonus > 0
      union all
      select earner, owner, give, 'reverse', 'offer', offer_id::text, at + interval '1 day'
      from seed_large_stage where status = 'reversed'`),
  );
  // Top-ups bought from the house so that no member ends below zero, and balances spread from
  // broke (listings that cannot pay) to above the IMDb points cap (pointsmaxed).
  await step(
    'ledger: top-ups so that no member is negative',
    movementRows(sql`
      select 1 as payer, id as payee, amount, 'admin_adjust' as kind, null::text as ref_type,
             null::text as ref_id, created_at + interval '1 hour' as at
      from (select u.id, u.created_at, greatest(0, -coalesce(t.total, 0)) + case
                     when u.id % 10 = 0 then 0 when u.id % 41 = 0 then 5000 + u.id % 12000
                     else floor(random() * random() * 3000)::int end as amount
            from users u left join (select account_id, sum(delta)::int as total from ledger_entries
                                    where account_id >= ${B}::int group by 1) t on t.account_id = u.id
            where u.id >= ${B}::int offset 0) a
      where amount > 0`),
  );
  await step(
    'cached balances (users.points)',
    sql`
    update users u set points = t.total
    from (select account_id, sum(delta)::int as total from ledger_entries group by 1) t
    where t.account_id = u.id and u.points <> t.total`,
  );

  await step(`create the ${secondary.length} secondary indexes again`, async () => {
    for (const index of secondary) await db.execute(sql.raw(index.indexdef));
  });
  await step('blocks and IMDb answer misses', async () => {
    await db.execute(sql`
      insert into blocks (blocker_id, blocked_id, created_at)
      select ${B}::int + floor(random() * ${N}::int)::int, ${B}::int + floor(random() * ${N}::int)::int,
             now() - random() * interval '90 days'
      from generate_series(1, greatest(1, ${N}::int / 20)) on conflict do nothing`);
    await db.execute(sql`delete from blocks where blocker_id = blocked_id`);
    await db.execute(sql`
      insert into answer_misses (listing_id, earner_id, question, answer, created_at)
      select listing_id, earner, case when pro_view then 'starmeter' else 'runtime' end, 1 + n % 150, at - interval '1 minute'
      from seed_large_stage where type = 'imdb-view' and n % 100 = 0`);
  });
  await step('identity sequences, drop the staging table', async () => {
    await db.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`);
    await db.execute(
      sql`select setval(pg_get_serial_sequence('offers', 'id'), (select coalesce(max(id), 1) from offers))`,
    );
    await db.execute(sql`drop table seed_large_stage`);
  });
}

async function report(
  db: Db,
  size: LargeSeedSize,
  steps: LargeSeedReport['steps'],
  seconds: number,
): Promise<LargeSeedReport> {
  const t0 = performance.now();
  const ledger = await checkLedger(db);
  const ledgerSeconds = (performance.now() - t0) / 1000;
  const sizes = await rowsOf<{ table: string; rows: string; mb: string }>(
    db,
    sql`
    select c.relname as table, c.reltuples::bigint as rows, pg_total_relation_size(c.oid) / 1048576.0 as mb
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r' and c.reltuples > 0
    order by pg_total_relation_size(c.oid) desc`,
  );
  return {
    size,
    steps,
    seconds,
    ledger,
    ledgerSeconds,
    tables: sizes.map((r) => ({ table: r.table, rows: Number(r.rows), mb: Number(r.mb) })),
  };
}

export function printLargeSeedReport(report: LargeSeedReport) {
  console.log(`Seeded in ${report.seconds.toFixed(1)} s. Tables (rows as estimated by ANALYZE):`);
  for (const t of report.tables) {
    console.log(
      `  ${t.table.padEnd(22)} ${t.rows.toLocaleString('en-US').padStart(12)} rows ${t.mb.toFixed(0).padStart(7)} MB`,
    );
  }
  const l = report.ledger;
  console.log(
    l.ok
      ? `Ledger balanced (checked in ${report.ledgerSeconds.toFixed(1)} s): ${l.entries.toLocaleString('en-US')} entries over ${l.accounts.toLocaleString('en-US')} accounts; every invariant of D3.1 holds.`
      : `The ledger is out of balance (checked in ${report.ledgerSeconds.toFixed(1)} s):\n${l.problems.map((p) => `  - ${p}`).join('\n')}`,
  );
}

/**
 * Sizes from --members=N etc., SEED_MEMBERS etc., or what npm makes of `--members=N` when it takes
 * the flag for its own (npm_config_members).
 */
function sizeFromArgs(args: string[]): LargeSeedSize {
  const size = { ...LARGE_SEED_SIZE };
  for (const key of ['members', 'listings', 'actions'] as const) {
    const value =
      args.find((a) => a.startsWith(`--${key}=`))?.split('=')[1] ??
      process.env[`SEED_${key.toUpperCase()}`] ??
      process.env[`npm_config_${key}`];
    if (value === undefined || value === '') continue;
    const n = Number(value);
    if (!Number.isInteger(n) || n <= 0) throw new Error(`--${key} must be a positive whole number.`);
    size[key] = n;
  }
  return size;
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('seed:large needs DATABASE_URL: a PostgreSQL database to fill (it never seeds PGlite).');
    process.exit(2);
  }
  const args = process.argv.slice(2);
  const size = sizeFromArgs(args);
  const database = await openDatabase({ url });
  try {
    await database.migrate();
    const existing = await one<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from users where kind = 'member'`,
    );
    // npm takes a bare --force for itself and says so in npm_config_force.
    const force =
      args.includes('--force') || process.env.SEED_FORCE === '1' || process.env.npm_config_force === 'true';
    if (existing.n > 0 && !force) {
      console.error(
        `This database already has ${existing.n} members; seed:large adds 100,000 more only with --force.`,
      );
      // A database seeded before the social data existed gets it now (skipped when it has news items).
      const social = await seedLargeSocial(database.db, socialSizeFor(existing.n), (line) =>
        console.log(line),
      );
      if (social) printLargeSocialReport(social);
      // Likewise the calendar's events (skipped when it has some).
      const watch = await seedLargeWatch(database.db, undefined, (line) => console.log(line));
      if (watch) printLargeWatchReport(watch);
      // Likewise the message board (topped up to its size).
      const boardSeed = await seedLargeBoard(database.db, boardSizeFor(existing.n), (line) =>
        console.log(line),
      );
      if (boardSeed) printLargeBoardReport(boardSeed);
      // And the help desk (skipped when it has requests).
      const helpDesk = await seedLargeHelp(database.db, undefined, (line) => console.log(line));
      if (helpDesk) printLargeHelpReport(helpDesk);
      // And the Exchange (each part skipped when present).
      const exchangeSeed = await seedLargeExchange(database.db, undefined, (line) => console.log(line));
      if (exchangeSeed) printLargeExchangeReport(exchangeSeed);
      if (!social && !watch && !boardSeed && !helpDesk && !exchangeSeed) process.exitCode = 2;
      return;
    }
    console.log(
      `Seeding ${size.members.toLocaleString('en-US')} members, ${size.listings.toLocaleString('en-US')} listings and ${size.actions.toLocaleString('en-US')} past actions:`,
    );
    const report = await seedLarge(database.db, size, (line) => console.log(line));
    printLargeSeedReport(report);
    if (!report.ledger.ok) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
