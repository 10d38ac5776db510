/**
 * `npm run bench:live` (docs/domain.md LV2): how fast a live update reaches a member connected to
 * another server. Three servers on one PostgreSQL (scripts/cluster.mjs), BENCH_STREAMS (1000) members
 * each holding a stream on one of them; messages are sent through the first server to members whose
 * stream is on the second or third, and each is timed from just before its call to its event's
 * arrival. Then one news like, heard by every open stream. Three runs, with the spread between them.
 *   npm run bench:live       a fresh database on BENCH_SERVER_URL, dropped after
 */
import http from 'node:http';
import { sql } from 'drizzle-orm';
import { LIVE_PATH } from '../apps/server/src/platform/live.js';
import { startCluster } from '../scripts/cluster.mjs';
import { openLargeDatabase, postCall, signIn } from './large-db.js';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 300);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = Number(process.env.BENCH_CLUSTER_PORT ?? 3720);
// A small data set is enough: what is measured is the fan-out, not the queries.
process.env.BENCH_MEMBERS ??= String(Math.ceil((STREAMS + MESSAGES) * 1.5));
process.env.BENCH_LISTINGS ??= '2000';
process.env.BENCH_ACTIONS ??= '2000';

type Arrival = (kind: string, ref: number | undefined) => void;

