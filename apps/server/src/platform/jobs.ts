import type { FastifyInstance } from 'fastify';
import { featuringJob } from '../features/featuring/featuring.service.js';
import { membershipRemindersJob } from '../features/membership/reminders.js';
import { referralRewardsJob } from '../features/referrals/rewards.service.js';
import { proWeeklyJob } from '../features/pro/pro.service.js';
import { pruneErrorReportsJob } from '../features/errors/errors.service.js';
import { removeUnconfirmedJob } from '../features/login/signup.service.js';
import type { AppDeps } from './deps.js';
import type { Db } from './db/database.js';
import { jobRuns } from './jobs.tables.js';
import { pruneRateEvents } from './rate-limit.js';
import { MINUTE_MS, pacificDay } from './time.js';

/** A job run once per Pacific day (D1.1), as soon as the day has begun by the app's clock. */
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

/** Every daily job of the app. */
export const DAILY_JOBS: readonly DailyJob[] = [
  featuringJob,
  membershipRemindersJob,
  referralRewardsJob,
  proWeeklyJob,
  pruneErrorReportsJob,
  pruneRateEventsJob,
  removeUnconfirmedJob,
];

/**
 * Runs each job that has not yet run on the current Pacific day; answers the names of those it ran.
 * The run is claimed by its row in job_runs, so however many servers ask, one runs it.
 */
export async function runDueJobs(deps: AppDeps, jobs: readonly DailyJob[] = DAILY_JOBS): Promise<string[]> {
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
    const [claimed] = await tx
      .insert(jobRuns)
      .values({ name: job.name, day, ranAt: now })
      .onConflictDoNothing()
      .returning({ name: jobRuns.name });
    if (!claimed) return null;
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
export function startDailyJobs(
  app: FastifyInstance,
  jobs: readonly DailyJob[] = DAILY_JOBS,
  everyMs = MINUTE_MS,
): void {
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
 * keep the process alive and stops when the app closes.
 */
export function everyInterval(app: FastifyInstance, everyMs: number, tick: () => Promise<void>): void {
  let running = false;
  const once = async () => {
    if (running) return;
    running = true;
    try {
      await tick();
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void once(), everyMs);
  timer.unref();
  app.addHook('onReady', async () => void once());
  app.addHook('onClose', async () => clearInterval(timer));
}
