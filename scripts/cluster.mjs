#!/usr/bin/env node
// `npm run cluster` (docs/domain.md R8): Marquee as several identical servers on one PostgreSQL
// behind HAProxy, on this machine. Each server is the compiled app (`npm start`'s) on a port of its
// own; HAProxy (Debian's package) spreads members across the servers that answer /healthz/ready and
// routes around one that stops. Uploads go to the shared DATA_DIR (or S3 when configured).
//
//   DATABASE_URL=postgres://…/marquee npm run cluster            three servers behind port 3000
//   CLUSTER_SERVERS=5 PORT=8080 DATABASE_URL=… npm run cluster
//
// A server that exits is started again after a second, as a process manager would. Ctrl-C (or
// SIGTERM) shuts every server down gracefully (R7), then HAProxy.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildWhatIsStale, root } from './build-if-stale.mjs';

/** HAProxy's configuration for `servers` app servers behind `port` (exported for its test). */
export function haproxyConfig({ host, port, servers }) {
  const lines = [
    'global',
    // Each connection holds two file descriptors (the member's and the server's); 8,000 fit the usual limit of 20,000.
    '  maxconn 8000',
    '',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    // A live stream (LV1) stays open between heartbeats 25 s apart, and for as long as the page does.
    '  timeout tunnel 1h',
    '  timeout http-request 10s',
    // A connection refused by a server that has just died is tried on another; a request it had
    // already taken is not repeated (it may have been a credit).
    '  retries 2',
    '  option redispatch',
    '  retry-on conn-failure',
    '',
    'frontend marquee',
    `  bind ${host}:${port}`,
    // The servers run with TRUST_PROXY=true and read the member's address from this header.
    '  option forwardfor',
    '  default_backend servers',
    '',
    'backend servers',
    // Live streams are long: new members go to the server holding fewest connections.
    '  balance leastconn',
    '  option httpchk GET /healthz/ready',
    '  http-check expect status 200',
    // Checked every second; two failures take a server out (a shutdown answers 503 at once, R7).
    '  default-server inter 1s fall 2 rise 2 on-marked-down shutdown-sessions',
    ...servers.map((s, i) => `  server app${i + 1} 127.0.0.1:${s.port} check`),
    '',
  ];
  return lines.join('\n');
}

/**
 * Starts the servers and HAProxy; answers their handles. `env` is passed to every server.
 * `restart: false` leaves a server that exits down (the benchmarks kill one on purpose).
 */
export async function startCluster({
  servers = 3,
  port = 3000,
  host = '127.0.0.1',
  env = {},
  restart = true,
  log = console.log,
}) {
  const haproxy = spawnSync('haproxy', ['-v']).status === 0;
  if (!haproxy) throw new Error('HAProxy is not installed: apt-get install -y haproxy');
  const databaseUrl = env.DATABASE_URL ?? process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('Several servers share one PostgreSQL database: set DATABASE_URL.');
  const publicUrl =
    env.PUBLIC_URL ?? process.env.PUBLIC_URL ?? `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;
  const run = fs.mkdtempSync(path.join(os.tmpdir(), `marquee-cluster-${port}-`));
  const handles = Array.from({ length: servers }, (_, i) => ({
    name: `app${i + 1}`,
    port: port + 1 + i,
    proc: null,
  }));
  let stopping = false;
  // The servers share this machine with the database: together about two connections per core
  // (docs/domain.md R9), 2-10 each, unless DATABASE_POOL_SIZE says otherwise.
  const poolSize =
    env.DATABASE_POOL_SIZE ||
    process.env.DATABASE_POOL_SIZE ||
    String(Math.max(2, Math.min(10, Math.ceil((2 * os.availableParallelism()) / servers))));

  const startServer = (h) => {
    h.proc = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        ...env,
        DATABASE_URL: databaseUrl,
        DATABASE_POOL_SIZE: poolSize,
        PORT: String(h.port),
        HOST: '127.0.0.1',
        PUBLIC_URL: publicUrl,
        TRUST_PROXY: 'true',
      },
    });
    const prefix = (chunk) =>
      String(chunk)
        .split('\n')
        .filter(Boolean)
        .map((line) => `[${h.name}] ${line}`)
        .join('\n');
    h.proc.stdout.on('data', (d) => log(prefix(d)));
    h.proc.stderr.on('data', (d) => log(prefix(d)));
    h.proc.on('exit', (code, signal) => {
      h.proc = null;
      if (stopping) return;
      log(`[${h.name}] exited (${signal ?? code})${restart ? '; starting it again in 1 s' : ''}`);
      if (restart) setTimeout(() => !stopping && startServer(h), 1000).unref();
    });
  };

  const config = path.join(run, 'haproxy.cfg');
  fs.writeFileSync(config, haproxyConfig({ host, port, servers: handles }));
  for (const h of handles) startServer(h);
  // -db: in the foreground, logging to stderr; -W: master-worker, so SIGUSR1 stops it softly.
  const balancer = spawn('haproxy', ['-W', '-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  for (const out of [balancer.stdout, balancer.stderr])
    out.on('data', (d) => log(String(d).trimEnd().replace(/^/gm, '[haproxy] ')));

  await waitUntil(async () => {
    const answers = await Promise.all(handles.map((h) => ready(`http://127.0.0.1:${h.port}`)));
    return answers.every(Boolean) && (await ready(`http://127.0.0.1:${port}`));
  }, 120_000);

  const stop = async () => {
    stopping = true;
    const exits = handles
      .filter((h) => h.proc)
      .map(
        (h) =>
          new Promise((resolve) => {
            h.proc.once('exit', resolve);
            h.proc.kill('SIGTERM');
          }),
      );
    await Promise.all(exits);
    // Ctrl-C in a terminal reaches HAProxy too, which may have stopped already.
    if (balancer.exitCode === null && balancer.signalCode === null)
      await new Promise((resolve) => {
        balancer.once('exit', resolve);
        balancer.kill('SIGUSR1');
      });
    fs.rmSync(run, { recursive: true, force: true });
  };
  return { url: `http://127.0.0.1:${port}`, publicUrl, servers: handles, balancer, stop };
}

async function ready(base) {
  try {
    const res = await fetch(`${base}/healthz/ready`, { signal: AbortSignal.timeout(2000) });
    return res.ok;
  } catch {
    return false;
  }
}

async function waitUntil(check, ms) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('The cluster did not become ready in time.');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  buildWhatIsStale();
  const servers = Number(process.env.CLUSTER_SERVERS ?? 3);
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? '127.0.0.1';
  let cluster;
  try {
    cluster = await startCluster({ servers, port, host });
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
  console.log(
    `\nMarquee is running as ${servers} servers (ports ${cluster.servers.map((s) => s.port).join(', ')}) behind HAProxy at ${cluster.publicUrl}`,
  );
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, async () => {
      if (stopping) return;
      stopping = true;
      console.log('Stopping the servers, then HAProxy...');
      await cluster.stop();
      process.exit(0);
    });
  }
}
