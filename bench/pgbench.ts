/**
 * PostgreSQL's own yardstick for a benchmark's database: pgbench's TPC-B-like transaction (three
 * updates, a select and an insert, committed) on a scratch database of the same server, so a call's
 * throughput can be read as a share of what this PostgreSQL does with its simplest real writes on
 * this machine, in the same run. The scratch database is dropped afterwards.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export interface PgbenchResult {
  tps: number;
  clients: number;
  seconds: number;
  scale: number;
  latencyMs: number;
}

export interface Pgbench {
  /** The built-in TPC-B-like script with `clients` connections for `seconds`, prepared statements. */
  run(opts: { clients: number; seconds: number }): Promise<PgbenchResult>;
  /** Drops the scratch database. */
  close(): Promise<void>;
}

/**
 * A scratch database beside the server `serverUrl` names, filled by pgbench -i at `scale`, to run
 * the TPC-B-like script on as often as a benchmark needs (each run of it beside the runs it is the
 * yardstick for). Null (with the reason printed) when pgbench is not installed.
 */
export async function openPgbench(serverUrl: string, opts: { scale: number }): Promise<Pgbench | null> {
  const name = `marquee_pgbench_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const close = async () => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
  const u = new URL(serverUrl);
  const args = ['-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username || 'postgres')];
  const env = { ...process.env, PGPASSWORD: decodeURIComponent(u.password) };
  try {
    await run('pgbench', [...args, '-i', '-q', '-s', String(opts.scale), name], { env });
  } catch (e) {
    await close();
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') {
      console.log('pgbench is not installed (Debian: postgresql-client), so no TPC-B figure is printed.');
      return null;
    }
    throw e;
  }
  return {
    close,
    async run({ clients, seconds }) {
      const { stdout } = await run(
        'pgbench',
        [
          ...args,
          '-n',
          '-M',
          'prepared',
          '-c',
          String(clients),
          '-j',
          String(Math.min(clients, 2)),
          '-T',
          String(seconds),
          name,
        ],
        { env },
      );
      const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1];
      const latency = /latency average = ([\d.]+) ms/.exec(stdout)?.[1];
      if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
      return { tps: Number(tps), latencyMs: Number(latency ?? 0), clients, seconds, scale: opts.scale };
    },
  };
}
