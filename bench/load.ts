import { Worker } from 'node:worker_threads';

/** One request the load loop sends; the list is cycled through. */
export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadJob {
  origin: string;
  concurrency: number;
  total: number;
  requests: LoadRequest[];
  /** The JSON `status` a good answer carries ('success'); without it any 2xx answer is good. */
  expectStatus?: string;
  /**
   * Paced clients: each waits a random time of this mean (exponential) after an answer before its
   * next request, as people do; without it each sends the next request at once (saturation).
   */
  thinkMs?: number;
}

export interface LoadResult {
  name: string;
  requests: number;
  errors: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** The first few bad answers, to show what went wrong. */
  failures: string[];
}

/**
 * A bounded load loop against a server on this machine (loopback only): `concurrency` clients in a
 * worker thread send `total` requests over keep-alive connections, back to back or paced
 * (`thinkMs`); latencies are summarised.
 */
export async function load(name: string, job: LoadJob): Promise<LoadResult> {
  const out = await new Promise<{ latencies: number[]; errors: number; failures: string[]; seconds: number }>(
    (resolve, reject) => {
      const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
        workerData: job,
      });
      worker.once('message', resolve);
      worker.once('error', reject);
    },
  );
  const sorted = out.latencies.sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    name,
    requests: sorted.length,
    errors: out.errors,
    seconds: out.seconds,
    perSecond: sorted.length / out.seconds,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    failures: out.failures,
  };
}

/** Prints a run's first bad answers, if any, and passes the result on. */
export function report(r: LoadResult): LoadResult {
  if (r.failures.length)
    console.log(`  ${r.name}: ${r.errors} errors, e.g.\n    ${r.failures.join('\n    ')}`);
  return r;
}

export function printResults(results: LoadResult[], bare: LoadResult) {
  console.log(
    `${'call'.padEnd(34)}${['requests', 'errors', 'req/s', 'of bare', 'p50 ms', 'p95 ms', 'p99 ms'].map((h) => h.padStart(10)).join('')}`,
  );
  for (const r of [bare, ...results]) {
    console.log(
      [
        r.name.padEnd(34),
        String(r.requests).padStart(10),
        String(r.errors).padStart(10),
        r.perSecond.toFixed(0).padStart(10),
        `${((r.perSecond / bare.perSecond) * 100).toFixed(0)}%`.padStart(10),
        r.p50.toFixed(2).padStart(10),
        r.p95.toFixed(2).padStart(10),
        r.p99.toFixed(2).padStart(10),
      ].join(''),
    );
  }
}

/**
 * The two rounds every screen benchmark runs over its calls, after a warm-up: paced members for
 * latency, then clients back to back for throughput, each beside the bare endpoint; then prints both.
 */
export async function runRounds(opts: {
  origin: string;
  concurrency: number;
  calls: [name: string, requests: LoadRequest[]][];
  requests: number;
  pacedRequests: number;
  thinkMs: number;
  databaseKind: string;
}) {
  const { origin, concurrency, calls } = opts;
  const job = (requests: LoadRequest[], total: number, thinkMs?: number): LoadJob => ({
    origin,
    concurrency,
    total,
    requests,
    expectStatus: 'success',
    thinkMs,
  });
  const bareRequest: LoadRequest[] = [{ method: 'GET', path: '/healthz/live' }];

  // Warm up connections and query plans.
  for (const [, requests] of calls) await load('warm-up', job(requests, 500));

  const pacedBare = report(
    await load('bare: /healthz/live', job(bareRequest, opts.pacedRequests, opts.thinkMs)),
  );
  const paced: LoadResult[] = [];
  for (const [name, requests] of calls)
    paced.push(report(await load(name, job(requests, opts.pacedRequests, opts.thinkMs))));
  const bare = report(await load('bare: /healthz/live', job(bareRequest, opts.requests)));
  const saturated: LoadResult[] = [];
  for (const [name, requests] of calls)
    saturated.push(report(await load(name, job(requests, opts.requests))));

  console.log(
    `\nSaturation: ${concurrency} clients back to back, ${opts.requests} requests per call, ${opts.databaseKind}:`,
  );
  printResults(saturated, bare);
  console.log(
    `\n${concurrency} concurrent members, each calling again ${opts.thinkMs} ms (mean) after an answer, ${opts.pacedRequests} requests per call:`,
  );
  printResults(paced, pacedBare);
}
