#!/usr/bin/env node
// `npm test`: every check of the project, in order, continuing past failures so one run shows
// everything. Ends with one line "N passed, N failed" (tests counted one by one; typecheck, lint,
// format, build and bundle size count as one check each).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const artifacts = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-test-'));
const results = [];
const only = process.env.TEST_ONLY ? process.env.TEST_ONLY.split(',') : null;

function run(name, command, args, env = {}) {
  console.log(`\n━━ ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const res = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return { ok: res.status === 0, seconds };
}

function check(name, command, args, env) {
  if (only && !only.includes(name)) return;
  const { ok, seconds } = run(name, command, args, env);
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, seconds });
}

/** A vitest run, counted test by test from its JSON report. */
function vitest(name, workspace, env = {}) {
  if (only && !only.includes(name)) return;
  const report = path.join(artifacts, `${name}.json`);
  const { ok, seconds } = run(name, 'npx', ['vitest', 'run', '--root', workspace], {
    ...env,
    VITEST_JSON: report,
  });
  const counted = readJson(report);
  const passed = counted?.numPassedTests ?? 0;
  let failed = counted ? counted.numFailedTests : 1;
  // A run that failed outside any test (a file that did not load, a failing hook) is still a failure.
  if (!ok && failed === 0) failed = 1;
  results.push({ name, passed, failed, seconds });
}

/** A Playwright run of one project of e2e/playwright.config.ts, counted test by test. */
function playwright(name, project) {
  if (only && !only.includes(name)) return;
  const report = path.join(root, 'e2e/.artifacts/results.json');
  fs.rmSync(report, { force: true });
  const { ok, seconds } = run(name, 'npx', [
    'playwright',
    'test',
    '-c',
    'e2e/playwright.config.ts',
    '--project',
    project,
    // Run after the first project in any case: a failure there must not hide these journeys.
    '--no-deps',
  ]);
  const stats = readJson(report)?.stats;
  const passed = (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  let failed = stats ? stats.unexpected : 1;
  if (!ok && failed === 0) failed = 1;
  results.push({ name, passed, failed, seconds });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** The JavaScript a first visit loads (the entry and what it preloads) must stay under 150 kB gzipped. */
function bundleSize() {
  const name = 'bundle-size';
  if (only && !only.includes(name)) return;
  const dist = path.join(root, 'apps/web/dist');
  let ok = false;
  try {
    const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
    const files = [...html.matchAll(/(?:src|href)="\/?([^"]+\.js)"/g)].map((m) => m[1]);
    const bytes = files.reduce(
      (sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, f))).length,
      0,
    );
    ok = files.length > 0 && bytes < 150 * 1024;
    // What browsers that take brotli receive: the build's own .br copies (apps/web/build/precompress.ts).
    const brotli = files.reduce((sum, f) => {
      const file = path.join(dist, f);
      return sum + (fs.existsSync(`${file}.br`) ? fs.statSync(`${file}.br`) : fs.statSync(file)).size;
    }, 0);
    console.log(
      `\n━━ ${name}: initial JS ${(bytes / 1024).toFixed(1)} kB gzipped over ${files.length} files (limit 150 kB); ${(brotli / 1024).toFixed(1)} kB as served with brotli`,
    );
  } catch (e) {
    console.log(`\n━━ ${name}: could not measure (${e.message})`);
  }
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, seconds: '0.0' });
}

check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
check('lint', 'npx', ['eslint', '--max-warnings', '0', '.']);
check('format', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']);
vitest('web-unit', 'apps/web');
vitest('extension-unit', 'apps/extension');
vitest('server-pglite', 'apps/server', { TEST_DB: 'pglite' });
if (process.env.TEST_DATABASE_URL) {
  vitest('server-postgres', 'apps/server', { TEST_DB: 'postgres' });
} else {
  console.log('\n━━ server-postgres: skipped (set TEST_DATABASE_URL to run the API tests on PostgreSQL too)');
}
check('web-build', 'npm', ['run', '--silent', 'build', '-w', 'apps/web']);
check('extension-build', 'npm', ['run', '--silent', 'build', '-w', 'apps/extension']);
check('server-build', 'npm', ['run', '--silent', 'build', '-w', 'apps/server']);
bundleSize();
playwright('e2e', 'chromium');
// The journeys that change what every member sees, one at a time, after all the others.
playwright('e2e-site-wide', 'day-jumps');

fs.rmSync(artifacts, { recursive: true, force: true });
console.log('\n━━ Summary');
for (const r of results) {
  console.log(
    `  ${r.failed ? '✗' : '✓'} ${r.name.padEnd(16)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed  ${r.seconds}s`,
  );
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
