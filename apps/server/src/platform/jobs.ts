import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './deps.js';
import type { Db } from './db/database.js';
import { claimJobRun } from './jobs.repo.js';
import { pruneRateEvents } from './rate-limit.js';
import { MINUTE_MS, pacificDay } from './time.js';

/**
 * A job run once per Pacific day (D1.1), as soon as the day has begun by the app's clock. Features
 * define their jobs; app.ts lists them (DAILY_JOBS) and main.ts starts them.
 */
export interface DailyJob {
  name: string;
  /**
   * Runs inside the transaction that records the day's run, so the job and its record commit
   * together or not at all; may answer what to do once committed (mail, say).
   */
  run(tx: Db, ctx: { deps: AppDeps; day: string; now: Date }): Promise<(() => Promise<void>) | void>;
}

/** Daily: counted events older than any limit's window are forgotten (docs/domain.md L3). */
export const pruneRateEventsJob: DailyJob = {
  name: 'prune-rate-events',
  run: (tx, { now }) => pruneRateEvents(tx, now),
};

/**
 * Runs each job that has not yet run on the current Pacific day; answers the names of those it ran.
 * The run is claimed by its row in job_runs, so however many servers ask, one runs it.
 */
export async function runDueJobs(deps: AppDeps, jobs: readonly DailyJob[]): Promise<string[]> {
  const ran: string[] = [];
  let failure: unknown = null;
  for (const job of jobs) {
    try {
      if (await runIfDue(deps, job)) ran.push(job.name);
    } catch (err) {
      // One job failing leaves the others to run; the failure is reported once they have.
      failure ??= err;
    }
  }
  if (failure) throw failure;
  return ran;
}

async function runIfDue(deps: AppDeps, job: DailyJob): Promise<boolean> {
  const now = deps.clock.now();
  const day = pacificDay(now);
  const afterCommit = await deps.db.transaction(async (tx) => {
    if (!(await claimJobRun(tx, { name: job.name, day, ranAt: now }))) return null;
    return (await job.run(tx, { deps, day, now })) ?? (async () => {});
  });
  if (!afterCommit) return false;
  await afterCommit();
  return true;
}

/**
 * Checks for due jobs every minute while the server runs (main.ts). A failed run is logged and
 * tried again next minute.
 */
export function startDailyJobs(app: FastifyInstance, jobs: readonly DailyJob[], everyMs = MINUTE_MS): void {
  everyInterval(app, everyMs, async () => {
    try {
      const ran = await runDueJobs(app.deps, jobs);
      if (ran.length) app.log.info({ jobs: ran }, 'daily jobs ran');
    } catch (err) {
      app.log.error({ err }, 'a daily job failed');
    }
  });
}

/**
 * Runs `tick` when the app is ready and then every `everyMs`, never two at once: the timer does not
 * keep the process alive and stops when the app closes. Closing waits for a tick that is running, so
 * a shutdown never cuts a job short (docs/domain.md R7; the shutdown's time limit still applies).
 */
export function everyInterval(app: FastifyInstance, everyMs: number, tick: () => Promise<void>): void {
  let running: Promise<void> | null = null;
  let closed = false;
  const once = () => {
    if (running || closed) return;
    running = tick()
      .catch((err) => app.log.error({ err }, 'a timed job failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(once, everyMs);
  timer.unref();
  app.addHook('onReady', async () => once());
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    await running;
  });
}
