import fs from 'node:fs';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { operationUrl, type InputOf, type Operation, type OutputOf } from '@marquee/contract';
import { buildApp } from '../src/app.js';
import { loadConfig, type AppConfig } from '../src/platform/config.js';
import { ControllableClock } from '../src/platform/clock.js';
import { openDatabase, type Database, type Db } from '../src/platform/db/database.js';
import type { Mailer } from '../src/platform/mail.js';
import type { Integrations } from '../src/integrations/types.js';
import type { PaymentProviders } from '../src/features/payments/payments.providers.js';
import { checkLedger } from '../src/features/points/ledger.check.js';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  clock: ControllableClock;
  config: AppConfig;
  /** The PostgreSQL database the file runs on (null on PGlite), for a second server on the same one. */
  databaseUrl: string | null;
  /** Calls an operation of the contract as the browser would; `token` signs it. */
  call<Op extends Operation>(
    op: Op,
    input?: InputOf<Op> | Record<string, unknown>,
    token?: string,
  ): Promise<Answer<Op>>;
}

export interface Answer<Op extends Operation> {
  statusCode: number;
  body: OutputOf<Op> & { status: string; message?: string; extra?: string };
  response: LightMyRequestResponse;
}

export const TEST_START = new Date('2026-03-10T18:00:00Z');

/**
 * The app on a real database for one test file: an in-memory PGlite loaded from the run's migrated
 * copy (test/global-setup.ts), or the run's PostgreSQL database.
 * After the file, the ledger invariants of D3.1 must hold.
 */
export function useTestApp(
  opts: {
    mailer?: Mailer;
    /** Stand-ins for the outside platforms, built on the test's database and clock. */
    integrations?: (db: Db, clock: ControllableClock) => Integrations;
    config?: Partial<AppConfig>;
    extraRoutes?: (app: FastifyInstance) => void;
    /** Payment providers built on the test's configuration and clock. */
    payments?: (config: AppConfig, clock: ControllableClock) => PaymentProviders;
    /** On PostgreSQL, a fresh database for this file alone (PGlite files always have their own). */
    ownDatabase?: boolean;
  } = {},
): TestApp {
  let database: Database;
  let dropOwnDatabase: (() => Promise<void>) | undefined;
  const ctx = { clock: new ControllableClock() } as TestApp;
  // Frozen first, then set: set-then-freeze could land a millisecond late on a busy machine.
  ctx.clock.freeze();
  ctx.clock.set(TEST_START);

  // Each file signs in from its own loopback address, so address limits never cross files.
  const remoteAddress = `127.${rand()}.${rand()}.${rand()}`;

  beforeAll(async () => {
    let postgresUrl = inject('postgresUrl');
    if (postgresUrl && opts.ownDatabase) {
      const own = await createOwnDatabase(postgresUrl);
      postgresUrl = own.url;
      dropOwnDatabase = own.drop;
    }
    // Ten connections whatever the machine's cores, so the race tests' bursts run side by side.
    database = await openDatabase(
      postgresUrl ? { url: postgresUrl, poolSize: 10 } : { dataDir: null, loadDataDir: migratedPglite() },
    );
    ctx.databaseUrl = postgresUrl ?? null;
    ctx.config = { ...loadConfig({ PORT: '3999', PUBLIC_URL: 'http://marquee.test' }), ...opts.config };
    ctx.db = database.db;
    ctx.app = await buildApp({
      config: ctx.config,
      db: database.db,
      clock: ctx.clock,
      mailer: opts.mailer,
      integrations: opts.integrations?.(database.db, ctx.clock),
      payments: opts.payments?.(ctx.config, ctx.clock),
      logger: false,
    });
    opts.extraRoutes?.(ctx.app);
    ctx.call = async (op, input, token) => {
      const url = operationUrl(op);
      const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
      const response = await ctx.app.inject(
        op.method === 'GET'
          ? { method: 'GET', url, query: stringify(input ?? {}), headers, remoteAddress }
          : { method: 'POST', url, payload: (input ?? {}) as object, headers, remoteAddress },
      );
      return { statusCode: response.statusCode, body: response.json(), response };
    };
  });

  afterAll(async () => {
    if (!ctx.db) return;
    const report = await checkLedger(ctx.db);
    await ctx.app?.close();
    await database.close();
    await dropOwnDatabase?.();
    expect(report.problems, 'ledger invariants (D3.1) after this file').toEqual([]);
  });

  return ctx;
}

let pgliteTemplate: Uint8Array | undefined;

/**
 * A copy of the run's migrated PGlite data directory (test/global-setup.ts), read once per worker.
 * PGlite takes a Blob but only calls its arrayBuffer(), which Node's own Blob answers slowly, in
 * small chunks (about 0.15 s for each file).
 */
function migratedPglite(): Blob {
  const file = inject('pgliteTemplate');
  if (!file) throw new Error('No migrated PGlite template: is test/global-setup.ts the global setup?');
  const bytes = (pgliteTemplate ??= new Uint8Array(fs.readFileSync(file)));
  return { type: 'application/x-tar', arrayBuffer: async () => bytes.slice().buffer } as unknown as Blob;
}

async function createOwnDatabase(runUrl: string) {
  const name = `${new URL(runUrl).pathname.slice(1)}_${rand()}${rand()}`;
  const run = new pg.Client({ connectionString: runUrl });
  await run.connect();
  await run.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  await run.end();
  const url = new URL(runUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: runUrl });
      await client.connect();
      // The app's pool has ended, but its connections may still be closing: forcing them closed
      // would make each report an error. Give them a moment (at most 2 s), then drop.
      for (let i = 0; i < 40; i++) {
        const open = await client.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (!open.rows[0]?.n) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

const rand = () => 1 + Math.floor(Math.random() * 254);

function stringify(input: object): Record<string, string> {
  return Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)]));
}
