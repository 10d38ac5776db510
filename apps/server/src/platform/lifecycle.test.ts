import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app.js';
import { useTestApp } from '../../test/test-app.js';
import { buildMember } from '../../test/factories.js';
import { listening, openLive } from '../../test/live-client.js';
import { everyInterval } from './jobs.js';
import { shutDown } from './lifecycle.js';
import { rowsOf } from './db/database.js';
import { HOUR_MS } from './time.js';

const t = useTestApp();

/** A second server on the file's database, to shut down without ending the file's own. */
const anotherServer = () => buildApp({ config: t.config, db: t.db, clock: t.clock, logger: false });

/** A promise and the hand that settles it. */
function deferred() {
  let settle!: () => void;
  const promise = new Promise<void>((resolve) => (settle = resolve));
  return { promise, settle };
}

describe('/healthz (R6)', () => {
  it('live answers while the process runs; ready while the database answers with every migration applied', async () => {
    expect((await t.app.inject({ url: '/healthz/live' })).json()).toEqual({ status: 'success' });
    const ready = await t.app.inject({ url: '/healthz/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'success' });
  });

  it('ready is a 503 with the reason when a migration of this build is missing', async () => {
    const [last] = await rowsOf<{ id: number; created_at: string }>(
      t.db,
      sql`select id, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    await t.db.execute(sql`update drizzle.__drizzle_migrations set created_at = 0 where id = ${last?.id}`);
    try {
      const ready = await t.app.inject({ url: '/healthz/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: 'error',
        message: expect.stringMatching(/^The database lacks \d+ of this version's migrations\.$/),
      });
    } finally {
      await t.db.execute(
        sql`update drizzle.__drizzle_migrations set created_at = ${last?.created_at} where id = ${last?.id}`,
      );
    }
  });
});

describe('shutting down (R7)', () => {
  it('answers not ready at once, waits for the job that is running, then closes', async () => {
    const server = await anotherServer();
    const job = deferred();
    let started = 0;
    everyInterval(server, HOUR_MS, async () => {
      started += 1;
      await job.promise;
    });
    await server.ready();
    expect(started).toBe(1);
    let done = false;
    const closing = shutDown(server, { timeoutMs: 60_000 }).then((r) => {
      done = true;
      return r;
    });
    expect(server.draining).toBe(true);
    const ready = await server.inject({ url: '/healthz/ready' });
    expect(ready.statusCode).toBe(503);
    // Several turns of the event loop and a query later, the job still holds the shutdown.
    for (let i = 0; i < 5; i++) await t.db.execute(sql`select 1`);
    expect(done).toBe(false);
    job.settle();
    expect(await closing).toMatchObject({ outcome: 'closed' });
    expect(started).toBe(1);
  });

  it('gives up after its time limit when a job never finishes', async () => {
    const server = await anotherServer();
    everyInterval(server, HOUR_MS, () => new Promise<void>(() => {}));
    await server.ready();
    expect(await shutDown(server, { timeoutMs: 50 })).toMatchObject({ outcome: 'timed-out' });
  });

  it('ends the live streams it holds, so their pages reconnect to another server', async () => {
    const server = await anotherServer();
    const member = await buildMember(t.db, t.clock, { membership: 'premium' });
    const stream = await openLive(await listening(server), member.token);
    await stream.next((e) => e.event === 'ready');
    expect(await shutDown(server, { timeoutMs: 10_000 })).toMatchObject({ outcome: 'closed' });
    await stream.ended;
  });

  it('lets an open request finish before closing', async () => {
    const server = await anotherServer();
    const [arrived, held] = [deferred(), deferred()];
    server.get('/held', async () => {
      arrived.settle();
      await held.promise;
      return { status: 'success' };
    });
    const base = await listening(server);
    const answer = fetch(`${base}/held`).then((r) => r.json());
    await arrived.promise;
    const closing = shutDown(server, { timeoutMs: 10_000 });
    held.settle();
    expect(await answer).toEqual({ status: 'success' });
    expect(await closing).toMatchObject({ outcome: 'closed' });
  });
});
