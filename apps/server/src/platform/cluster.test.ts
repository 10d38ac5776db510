import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { account, login, messages, operationUrl } from '@marquee/contract';
import { FREE_FAILURES } from '../features/login/login.policy.js';
import { DAILY_JOBS, buildApp } from '../app.js';
import { useTestApp } from '../../test/test-app.js';
import { buildMember } from '../../test/factories.js';
import { listening, openLive } from '../../test/live-client.js';
import { openDatabase, type Database } from './db/database.js';
import { runDueJobs } from './jobs.js';
import { DAY_MS, pacificDay } from './time.js';
import { jobRuns } from './jobs.tables.js';
import { sendTestEvent, startCharge } from '../features/payments/payments.test-support.js';
import { users } from '../features/members/members.tables.js';

/**
 * Two servers on one PostgreSQL database, as `npm run cluster` runs them (docs/domain.md R8): each
 * with its own connection pool and its own process state, sharing only the database. What must
 * happen once happens once, whichever server is asked, and live updates cross between them (LV2).
 */
const t = useTestApp({ ownDatabase: true });
const onPostgres = Boolean(process.env.TEST_DB === 'postgres');
let other: { app: FastifyInstance; database: Database };

beforeAll(async () => {
  if (!onPostgres || !t.databaseUrl) return;
  // Ten connections, as the first server's (test-app.ts), so the bursts below run side by side.
  const database = await openDatabase({ url: t.databaseUrl, poolSize: 10 });
  const app = await buildApp({ config: t.config, db: database.db, clock: t.clock, logger: false });
  other = { app, database };
});
afterAll(async () => {
  await other?.app.close();
  await other?.database.close();
});

/** The same call to both servers at the same moment. */
const onBoth = <T>(send: (app: FastifyInstance) => Promise<T>) => Promise.all([send(t.app), send(other.app)]);

describe.skipIf(!onPostgres)('two servers on one database (R8)', () => {
  it('a daily job asked of both at once runs once', async () => {
    t.clock.advance(DAY_MS);
    const [ranHere, ranThere] = await Promise.all([
      runDueJobs(t.app.deps, DAILY_JOBS),
      runDueJobs(other.app.deps, DAILY_JOBS),
    ]);
    const names = DAILY_JOBS.map((j) => j.name).sort();
    // Each job ran on one of them, none on both.
    expect([...ranHere, ...ranThere].sort()).toEqual(names);
    const today = await t.db
      .select({ name: jobRuns.name })
      .from(jobRuns)
      .where(eq(jobRuns.day, pacificDay(t.clock.now())));
    expect(today.map((r) => r.name).sort()).toEqual(names);
    expect(await runDueJobs(other.app.deps, DAILY_JOBS)).toEqual([]);
  });

  it('a payment event delivered to both at once is applied once', async () => {
    const member = await buildMember(t.db, t.clock);
    const { ref, purchase } = await startCharge(t, member, 'premium', 1);
    const event = {
      type: 'checkout.completed' as const,
      purchaseId: purchase.id,
      providerRef: ref,
      amountPennies: purchase.amountPennies,
    };
    const outcomes = await onBoth((app) => sendTestEvent(t, event, `evt-both-${purchase.id}`, app));
    expect(outcomes.filter((o) => o === 'granted')).toHaveLength(1);
    const [after] = await t.db
      .select({ premiumExpires: users.premiumExpires })
      .from(users)
      .where(eq(users.id, member.id));
    const days = ((after?.premiumExpires?.getTime() ?? 0) - t.clock.now().getTime()) / DAY_MS;
    // One month granted, not two.
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
  });

  it('a member’s sending limit holds across both: a burst split between them sends exactly the limit', async () => {
    const [sender, to] = [
      await buildMember(t.db, t.clock, { membership: 'premium' }),
      await buildMember(t.db, t.clock, { membership: 'premium' }),
    ];
    const burst = Array.from({ length: messages.MESSAGES_PER_MINUTE + 6 }, (_, i) =>
      (i % 2 ? other.app : t.app).inject({
        method: 'POST',
        url: operationUrl(messages.postMessage),
        headers: { authorization: `Bearer ${sender.token}` },
        payload: { to_id: to.id, message: `Message number ${i}` },
      }),
    );
    const codes = (await Promise.all(burst)).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(messages.MESSAGES_PER_MINUTE);
    expect(codes.filter((c) => c === 429)).toHaveLength(6);
  });

  it('sign-in slowing holds across both: 20 wrong passwords split between them get no more guesses than on one', async () => {
    const member = await buildMember(t.db, t.clock);
    const remoteAddress = '10.9.8.7';
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? other.app : t.app).inject({
          method: 'POST',
          url: operationUrl(login.checkCredentials),
          payload: { username: member.username, password: 'not the password' },
          remoteAddress,
        }),
      ),
    );
    const codes = guesses.map((g) => g.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(FREE_FAILURES + 1);
    expect(codes.filter((c) => c === 429)).toHaveLength(20 - FREE_FAILURES - 1);
  });

  it('a message sent through one server reaches the recipient’s stream on the other', async () => {
    const [sender, to] = [
      await buildMember(t.db, t.clock, { membership: 'premium' }),
      await buildMember(t.db, t.clock, { membership: 'premium' }),
    ];
    const stream = await openLive(await listening(other.app), to.token);
    await stream.next((e) => e.event === 'ready');
    const sent = await t.call(
      messages.postMessage,
      { to_id: to.id, message: 'Across the servers' },
      sender.token,
    );
    expect(sent.statusCode).toBe(200);
    expect((await stream.next((e) => e.event === 'messages')).data).toEqual({ ref: sender.id });
    stream.close();
  });

  it('sessions are the database’s: signing in on one server is signed in on the other', async () => {
    const member = await buildMember(t.db, t.clock);
    const answers = await onBoth((app) =>
      app.inject({
        url: operationUrl(account.fetchAccountDetails),
        headers: { authorization: `Bearer ${member.token}` },
      }),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
  });
});
