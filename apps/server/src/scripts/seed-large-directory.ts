/**
 * The member directory's part of the large data set (seed-large.ts): jobs and a location on the
 * generated members, skewed as a film community is (many actors, many in Los Angeles), so that
 * directory/fetchResults can be measured on its busiest search and its quiet ones (docs/domain.md
 * DR1-DR6). One set-based update; every value comes from the contract's fixed lists. A database
 * seeded before this existed gets them with
 *   DATABASE_URL=postgres://… npx tsx apps/server/src/scripts/seed-large-directory.ts
 * which fills in the members that have neither a job nor a location yet.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import { directory } from '@marquee/contract';
import { openDatabase, rowsOf } from '../platform/db/database.js';

const quoted = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]::text[]`);

/**
 * Jobs and locations for the members from id `base` on: 85 in 100 fill in their profile, 60 in 100
 * name a second job and 25 in 100 a third (each job once, D12.2 matches any of the three). The
 * lists are read through a power curve, so the first entries (Actor; Los Angeles, CA) are the
 * most common: about one member in five is in Los Angeles and one in four is first an actor.
 */
export function directoryDetailsSql(base: number, onlyEmpty = false): SQL {
  const jobs = directory.JOB_TYPES.map((t) => t.job_title);
  const places = directory.LOCATIONS;
  const J = jobs.length;
  return sql`
    update users u set
      location = case when s.r0 < 0.85 then (${quoted(places)})[1 + floor(${places.length}::int * power(s.r1, 2.5))::int] end,
      job_1 = case when s.r0 < 0.85 then (${quoted(jobs)})[1 + s.j1] end,
      job_2 = case when s.r0 < 0.85 and s.r3 < 0.60 then (${quoted(jobs)})[1 + (s.j1 + 1 + floor(s.r4 * 23)::int) % ${J}::int] end,
      job_3 = case when s.r0 < 0.85 and s.r3 < 0.25 then (${quoted(jobs)})[1 + (s.j1 + 24 + floor(s.r5 * 23)::int) % ${J}::int] end
    from (select id, random() as r0, random() as r1, floor(${J}::int * power(random(), 3))::int as j1,
                 random() as r3, random() as r4, random() as r5
          from users where id >= ${base}::int and kind = 'member'
            ${onlyEmpty ? sql`and location is null and job_1 is null` : sql``}) s
    where u.id = s.id`;
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('seed-large-directory needs DATABASE_URL: a PostgreSQL database seeded by seed:large.');
    process.exit(2);
  }
  const database = await openDatabase({ url });
  try {
    await database.migrate();
    await database.db.execute(directoryDetailsSql(1000, true));
    await database.db.execute(sql`analyze users`);
    const [found] = await rowsOf<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from users where kind = 'member' and location is not null and job_1 is not null`,
    );
    console.log(`Members with a job and a location: ${(found?.n ?? 0).toLocaleString('en-US')}`);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
