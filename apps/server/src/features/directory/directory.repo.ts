import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { statement, type Db } from '../../platform/db/database.js';
import { notBlockedWith } from '../members/index.js';

/** A member of the results, read by primary key once the page's ids are known. */
export interface DirectoryRow {
  id: number;
  first: string;
  last: string;
  default_pic: string | null;
  job_1: string | null;
  job_2: string | null;
  job_3: string | null;
}

/** What a search is asked with: the prepared statements' placeholders, or values (plans test). */
export interface DirectoryValues {
  me: number | Placeholder;
  type: string | Placeholder;
  location: string | Placeholder;
  limit: number | Placeholder;
  offset: number | Placeholder;
}

const placeholders: DirectoryValues = {
  me: sql.placeholder('me'),
  type: sql.placeholder('type'),
  location: sql.placeholder('location'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
};

const JOB_COLUMNS = [sql.raw('u.job_1'), sql.raw('u.job_2'), sql.raw('u.job_3')];

/** Whom a search finds through one job column (D12.2, DR2): active members there with that job. */
const matches = (v: DirectoryValues, job: SQL) =>
  sql`u.kind = 'member' and u.status = 'active' and u.location = ${v.location}::text and ${job} = ${v.type}::text`;

/** The order of the results (DR3): most recently active first, never active last, then newest id. */
const ORDER = sql.raw('last_active_at desc nulls last, id desc nulls last');

/**
 * One page of the directory (D12.2, docs/domain.md DR2-DR4, decision 0024). A job may sit in any of
 * three columns, and a member names each job once, so the matches are three disjoint runs, each read
 * in order from its users_directory_jobN_idx and cut at offset + limit, with the block check (D4.1)
 * on each member met; the runs are merged, the page cut out, and only the page's members read by
 * primary key. The work grows with the page asked for, never with the number of matches.
 */
export function directoryPageSql(v: DirectoryValues = placeholders): SQL {
  const me = sql`${v.me}::int`;
  const upTo = sql`(${v.offset}::int + ${v.limit}::int)`;
  const runs = JOB_COLUMNS.map(
    (job) => sql`(select u.id, u.last_active_at from users u
      where ${matches(v, job)} and ${notBlockedWith(me, sql.raw('u.id'))}
      order by ${ORDER} limit ${upTo})`,
  );
  return sql`
    select u.id, u.first, u.last, u.default_pic, u.job_1, u.job_2, u.job_3
    from (select id, last_active_at from (${sql.join(runs, sql` union all `)}) runs
          order by ${ORDER} limit ${v.limit}::int offset ${v.offset}::int) page
    join users u on u.id = page.id
    order by page.last_active_at desc nulls last, page.id desc nulls last`;
}

/**
 * How many members the search finds, for the page count: the three runs counted from their indexes
 * alone, less those among the few members blocked either way with this member (D4.1), who are
 * found through the blocks' keys.
 */
export function directoryCountSql(v: DirectoryValues = placeholders): SQL {
  const me = sql`${v.me}::int`;
  const runs = JOB_COLUMNS.map((job) => sql`(select count(*) from users u where ${matches(v, job)})`);
  const anyJob = sql`${v.type}::text in (u.job_1, u.job_2, u.job_3)`;
  return sql`
    select (${sql.join(runs, sql` + `)} - (
      select count(*) from users u
      where u.id in (select b.blocked_id from blocks b where b.blocker_id = ${me}
                     union select b.blocker_id from blocks b where b.blocked_id = ${me})
        and u.kind = 'member' and u.status = 'active' and u.location = ${v.location}::text and ${anyJob}
    ))::int as n`;
}

const pageStatement = statement<DirectoryRow>('directory_page', () => directoryPageSql());
const countStatement = statement<{ n: number }>('directory_count', () => directoryCountSql());

/** The members of one page and the number found in all, read side by side. */
export async function directorySearch(
  db: Db,
  q: { me: number; type: string; location: string; limit: number; offset: number },
): Promise<{ rows: DirectoryRow[]; total: number }> {
  const [rows, counted] = await Promise.all([
    pageStatement(db, q),
    countStatement(db, { me: q.me, type: q.type, location: q.location }),
  ]);
  return { rows, total: Number(counted[0]?.n ?? 0) };
}
