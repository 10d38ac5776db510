import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { Placeholder, sql, type Query, type SQL } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDatabase, PgDialect, PgQueryResultHKT, PgSession } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { SERVER_ROOT } from '../paths.js';
import { defaultPoolSize } from './pool-size.js';

/**
 * The database as the features use it: the query builder and raw SQL over the tables each feature
 * declares in its `*.tables.ts` (drizzle-kit reads them all for the migrations: drizzle.config.ts).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** The transaction `db.transaction(work)` hands to `work`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'migrations');

/** Opens PostgreSQL at `url`, or the embedded PGlite database in `dataDir` (or in memory when dataDir is null). */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string | null;
  /** In memory only: start from this copy of a data directory (PGlite's `dumpDataDir()`), not an empty one. */
  loadDataDir?: Blob;
  /** Connections to PostgreSQL (defaultPoolSize: two per core, R9). */
  poolSize?: number;
}): Promise<Database> {
  if (opts.url) {
    // Named statements (executePrepared) keep one generic plan per connection: they are the hot
    // queries written to be planned once. Everything else is unnamed and planned per call as usual.
    // JIT off: a generic plan guesses a parameter LIMIT at a tenth of the table, which pushes its
    // cost past the JIT thresholds, and compiling took ~2 s per call for a 25 ms query (the news feed
    // on the large data set). The app's queries are short index reads, which JIT never speeds up.
    // Idle connections are kept (idleTimeoutMillis 0): each holds the hot statements it planned
    // once (decision 0020), and closing one after 10 idle seconds, pg-pool's default, made the next
    // burst pay a new backend and every statement's planning again (27 ms for the IMDb tab's).
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? defaultPoolSize(),
      idleTimeoutMillis: 0,
      options: '-c plan_cache_mode=force_generic_plan -c jit=off',
    });
    const db = drizzlePg(pool, { casing: 'snake_case' });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: () => migrateUnderLock(opts.url as string),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (opts.dataDir) {
    // PGlite creates only the last folder of its path.
    fs.mkdirSync(opts.dataDir, { recursive: true });
    client = await PGlite.create(path.join(opts.dataDir, 'pglite'));
  } else {
    client = await PGlite.create(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  }
  const db = drizzlePglite(client, { casing: 'snake_case' });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}

/** The advisory lock every server takes to migrate ('marq' in ASCII): one migrates, the others wait. */
export const MIGRATION_LOCK = 0x6d617271;

/**
 * Applies the migrations on PostgreSQL holding a session-level advisory lock on a connection of its
 * own (docs/domain.md R5). Servers starting at once queue on the lock; each then finds what the one
 * before it applied already recorded, and applies nothing. Without the lock two servers would both
 * see a migration as new and the second would fail on tables the first had just made.
 */
async function migrateUnderLock(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    // Ending the connection releases the lock too, even if unlocking fails.
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await client.end();
  }
}

/**
 * How many of the project's migrations the database has not applied (the readiness check, R6):
 * Drizzle records each applied one with its folder's time, and applies those newer than the last.
 */
export async function pendingMigrations(db: Db): Promise<number> {
  const known = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  let last = 0;
  try {
    const [row] = await rowsOf<{ last: string | null }>(
      db,
      sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
    );
    last = Number(row?.last ?? 0);
  } catch {
    // No migrations table yet: none applied.
  }
  return known.filter((m) => m.folderMillis > last).length;
}

/** Answers once the database does (the readiness check). */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * The rows of a raw query. PGlite and node-postgres both answer `{ rows }`, which Drizzle's shared
 * type leaves out: the one place that reads them.
 */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Runs a raw query as a named prepared statement, so PostgreSQL plans it once per connection rather
 * than on every call: for the big hot queries whose planning costs more than their execution. The
 * name carries a hash of the text, so a changed query is prepared afresh.
 */
export async function executePrepared<T>(db: Db, name: string, query: SQL): Promise<T[]> {
  const { dialect, session } = db as unknown as { dialect: PgDialect; session: PgSession };
  const built = dialect.sqlToQuery(query);
  const hash = createHash('sha1').update(built.sql).digest('hex').slice(0, 12);
  const prepared = session.prepareQuery(built, undefined, `${name}_${hash}`, false);
  const result = (await prepared.execute()) as { rows: T[] };
  return result.rows;
}

/**
 * A built query with each placeholder sent once where it can be: the query builder numbers every
 * use of `sql.placeholder(name)` as a parameter of its own (the IMDb tab's pick sent 151 for about
 * ten values, each converted and bound on every call). Uses of one name are merged only when each
 * carries the same explicit cast (`$n::date`), so merging cannot change how PostgreSQL reads a
 * value; anything else, and a text whose parameters are not numbered once each, is left as it is.
 */
