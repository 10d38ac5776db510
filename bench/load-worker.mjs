import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

// Runs in its own thread, so the server's event loop only serves.
/** @type {import('./load.js').LoadJob} */
const job = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: job.concurrency });
const target = new URL(job.origin);

/** @returns {Promise<{ ms: number; ok: boolean }>} */
function send(i) {
  const r = job.requests[i % job.requests.length];
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request(
      { agent, host: target.hostname, port: target.port, method: r.method, path: r.path, headers: r.headers },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ ms: performance.now() - t0, ok: (res.statusCode ?? 500) < 400 }));
      },
    );
    req.on('error', reject);
    req.end(r.body);
  });
}

/** @type {number[]} */
const latencies = [];
let errors = 0;
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: job.concurrency }, async () => {
    while (next < job.total) {
      const { ms, ok } = await send(next++);
      latencies.push(ms);
      if (!ok) errors++;
    }
  }),
);
agent.destroy();
parentPort?.postMessage({ latencies, errors, seconds: (performance.now() - started) / 1000 });
