import type { Db } from './db/database.js';
import { jobRuns } from './jobs.tables.js';

/** Claims a job's run of the day: true for the one caller whose row was written. */
export async function claimJobRun(tx: Db, run: { name: string; day: string; ranAt: Date }): Promise<boolean> {
  const [claimed] = await tx
    .insert(jobRuns)
    .values(run)
    .onConflictDoNothing()
    .returning({ name: jobRuns.name });
  return Boolean(claimed);
}
