import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { MIGRATIONS_DIR } from './database.js';

const postgresUrl = inject('postgresUrl');
const SERVERS = 4;
const tsx = path.resolve(import.meta.dirname, '../../../../../node_modules/.bin/tsx');
const child = path.resolve(import.meta.dirname, '../../../test/migrate-child.ts');

/** One process migrating `url`; answers its exit code and what it printed to stderr. */
const migrateIn = (url: string) =>
  new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const proc = spawn(tsx, [child], { env: { ...process.env, DATABASE_URL: url } });
    let stderr = '';
    proc.stderr.on('data', (d) => (stderr += d));
    proc.on('exit', (code) => resolve({ code, stderr }));
  });

// PGlite is one process's database: only PostgreSQL has several servers migrating it.
describe.skipIf(!postgresUrl)('servers starting at once on an empty PostgreSQL database (R5)', () => {
  it(`${SERVERS} processes migrate it once between them, and all start`, async () => {
    const name = `marquee_migrate_race_${Date.now()}`;
    const admin = new pg.Client({ connectionString: postgresUrl as string });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(postgresUrl as string);
    url.pathname = `/${name}`;
    try {
      const runs = await Promise.all(Array.from({ length: SERVERS }, () => migrateIn(url.toString())));
      for (const run of runs) expect(run, run.stderr).toMatchObject({ code: 0 });
      const db = new pg.Client({ connectionString: url.toString() });
      await db.connect();
      const applied = await db.query('select hash from drizzle.__drizzle_migrations');
      const tables = await db.query("select count(*)::int as n from pg_tables where tablename = 'users'");
      await db.end();
      const known = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
      expect(applied.rows.map((r) => r.hash)).toEqual(known.map((m) => m.hash));
      expect(tables.rows[0].n).toBe(1);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 60_000);
});
