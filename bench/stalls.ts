/**
 * What else happened while a round ran, to tell a slow query from a stall: the server's event-loop
 * delay (a long pause there holds every request, whatever the database does), its garbage
 * collections, and PostgreSQL's checkpoints (a checkpoint's writes can hold commits behind the WAL
 * flush). Printed beside the latency table; figures, not checks.
 */
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { sql, type SQL } from 'drizzle-orm';

export interface StallReport {
  name: string;
  loopP99Ms: number;
  loopMaxMs: number;
  gcCount: number;
  gcMaxMs: number;
  gcTotalMs: number;
  checkpoints: number;
}

type Rows = <T>(query: SQL) => Promise<T[]>;

/** Checkpoints so far: pg_stat_checkpointer from PostgreSQL 17, pg_stat_bgwriter before. */
async function checkpointCount(rows: Rows): Promise<number> {
  try {
    const [r] = await rows<{ n: string }>(
      sql`select (num_timed + num_requested)::text as n from pg_stat_checkpointer`,
    );
    return Number(r?.n ?? 0);
  } catch {
    const [r] = await rows<{ n: string }>(
      sql`select (checkpoints_timed + checkpoints_req)::text as n from pg_stat_bgwriter`,
    );
    return Number(r?.n ?? 0);
  }
}

export async function watchStalls<T>(
  name: string,
  rows: Rows,
  run: () => Promise<T>,
): Promise<{ result: T; stalls: StallReport }> {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  const pauses: number[] = [];
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) pauses.push(entry.duration);
  });
  gc.observe({ entryTypes: ['gc'] });
  const checkpointsBefore = await checkpointCount(rows);
  loop.enable();
  try {
    const result = await run();
    return {
      result,
      stalls: {
        name,
        loopP99Ms: loop.percentile(99) / 1e6,
        loopMaxMs: loop.max / 1e6,
        gcCount: pauses.length,
        gcMaxMs: pauses.length ? Math.max(...pauses) : 0,
        gcTotalMs: pauses.reduce((a, b) => a + b, 0),
        checkpoints: (await checkpointCount(rows)) - checkpointsBefore,
      },
    };
  } finally {
    loop.disable();
    gc.disconnect();
  }
}

export function printStalls(reports: StallReport[]) {
  console.log(
    `${'round'.padEnd(34)}${['loop p99', 'loop max', 'GCs', 'GC max', 'GC total', 'checkpts'].map((h) => h.padStart(10)).join('')}`,
  );
  for (const r of reports) {
    console.log(
      `${r.name.padEnd(34)}${[r.loopP99Ms, r.loopMaxMs].map((v) => v.toFixed(1).padStart(10)).join('')}${String(r.gcCount).padStart(10)}${[r.gcMaxMs, r.gcTotalMs].map((v) => v.toFixed(1).padStart(10)).join('')}${String(r.checkpoints).padStart(10)}`,
    );
  }
}
