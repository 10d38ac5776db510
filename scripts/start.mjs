#!/usr/bin/env node
// `npm start` (docs/domain.md R4): runs the compiled server with plain node. Each part (the server,
// the web app, the extension) is built first only when its build is missing or older than its
// sources, so a fresh checkout starts with `npm install && npm start` and a built one starts at once.
// A production host runs `npm run build` once when it deploys; this then builds nothing.
import { spawn } from 'node:child_process';
import { buildWhatIsStale, root } from './build-if-stale.mjs';

buildWhatIsStale();

// The server in the foreground of this process's group: signals reach it, and its exit code is ours.
const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
