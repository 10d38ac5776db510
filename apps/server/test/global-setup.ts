import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_DIR, openDatabase } from '../src/platform/db/database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string | null;
    /** PostgreSQL runs: the migrated database that a file's own database is copied from. */
    postgresTemplate: string | null;
    /** PGlite runs: a tarball of a migrated data directory, which every test file's database starts from. */
    pgliteTemplate: string | null;
  }
}

/**
 * PGlite runs: one migrated data directory that every file loads a copy of (decision 0003).
 * TEST_DB=postgres: a migrated database kept untouched as the template, and a copy of it that the run's
 * files share; files that ask for a database of their own get another copy. All dropped at the end.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB !== 'postgres') {
    project.provide('postgresUrl', null);
    project.provide('postgresTemplate', null);
    project.provide('pgliteTemplate', await migratedPgliteTarball());
    return;
  }
  project.provide('pgliteTemplate', null);
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL.');
  const name = `marquee_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const template = `${name}_template`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const url = new URL(base);
  url.pathname = `/${template}`;
  const database = await openDatabase({ url: url.toString() });
  await database.migrate();
  await database.close();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  url.pathname = `/${name}`;
  project.provide('postgresUrl', url.toString());
  project.provide('postgresTemplate', template);
  return async () => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await client.end();
  };
}

const CACHE_DIR = path.resolve(import.meta.dirname, '../../../node_modules/.cache/marquee-pglite');
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The tarball of a PGlite data directory made and migrated as `npm start` makes one. Kept between runs
 * under a name made from what it depends on, as initdb and the migrations take seconds that every
 * file would otherwise wait for; templates no run has used for a day are removed.
 */
async function migratedPgliteTarball(): Promise<string> {
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const file = path.join(CACHE_DIR, `${templateKey()}.tar`);
  for (const name of fs.readdirSync(CACHE_DIR)) {
    const other = path.join(CACHE_DIR, name);
    if (other !== file && Date.now() - fs.statSync(other).mtimeMs > DAY_MS) fs.rmSync(other, { force: true });
  }
  if (fs.existsSync(file)) {
    const now = new Date();
    fs.utimesSync(file, now, now);
    return file;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-pglite-'));
  try {
    const database = await openDatabase({ dataDir: dir });
    await database.migrate();
    await database.close();
    const client = await PGlite.create(path.join(dir, 'pglite'));
    // Leaner than what `npm start` makes, so that a copy loads in about half the time: a 16 MB buffer
    // pool (a test file's data is far smaller) and no template databases (only CREATE DATABASE reads them).
    await client.exec(`ALTER SYSTEM SET shared_buffers = '16MB'`);
    for (const name of ['template0', 'template1']) {
      await client.exec(`ALTER DATABASE ${name} WITH is_template false`);
      await client.exec(`DROP DATABASE ${name}`);
    }
    await client.exec('CHECKPOINT');
    const tarball = await client.dumpDataDir('none');
    await client.close();
    // Written whole, then renamed: a run starting beside this one never reads half a file.
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
    fs.renameSync(partial, file);
    return file;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** What the template depends on: every migration file, how this file makes it, and the PGlite and Drizzle releases. */
function templateKey(): string {
  const hash = createHash('sha256').update(fs.readFileSync(fileURLToPath(import.meta.url)));
  for (const name of fs.readdirSync(MIGRATIONS_DIR, { recursive: true, encoding: 'utf8' }).sort()) {
    const file = path.join(MIGRATIONS_DIR, name);
    if (fs.statSync(file).isFile()) hash.update(name).update(fs.readFileSync(file));
  }
  for (const pkg of ['@electric-sql/pglite', 'drizzle-orm']) hash.update(pkg).update(packageVersion(pkg));
  return hash.digest('hex').slice(0, 16);
}

function packageVersion(pkg: string): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve(pkg));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const { name, version } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as {
        name?: string;
        version: string;
      };
      if (name === pkg) return version;
    }
    if (path.dirname(dir) === dir) throw new Error(`No package.json found for ${pkg}.`);
    dir = path.dirname(dir);
  }
}