/** A member's stream on one server, calling `onEvent` with each event as it arrives. */
function openStream(port: number, token: string, onEvent: Arrival): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      path: LIVE_PATH,
      agent: false,
      headers: { authorization: `Bearer ${token}` },
    });
    req.once('error', reject);
    req.once('response', (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream: ${res.statusCode}`));
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const kind = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (!kind) continue;
          if (kind === 'ready') resolve(req);
          else onEvent(kind, data ? (JSON.parse(data) as { ref?: number }).ref : undefined);
        }
      });
    });
    req.end();
  });
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const summary = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return { p50: quantile(s, 0.5), p95: quantile(s, 0.95), p99: quantile(s, 0.99), max: s.at(-1) ?? 0 };
};
const fmt = (n: number) => n.toFixed(1).padStart(8);

const large = await openLargeDatabase('live');
const url = (large.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
  .connectionString;
const cluster = await startCluster({
  servers: 3,
  port: PORT,
  env: { DATABASE_URL: url, SEED_DEMO: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'development' },
  restart: false,
  log: () => {},
});
const streams: http.ClientRequest[] = [];
try {
  // Premium or Pro members may start conversations (spec 2 §5): they send; other members listen.
  const senderRows = await large.rows<{ id: number }>(sql`
    select id from users where kind = 'member' and status = 'active'
      and (pro_expires > now() or premium_expires > now())
    order by id limit ${MESSAGES}::int`);
  const listeners = await large.rows<{ id: number }>(sql`
    select id from users where kind = 'member' and status = 'active'
      and id not in (${sql.join(
        senderRows.map((r) => sql`${r.id}`),
        sql`, `,
      )})
    order by id limit ${STREAMS}::int`);
  if (senderRows.length < MESSAGES || listeners.length < STREAMS)
    throw new Error(
      `Only ${senderRows.length} senders and ${listeners.length} listeners; raise BENCH_MEMBERS.`,
    );
  const tokens = await signIn(
    large.db,
    [...listeners, ...senderRows].map((m) => m.id),
  );
  const senders = tokens.slice(STREAMS);
  const [first, ...others] = cluster.servers;
  if (!first) throw new Error('No servers.');

  // Who waits for what: a message's event (ref = its sender) at its recipient, or a news event anywhere.
  const waiting = new Map<string, (at: number) => void>();
  const newsArrivals: number[] = [];
  let newsSentAt = 0;
  const opened = performance.now();
  for (const [i, member] of listeners.entries()) {
    // Listeners on the second and third servers hear what the first one sends.
    const server = i % 3 === 0 ? first : (others[i % 2] ?? first);
    streams.push(
      await openStream(server.port, tokens[i] as string, (kind, ref) => {
        const at = performance.now();
        if (kind === 'news') newsArrivals.push(at - newsSentAt);
        if (kind === 'messages') waiting.get(`${member.id}:${ref}`)?.(at);
      }),
    );
  }
  console.log(
    `${streams.length} streams open across 3 servers in ${((performance.now() - opened) / 1000).toFixed(1)} s.`,
  );
  const remote = listeners.filter((_, i) => i % 3 !== 0);
  const send = (token: string, path: string, body: unknown) => {
    const r = postCall(path, token, body);
    return fetch(`http://127.0.0.1:${first.port}${r.path}`, {
      method: 'POST',
      headers: r.headers,
      body: r.body,
    });
  };
  const senderIds = senderRows.map((m) => m.id);
  const post = await large.rows<{ id: number }>(sql`select id from news_items order by id desc limit 1`);

  type Summary = ReturnType<typeof summary>;
  const runs: { messages: Summary; afterAnswer: Summary; news: Summary }[] = [];
  for (let run = 0; run < RUNS; run++) {
    const latencies: number[] = [];
    const afterAnswer: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next < MESSAGES) {
          const i = next++;
          const to = remote[(i + run * MESSAGES) % remote.length] as { id: number };
          const arrived = new Promise<number>((resolve) => waiting.set(`${to.id}:${senderIds[i]}`, resolve));
          const sentAt = performance.now();
          const res = await send(senders[i] as string, 'messages/postMessage', {
            to_id: to.id,
            message: `Run ${run + 1}, message ${i + 1}`,
          });
          if (res.status !== 200) throw new Error(`postMessage: ${res.status} ${await res.text()}`);
          const answeredAt = performance.now();
          const at = await Promise.race([
            arrived,
            new Promise<number>((r) => setTimeout(() => r(Infinity), 5000)),
          ]);
          latencies.push(at - sentAt);
          afterAnswer.push(Math.max(0, at - answeredAt));
          waiting.delete(`${to.id}:${senderIds[i]}`);
        }
      }),
    );
    // One like, heard by every open stream (LV7): a different member's each run, who has not liked
    // the item before (a like already there changes nothing, so nobody would hear of it).
    newsArrivals.length = 0;
    newsSentAt = performance.now();
    const postId = post[0]?.id;
    if (postId !== undefined) {
      await send(senders[run % senders.length] as string, 'news/likeNewsItem', { news_id: postId });
      for (let waited = 0; newsArrivals.length < streams.length && waited < 50; waited++)
        await new Promise((r) => setTimeout(r, 100));
    }
    runs.push({
      messages: summary(latencies),
      afterAnswer: summary(afterAnswer),
      news: summary(newsArrivals),
    });
    console.log(
      `run ${run + 1}: ${latencies.filter((l) => l !== Infinity).length}/${MESSAGES} messages heard on another server; like heard by ${newsArrivals.length}/${streams.length} streams`,
    );
  }
  console.log(`\n${'ms'.padEnd(44)}${['p50', 'p95', 'p99', 'max'].map((h) => h.padStart(8)).join('')}`);
  for (const [i, r] of runs.entries()) {
    console.log(
      `${`run ${i + 1}: a message, to another server`.padEnd(44)}${[r.messages.p50, r.messages.p95, r.messages.p99, r.messages.max].map(fmt).join('')}`,
    );
    console.log(
      `${`run ${i + 1}: the same, after the call answered`.padEnd(44)}${[r.afterAnswer.p50, r.afterAnswer.p95, r.afterAnswer.p99, r.afterAnswer.max].map(fmt).join('')}`,
    );
    console.log(
      `${`run ${i + 1}: a like, to all ${streams.length} streams`.padEnd(44)}${[r.news.p50, r.news.p95, r.news.p99, r.news.max].map(fmt).join('')}`,
    );
  }
  const p95s = runs.map((r) => r.messages.p95);
  console.log(
    `\nA message's p95 over ${RUNS} runs: ${Math.min(...p95s).toFixed(1)} to ${Math.max(...p95s).toFixed(1)} ms (the figure to reach: under 1000 ms).`,
  );
} finally {
  for (const s of streams) s.destroy();
  await cluster.stop();
  await large.close();
}
