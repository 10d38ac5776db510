/**
 * The large PostgreSQL data set the call benchmarks run on: the database BENCH_DATABASE_URL names
 * (filled by `npm run seed:large`), or a fresh database on BENCH_SERVER_URL seeded here and dropped
 * afterwards. BENCH_MEMBERS, BENCH_LISTINGS and BENCH_ACTIONS size a fresh seed.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { openDatabase, rowsOf, type Database, type Db } from '../apps/server/src/platform/db/database.js';
import { hashToken, newToken } from '../apps/server/src/platform/tokens.js';
import { LARGE_SEED_SIZE, printLargeSeedReport, seedLarge } from '../apps/server/src/scripts/seed-large.js';
import type { FastifyInstance } from 'fastify';
import { OPERATIONS_BASE } from '@marquee/contract';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { systemClock } from '../apps/server/src/platform/clock.js';
import type { LoadRequest } from './load.js';

const sized = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

export interface LargeDatabase {
  database: Database;
  db: Db;
  rows<T>(query: SQL): Promise<T[]>;
  /** The PostgreSQL server it is on, by its maintenance database (for scratch databases beside it). */
  serverUrl: string;
  /** Drops the database when it was made for this run. */
  close(): Promise<void>;
}

export async function openLargeDatabase(label: string): Promise<LargeDatabase> {
  let url = process.env.BENCH_DATABASE_URL;
  let dropDatabase = async () => {};
  const fresh = !url;
  if (!url) {
    const server = process.env.BENCH_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `marquee_bench_${label}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(server);
    u.pathname = `/${name}`;
    url = u.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  // DATABASE_POOL_SIZE read and checked as a server reads it (R9); unset, two per core.
  const { databasePoolSize } = loadConfig({ DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE });
  const database = await openDatabase({ url, poolSize: databasePoolSize });
  const db = database.db;
  const rows = <T>(query: SQL) => rowsOf<T>(db, query);
  try {
    await database.migrate();
    if (fresh) {
      const size = {
        members: sized('BENCH_MEMBERS', LARGE_SEED_SIZE.members),
        listings: sized('BENCH_LISTINGS', LARGE_SEED_SIZE.listings),
        actions: sized('BENCH_ACTIONS', LARGE_SEED_SIZE.actions),
      };
      console.log(`Fresh database; seeding ${JSON.stringify(size)}:`);
      const report = await seedLarge(db, size, (line) => console.log(line));
      printLargeSeedReport(report);
      if (!report.ledger.ok) throw new Error('The seeded ledger does not balance.');
    }
    const [counts] = await rows<{ members: number; listings: number; actions: number }>(sql`
      select (select count(*) from users where kind = 'member')::int as members,
             (select count(*) from listings)::int as listings, (select count(*) from actions)::int as actions`);
    console.log(
      `Database: ${counts?.members} members, ${counts?.listings} listings, ${counts?.actions} past actions.`,
    );
  } catch (e) {
    await database.close();
    await dropDatabase();
    throw e;
  }
  const server = new URL(url);
  server.pathname = '/postgres';
  return {
    database,
    db,
    rows,
    serverUrl: server.toString(),
    close: async () => {
      await database.close();
      await dropDatabase();
    },
  };
}

/** Signs the members in: a session each, answering their bearer tokens in the same order. */
export async function signIn(db: Db, memberIds: number[]): Promise<string[]> {
  const tokens = memberIds.map(() => newToken());
  const values = memberIds.map((id, i) => sql`(${hashToken(tokens[i] as string)}, ${id}::int, now(), now())`);
  for (let i = 0; i < values.length; i += 1000) {
    await db.execute(
      sql`insert into sessions (token_hash, user_id, created_at, last_used_at) values ${sql.join(values.slice(i, i + 1000), sql`, `)}`,
    );
  }
  return tokens;
}

/** The app on a loopback port over the large database, as the benchmarks call it. */
export async function startBenchServer(db: Db): Promise<{ app: FastifyInstance; origin: string }> {
  const app = await buildApp({ config: loadConfig({ PORT: '3999' }), db, clock: systemClock, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { app, origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A GET of a call below the operations base, signed in with `token`. */
export const getCall = (path: string, token: string): LoadRequest => ({
  method: 'GET',
  path: `${OPERATIONS_BASE}/${path}`,
  headers: auth(token),
});

/** A JSON POST of a call below the operations base, signed in with `token`. */
export const postCall = (path: string, token: string, body: unknown): LoadRequest => ({
  method: 'POST',
  path: `${OPERATIONS_BASE}/${path}`,
  headers: { ...auth(token), 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** One request per signed-in member (`tokens` in the members' order) that has what the call needs. */
export function eachMember<M>(
  members: M[],
  tokens: string[],
  make: (token: string, member: M) => LoadRequest | null,
): LoadRequest[] {
  return members.flatMap((m, i) => {
    const r = make(tokens[i] as string, m);
    return r ? [r] : [];
  });
}
