import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './deps.js';
import { everyInterval } from './jobs.js';
import { MINUTE_MS } from './time.js';

/**
 * A job run every minute while the server runs, beside the daily jobs (jobs.ts). Each must be
 * idempotent and safe to run on several servers at once: it acts on what is due by the app's clock.
 * Features define their jobs; app.ts lists them (MINUTE_JOBS) and main.ts starts them.
 */
export interface MinuteJob {
  name: string;
  /** Answers how many things it did (for the log). */
  run(deps: AppDeps, now: Date): Promise<number>;
}

/** Runs every minute job once by the app's clock; one failing leaves the others to run, then it is reported. */
export async function runMinuteJobs(
  deps: AppDeps,
  jobs: readonly MinuteJob[],
): Promise<Record<string, number>> {
  const done: Record<string, number> = {};
  let failure: unknown = null;
  for (const job of jobs) {
    try {
      done[job.name] = await job.run(deps, deps.clock.now());
    } catch (err) {
      failure ??= err;
    }
  }
  if (failure) throw failure;
  return done;
}

/**
 * Runs the minute jobs every minute while the server runs (main.ts); a failed run is logged and
 * tried again next minute.
 */
export function startMinuteJobs(app: FastifyInstance, jobs: readonly MinuteJob[], everyMs = MINUTE_MS): void {
  everyInterval(app, everyMs, async () => {
    try {
      const done = await runMinuteJobs(app.deps, jobs);
      const busy = Object.entries(done).filter(([, n]) => n > 0);
      if (busy.length) app.log.info({ jobs: Object.fromEntries(busy) }, 'minute jobs ran');
    } catch (err) {
      app.log.error({ err }, 'a minute job failed');
    }
  });
}
