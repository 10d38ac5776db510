import { sql, type SQLWrapper } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import { rowsOf, type Db } from '../../platform/db/database.js';

/**
 * The exchange's plan tests (decision 0020): the plan PostgreSQL gives a query prepared once and
 * planned generically, as the pool runs every query (plan_cache_mode force_generic_plan), with
 * sequential scans allowed: on a database holding realistic numbers of rows (written here in bulk,
 * then analysed), a Seq Scan left in the plan is one the planner really chose.
 */

/** A query's text with $n parameters and its values, as drizzle sends it. */
function queryOf(db: Db, query: SQLWrapper): { sql: string; params: unknown[] } {
  if ('toSQL' in query && typeof query.toSQL === 'function') return query.toSQL() as never;
  return (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query.getSQL());
}

/** A value written as an SQL literal, for EXECUTE. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return `'${value.toISOString()}'`;
  return `'${String(value).replace(/'/g, "''")}'`;
}

let prepared = 0;

/** The generic plan of a query: prepared with its parameters' types inferred, explained as executed. */
export async function genericPlan(db: Db, query: SQLWrapper): Promise<string> {
  const { sql: text, params } = queryOf(db, query);
  const name = `exchange_plan_${++prepared}`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`prepare ${name} as ${text}`));
    const args = params.length ? `(${params.map(literal).join(', ')})` : '';
    const plan = await rowsOf<{ 'QUERY PLAN': string }>(
      tx as unknown as Db,
      sql.raw(`explain execute ${name}${args}`),
    );
    await tx.execute(sql.raw(`deallocate ${name}`));
    return plan.map((r) => r['QUERY PLAN']).join('\n');
  });
}

/**
 * `n` members written in one statement (ids from the highest one up), a tag in their email; a
 * mixture as on the site: most premium, pro or managed, some lapsed and free, one in 50 deactivated.
 * Answers their first and last ids.
 */
export async function bulkMembers(db: Db, n: number, tag: string, now: Date) {
  const at = now.toISOString();
  const [range] = await rowsOf<{ first: number; last: number }>(
    db,
    sql`
    with made as (
      insert into users (first, last, email, username, status, premium_expires, pro_expires, created_at,
                         last_active_at)
      select 'Bulk', 'Member ' || g, ${tag} || '-' || g || '@example.test', ${tag} || '_' || g,
             case when g % 50 = 7 then 'deactivated' else 'active' end,
             case when g % 10 < 6 then ${at}::timestamptz + (1 + g % 300) * interval '1 day'
                  when g % 10 = 6 then ${at}::timestamptz - (1 + g % 300) * interval '1 day' end,
             case when g % 10 = 7 then ${at}::timestamptz + (1 + g % 300) * interval '1 day' end,
             ${at}::timestamptz - (g % 700) * interval '1 day', ${at}::timestamptz - (g % 30) * interval '1 day'
      from generate_series(1, ${n}::int) g
      returning id
    )
    select min(id)::int as first, max(id)::int as last from made`,
  );
  const { first, last } = range as { first: number; last: number };
  // One in ten free; of those, every other one managed (a subscription serving).
  await db.execute(sql`
    insert into subscriptions (user_id, level, provider, provider_ref, status, current_period_end, created_at)
    select id, 'managed', 'admin', ${tag} || '-sub-' || id, 'active', ${at}::timestamptz + interval '20 days',
           ${at}::timestamptz - interval '10 days'
    from users where id between ${first}::int and ${last}::int and (id - ${first}::int) % 20 = 9`);
  // Blocks among them, one for each member.
  await db.execute(sql`
    insert into blocks (blocker_id, blocked_id, created_at)
    select ${first}::int + g::bigint * 37 % ${n}::int, ${first}::int + (g::bigint * 37 + 11) % ${n}::int,
           ${at}::timestamptz
    from generate_series(1, ${n}::int) g
    on conflict do nothing`);
  return { first, last };
}

/** Gathers the planner's statistics of these tables. */
export async function analyze(db: Db, tables: string[]): Promise<void> {
  for (const table of tables) await db.execute(sql.raw(`analyze ${table}`));
}

/** Every scan of a table read whole in a plan, by table name. */
export const seqScans = (plan: string): string[] =>
  [...plan.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1] as string);

/**
 * Index scans with no Index Cond that are not cut by a Limit right above them (a min() or max()):
 * an index read from one end, such as the inner side of a merge join, which grows with its table.
 */
export function unboundedIndexScans(plan: string): string[] {
  const lines = plan.split('\n');
  const depth = (line: string) => line.search(/\S/);
  return lines.flatMap((line, i) => {
    if (!/Index (Only )?Scan/.test(line)) return [];
    if (/->\s+Limit/.test(lines[i - 1] ?? '')) return [];
    for (let j = i + 1; j < lines.length && depth(lines[j] as string) > depth(line); j++) {
      const detail = lines[j] as string;
      if (/^\s*(->|SubPlan|InitPlan)/.test(detail)) break;
      if (/Index Cond:/.test(detail)) return [];
    }
    return [line.trim()];
  });
}
