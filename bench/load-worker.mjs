import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

// Runs in its own thread, so the server's event loop only serves. A good answer is 2xx and, when the
// job names one, carries the expected JSON `status`.
/** @type {import('./load.js').LoadJob} */
const job = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: job.concurrency });
const target = new URL(job.origin);

/** @returns {Promise<{ ms: number; ok: boolean; sample: string }>} */
function send(i) {
  const r = job.requests[i % job.requests.length];
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request(
      { agent, host: target.hostname, port: target.port, method: r.method, path: r.path, headers: r.headers },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const ms = performance.now() - t0;
          const body = Buffer.concat(chunks).toString('utf8');
          const code = res.statusCode ?? 500;
          let ok = code >= 200 && code < 300;
          if (ok && job.expectStatus) {
            try {
              ok = JSON.parse(body).status === job.expectStatus;
            } catch {
              ok = false;
            }
          }
          resolve({ ms, ok, sample: ok ? '' : `${code} ${body.slice(0, 200)}` });
        });
      },
    );
    req.on('error', reject);
    req.end(r.body);
  });
}

/** @type {number[]} */
const latencies = [];
/** @type {string[]} */
const failures = [];
let errors = 0;
let next = 0;
const started = performance.now();
const think = () =>
  job.thinkMs ? new Promise((r) => setTimeout(r, -Math.log(1 - Math.random()) * job.thinkMs)) : null;
await Promise.all(
  Array.from({ length: job.concurrency }, async () => {
    // Paced clients start spread over one think time, not all at once.
    if (job.thinkMs) await new Promise((r) => setTimeout(r, Math.random() * job.thinkMs));
    while (next < job.total) {
      const { ms, ok, sample } = await send(next++);
      latencies.push(ms);
      if (!ok) {
        errors++;
        if (failures.length < 5) failures.push(sample);
      }
      await think();
    }
  }),
);
agent.destroy();
parentPort?.postMessage({ latencies, errors, failures, seconds: (performance.now() - started) / 1000 });
