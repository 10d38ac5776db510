import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp } from '../../test/test-app.js';
import { runDueJobs, type DailyJob } from './jobs.js';
import { jobRuns } from './jobs.tables.js';

const t = useTestApp();

describe('the daily job runner (D1.1)', () => {
  it('runs a job once per Pacific day; a failed run leaves no record and is tried again', async () => {
    const name = `test-job-${Math.random().toString(36).slice(2)}`;
    const days: string[] = [];
    let fail = true;
    let mailed = 0;
    const job: DailyJob = {
      name,
      async run(_tx, { day }) {
        if (fail) throw new Error('the database went away');
        days.push(day);
        return async () => {
          mailed += 1;
        };
      },
    };
    t.clock.set(new Date('2026-06-15T06:59:00Z')); // 11:59pm PDT, 14 June
    await expect(runDueJobs(t.app.deps, [job])).rejects.toThrow('the database went away');
    expect(await t.db.select().from(jobRuns).where(eq(jobRuns.name, name))).toEqual([]);

    fail = false;
    expect(await runDueJobs(t.app.deps, [job])).toEqual([name]);
    expect(await runDueJobs(t.app.deps, [job])).toEqual([]);
    t.clock.advance(60_000); // 12am PDT, 15 June
    expect(await runDueJobs(t.app.deps, [job])).toEqual([name]);
    expect(days).toEqual(['2026-06-14', '2026-06-15']);
    expect(mailed).toBe(2);
  });
});
