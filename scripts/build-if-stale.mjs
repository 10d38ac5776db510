// What `npm start` and `npm run cluster` build first (docs/domain.md R4): each part of the app (the
// server, the web app, the extension) only when its build is missing or older than its sources.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
const contract = ['packages/contract/src', 'packages/contract/package.json'];

/** Each part: what it is built from, the file its build writes last, and the workspace that builds it. */
const PARTS = [
  {
    name: 'server',
    workspace: 'apps/server',
    output: 'apps/server/dist/main.js',
    sources: [
      'apps/server/src',
      'apps/server/build.ts',
      'apps/server/package.json',
      'apps/extension/pack',
      ...contract,
    ],
  },
  {
    name: 'web app',
    workspace: 'apps/web',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/build',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      ...contract,
    ],
  },
  {
    name: 'extension',
    workspace: 'apps/extension',
    output: 'apps/extension/dist/manifest.json',
    sources: [
      'apps/extension/src',
      'apps/extension/static',
      'apps/extension/pack',
      'apps/extension/build.ts',
      ...contract,
    ],
  },
];

/** The newest modification time under a file or folder (tests excluded: they are not built). */
function newest(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(target) ? 0 : stat.mtimeMs;
  let latest = 0;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    latest = Math.max(latest, newest(path.join(target, entry)));
  }
  return latest;
}

function stale(part) {
  let built;
  try {
    built = fs.statSync(path.join(root, part.output)).mtimeMs;
  } catch {
    return 'not built yet';
  }
  const changed = Math.max(...part.sources.map((s) => newest(path.join(root, s))));
  return changed > built ? 'changed since its build' : null;
}

/** Builds each stale part; exits the process if a build fails. */
export function buildWhatIsStale() {
  for (const part of PARTS) {
    const why = stale(part);
    if (!why) continue;
    console.log(`Building the ${part.name} (${why})...`);
    const res = spawnSync('npm', ['run', '--silent', 'build', '-w', part.workspace], {
      cwd: root,
      stdio: 'inherit',
    });
    if (res.status !== 0) process.exit(res.status ?? 1);
  }
}
