import type { errors as contract } from '@marquee/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../platform/deps.js';
import type { Caller } from '../../platform/auth.js';
import type { DailyJob } from '../../platform/jobs.js';
import { takeRateOrThrow } from '../../platform/rate-limit.js';
import { REPORTS_KEPT_MS, REPORT_LIMITS, reportKeys, tooManyReports } from './errors.policy.js';
import * as repo from './errors.repo.js';

type ReportInput = z.output<typeof contract.logErrorBoundaryCatch.input>;

/**
 * errors/logErrorBoundaryCatch (spec 4 §7): keeps the crash with the member who saw it, counted under
 * the address and the member in the same transaction, so a burst keeps no more than the limits allow.
 */
export async function logReport(
  deps: AppDeps,
  caller: Caller | null,
  input: ReportInput,
  from: { address: string; userAgent: string | null },
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    for (const key of reportKeys(from.address, caller?.userId ?? null)) {
      await takeRateOrThrow(tx, key, REPORT_LIMITS, now, tooManyReports);
    }
    await repo.insertReport(tx, {
      userId: caller?.userId ?? null,
      error: input.error,
      info: input.info,
      url: input.url,
      userAgent: from.userAgent,
      createdAt: now,
    });
  });
}

/** Daily: crash reports older than 30 days are deleted (docs/domain.md "Crash reports"). */
export const pruneErrorReportsJob: DailyJob = {
  name: 'prune-error-reports',
  async run(tx, { now }) {
    await repo.deleteReportsBefore(tx, new Date(now.getTime() - REPORTS_KEPT_MS));
  },
};
