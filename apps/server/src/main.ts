import { DAILY_JOBS, MINUTE_JOBS, buildApp } from './app.js';
import { ConfigError, loadConfig, productionProblems, withInstallationSecrets } from './platform/config.js';
import { openDatabase } from './platform/db/database.js';
import { ControllableClock, systemClock } from './platform/clock.js';
import { seedDemo } from './scripts/demo-data.js';
import { demoLoginLines } from './scripts/demo-logins.js';
import { startDailyJobs } from './platform/jobs.js';
import { startMinuteJobs } from './platform/minute-jobs.js';
import { shutDown } from './platform/lifecycle.js';

// One schema reads every setting; a production start with an unsafe one is refused, naming each
// (docs/domain.md R2), before anything is written.
let config;
try {
  config = loadConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
}
const unsafe = productionProblems(process.env, config);
if (unsafe.length) {
  console.error(new ConfigError(unsafe).message);
  process.exit(1);
}
config = withInstallationSecrets(config);
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
});
// On PostgreSQL under an advisory lock, so servers starting together migrate once (R5).
await database.migrate();
const clock = config.controllableClock ? new ControllableClock() : systemClock;
if (config.seedDemo && (await seedDemo(database.db, clock))) {
  console.log('First start: demo members and listings seeded.');
}
const app = await buildApp({ config, db: database.db, clock });
// The daily jobs (the featuring pick at 12am Pacific, D8.3) run in the server, never in tests.
startDailyJobs(app, DAILY_JOBS);
// Every minute: point changes that have come due (D6.2).
startMinuteJobs(app, MINUTE_JOBS);
if (app.deps.mailer.kind === 'outbox' && config.production) {
  app.log.warn(
    'UNSAFE_OUTBOX_MAIL: no SMTP server is configured, so mail is kept in the database and not sent.',
  );
}
await app.listen({ port: config.port, host: config.host });
console.log(
  `\nMarquee is running at ${config.publicUrl} (database: ${database.kind === 'pglite' ? `embedded, in ${config.dataDir}` : 'PostgreSQL'})`,
);
// The demo logins, each with the level it has now (scripts/demo-logins.ts).
if (config.seedDemo) {
  for (const line of await demoLoginLines(database.db, clock.now())) console.log(line);
}
if (app.deps.mailer.kind === 'outbox' && !config.production)
  console.log(`Mail is kept in the outbox: ${config.publicUrl}/dev/mail`);

// R7: SIGTERM (what process managers and the cluster send) or Ctrl-C shuts down gracefully within
// SHUTDOWN_TIMEOUT_MS. Another signal a few seconds later exits at once; one sooner is the same
// signal passed on again (by npm and scripts/start.mjs, as a terminal signals them all).
let shuttingDownSince = 0;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (shuttingDownSince) {
      if (Date.now() - shuttingDownSince > 2000) process.exit(1);
      return;
    }
    shuttingDownSince = Date.now();
    app.log.info({ signal }, 'shutting down');
    const { outcome, ms } = await shutDown(app, {
      timeoutMs: config.shutdownTimeoutMs,
      closeDatabase: () => database.close(),
    });
    if (outcome === 'timed-out') app.log.warn({ ms }, 'shutdown: time limit reached, exiting anyway');
    else app.log.info({ ms }, 'shut down');
    process.exit(outcome === 'closed' ? 0 : 1);
  });
}
