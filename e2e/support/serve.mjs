// Starts the Marquee server for the journeys: a fresh embedded database in a temporary folder on
// every run, the demo members seeded, mail kept in the outbox, links in mails pointing at this server.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const port = process.env.E2E_PORT || '3210';
const publicUrl = `http://127.0.0.1:${port}`;

const webDist = path.resolve(root, process.env.WEB_DIST || 'apps/web/dist');
if (!fs.existsSync(path.join(webDist, 'index.html'))) {
  console.error('The web app is not built: run "npm run build -w apps/web" before the journeys.');
  process.exit(1);
}
const serverBuild = path.join(root, 'apps/server/dist/main.js');
if (!fs.existsSync(serverBuild)) {
  console.error('The server is not built: run "npm run build -w apps/server" before the journeys.');
  process.exit(1);
}
const extensionDist = path.resolve(root, process.env.EXTENSION_DIST || 'apps/extension/dist');
if (!fs.existsSync(path.join(extensionDist, 'manifest.json'))) {
  console.error('The Pro extension is not built: run "npm run build -w apps/extension" before the journeys.');
  process.exit(1);
}

// Another run on this port owns the folder below: leave it alone.
const portTaken = await new Promise((resolve) => {
  const socket = net.connect(Number(port), '127.0.0.1');
  socket.once('connect', () => socket.destroy() || resolve(true));
  socket.once('error', () => resolve(false));
});
if (portTaken) {
  console.error(
    `Port ${port} is in use: is another run of the journeys going? Set E2E_PORT to use another port.`,
  );
  process.exit(1);
}

const base = path.join(os.tmpdir(), `marquee-e2e-${port}`);
fs.rmSync(base, { recursive: true, force: true });
fs.mkdirSync(base, { recursive: true }); // PGlite creates only the last folder of its path.
const dataDir = path.join(base, 'data');
// Serve a copy of the build, so that a rebuild during the run cannot pull files from under the pages.
const webCopy = path.join(base, 'web');
fs.cpSync(webDist, webCopy, { recursive: true });
// The extension the journeys download, made for this server's address as any site makes it (PX10).
const extensionCopy = path.join(base, 'extension');
fs.cpSync(extensionDist, extensionCopy, { recursive: true });
const html = fs.readFileSync(path.join(webCopy, 'index.html'), 'utf8');
const missing = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)]
  .map((m) => m[1])
  .filter((file) => !fs.existsSync(path.join(webCopy, file)));
if (missing.length) {
  console.error(`The web build is incomplete (being rebuilt?): missing ${missing.join(', ')}.`);
  process.exit(1);
}

// The compiled server, run with plain node as `npm start` runs it in production (docs/domain.md R4).
const child = spawn(process.execPath, ['--enable-source-maps', serverBuild], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    WEB_DIST: webCopy,
    EXTENSION_DIST: extensionCopy,
    PORT: port,
    HOST: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    SEED_DEMO: 'true',
    // Members made through the API each come from their own (forwarded) address, as real ones do.
    TRUST_PROXY: 'true',
    // The journeys move the server's clock (D1.3) instead of sleeping.
    CONTROLLABLE_CLOCK: 'true',
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    SMTP_HOST: '',
    DATABASE_URL: '',
  },
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 0 : 1));
});