export function placeholdersOnce(query: Query): Query {
  const uses = [...query.sql.matchAll(/\$(\d+)(::[a-z_]+(?:\[\])?)?/g)];
  const numbers = uses.map((u) => Number(u[1]));
  if (numbers.length !== query.params.length || new Set(numbers).size !== numbers.length) return query;
  if (numbers.some((n) => n < 1 || n > query.params.length)) return query;
  const castOf = new Map(uses.map((u) => [Number(u[1]), u[2] ?? '']));
  // Per placeholder name: the one cast all its uses carry, or null when they differ or lack one.
  const castByName = new Map<string, string | null>();
  query.params.forEach((param, i) => {
    if (!(param instanceof Placeholder)) return;
    const cast = castOf.get(i + 1) || null;
    const seen = castByName.get(param.name);
    castByName.set(param.name, seen === undefined ? cast : seen === cast ? seen : null);
  });
  const params: unknown[] = [];
  const renumber = new Map<number, number>();
  const byName = new Map<string, number>();
  for (const n of numbers.sort((a, b) => a - b)) {
    const param = query.params[n - 1];
    const merged = param instanceof Placeholder && castByName.get(param.name) ? param.name : null;
    const first = merged === null ? undefined : byName.get(merged);
    if (first !== undefined) {
      renumber.set(n, first);
      continue;
    }
    params.push(param);
    renumber.set(n, params.length);
    if (merged !== null) byName.set(merged, params.length);
  }
  return { sql: query.sql.replace(/\$(\d+)/g, (_, n: string) => `$${renumber.get(Number(n))}`), params };
}

/**
 * A hot raw query written once with `sql.placeholder(name)` for what changes per call: its text is
 * built on the first call only and it runs as a named statement, planned once per connection. Works
 * on the database and inside a transaction alike.
 */
export function statement<T>(name: string, build: () => SQL) {
  let built: { query: Query; name: string } | undefined;
  return async (db: Db, values: Record<string, unknown>): Promise<T[]> => {
    const { dialect, session } = db as unknown as { dialect: PgDialect; session: PgSession };
    if (!built) {
      const query = placeholdersOnce(dialect.sqlToQuery(build()));
      built = { query, name: `${name}_${createHash('sha1').update(query.sql).digest('hex').slice(0, 12)}` };
    }
    const prepared = session.prepareQuery(built.query, undefined, built.name, false);
    return ((await prepared.execute(values)) as { rows: T[] }).rows;
  };
}

/** What a prepared query of the query builder keeps of its building: the text, its fixed values, how rows map. */
interface BuiltSelect {
  queryString: string;
  params: unknown[];
  fields: unknown;
  joinsNotNullableMap: unknown;
}

/**
 * A hot query of the query builder written with `sql.placeholder(name)` for what changes per call,
 * that may also run inside a transaction: its text and its row mapping are built on the first call
 * only (building a wide select costs more of the server's time than PostgreSQL spends running it),
 * and it runs as a named statement on whichever connection the database or the transaction holds.
 */
export function selectOnce<R>(
  name: string,
  build: (db: Db) => { prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R> } },
) {
  let built: { query: Query; name: string; fields: unknown; joins: unknown } | undefined;
  return async (db: Db, values: Record<string, unknown>): Promise<R> => {
    const { session } = db as unknown as { session: PgSession };
    if (!built) {
      const first = build(db).prepare(name) as unknown as BuiltSelect;
      const query = placeholdersOnce({ sql: first.queryString, params: first.params });
      built = {
        query,
        name: `${name}_${createHash('sha1').update(query.sql).digest('hex').slice(0, 12)}`,
        fields: first.fields,
        joins: first.joinsNotNullableMap,
      };
    }
    const prepared = session.prepareQuery(
      built.query,
      built.fields as Parameters<PgSession['prepareQuery']>[1],
      built.name,
      true,
    );
    (prepared as unknown as { joinsNotNullableMap: unknown }).joinsNotNullableMap = built.joins;
    return (await prepared.execute(values)) as R;
  };
}

/**
 * A hot query of the query builder, prepared once per database with `.prepare(name)` and its
 * `sql.placeholder`s filled at each call: neither its text nor its plan is made again. Outside
 * transactions only (a transaction has a session of its own).
 */
export function preparedOnce<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const byDb = new WeakMap<Db, Q>();
  return (db) => {
    let prepared = byDb.get(db);
    if (!prepared) {
      prepared = build(db);
      byDb.set(db, prepared);
    }
    return prepared;
  };
}
