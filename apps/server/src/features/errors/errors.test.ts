import { describe, expect, it } from 'vitest';
import { desc, eq, inArray, like } from 'drizzle-orm';
import { errors, operationUrl } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember } from '../../../test/factories.js';
import { DAILY_JOBS } from '../../app.js';
import { pruneRateEventsJob, runDueJobs } from '../../platform/jobs.js';
import { countRate, rateCount } from '../../platform/rate-limit.js';
import { rateEvents } from '../../platform/rate-limit.tables.js';
import { DAY_MS, MINUTE_MS } from '../../platform/time.js';
import { REPORT_BODY_LIMIT, REPORT_TOO_LARGE } from './errors.policy.js';
import { pruneErrorReportsJob } from './errors.service.js';
import { errorReports } from './errors.tables.js';

// A database of its own: the daily prune deletes every old report and counted event it finds.
const t = useTestApp({ ownDatabase: true });

const latest = async () =>
  (await t.db.select().from(errorReports).orderBy(desc(errorReports.id)).limit(1))[0];

describe('errors/logErrorBoundaryCatch (spec 4 §7)', () => {
  it('keeps the crash with the member who saw it', async () => {
    const m = await buildMember(t.db, t.clock);
    const res = await t.call(
      errors.logErrorBoundaryCatch,
      { error: 'TypeError: x is undefined', info: 'at Feed', url: '/home' },
      m.token,
    );
    expect(res.body).toEqual({ status: 'success' });
    expect(await latest()).toMatchObject({
      userId: m.id,
      error: 'TypeError: x is undefined',
      info: 'at Feed',
      url: '/home',
    });
  });

  it('takes a report before sign-in, and clips long texts instead of refusing them', async () => {
    const res = await t.call(errors.logErrorBoundaryCatch, { error: 'e'.repeat(9000), url: '/login' });
    expect(res.statusCode).toBe(200);
    const row = await latest();
    expect(row).toMatchObject({ userId: null, info: '', url: '/login' });
    expect(row?.error).toHaveLength(5000);
  });

  it('refuses fields that are not text', async () => {
    const res = await t.call(errors.logErrorBoundaryCatch, { error: { nested: true } });
    expect(res.statusCode).toBe(400);
    expect(res.body.status).toBe('error');
  });
});

/** A report sent from `address`, signed in with `token` when given. */
function report(address: string, token?: string, body: unknown = { error: 'TypeError', url: '/home' }) {
  return t.app.inject({
    method: 'POST',
    url: operationUrl(errors.logErrorBoundaryCatch),
    payload: body as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    remoteAddress: address,
  });
}

let addresses = 0;
const freshAddress = () => `198.51.100.${(addresses += 1)}`;

const reportsFrom = async (userId: number) =>
  t.db.select().from(errorReports).where(eq(errorReports.userId, userId));

describe('crash reports are bounded (docs/domain.md "Crash reports")', () => {
  it('keeps 10 a minute per address, then 429 with the wait in words', async () => {
    const address = freshAddress();
    for (let i = 0; i < 10; i++) expect((await report(address)).statusCode).toBe(200);
    const refused = await report(address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json().message).toBe(
      'We have received a lot of error reports from you. Please wait 1 minute before sending another.',
    );
    // Another address is not held back.
    expect((await report(freshAddress())).statusCode).toBe(200);
    t.clock.advance(MINUTE_MS);
    expect((await report(address)).statusCode).toBe(200);
  });

  it('keeps 100 a day per address', async () => {
    const address = freshAddress();
    for (let i = 0; i < 100; i++) {
      if (i % 10 === 0) t.clock.advance(MINUTE_MS);
      expect((await report(address)).statusCode).toBe(200);
    }
    t.clock.advance(MINUTE_MS);
    const refused = await report(address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Please wait 24 hours before sending another\.$/);
  });

  it('counts a signed-in member across addresses, and keeps exactly 10 of a concurrent burst', async () => {
    const m = await buildMember(t.db, t.clock);
    const from = Array.from({ length: 30 }, freshAddress);
    const answers = await Promise.all(from.map((address) => report(address, m.token)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(20);
    expect(await reportsFrom(m.id)).toHaveLength(10);
    // A refused report is counted under no key: only the kept ten count for their addresses.
    let counted = 0;
    for (const address of from)
      counted += await rateCount(t.db, `crash-report:address:${address}`, MINUTE_MS, t.clock.now());
    expect(counted).toBe(10);
  });

  it('refuses a body over the cap, in words, and keeps nothing of it', async () => {
    const m = await buildMember(t.db, t.clock);
    const big = { error: 'x'.repeat(REPORT_BODY_LIMIT), url: '/home' };
    const refused = await report(freshAddress(), m.token, big);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ status: 'error', message: REPORT_TOO_LARGE });
    expect(await reportsFrom(m.id)).toHaveLength(0);
    // Under the cap, long texts are still clipped rather than refused.
    const clipped = await report(freshAddress(), m.token, { error: 'y'.repeat(60_000), url: '/home' });
    expect(clipped.statusCode).toBe(200);
    expect((await reportsFrom(m.id))[0]?.error).toHaveLength(5000);
  });
});

describe('the daily prune (docs/domain.md "Crash reports", L3)', () => {
  it('is one of the daily jobs, and deletes reports older than 30 days but keeps younger ones', async () => {
    expect(DAILY_JOBS).toEqual(expect.arrayContaining([pruneErrorReportsJob, pruneRateEventsJob]));
    const now = t.clock.now();
    const [old, young] = await t.db
      .insert(errorReports)
      .values([
        { error: 'old crash', info: '', url: '/old', createdAt: new Date(now.getTime() - 31 * DAY_MS) },
        { error: 'young crash', info: '', url: '/young', createdAt: new Date(now.getTime() - 29 * DAY_MS) },
      ])
      .returning({ id: errorReports.id });
    const key = `unit:prune-${Math.random().toString(36).slice(2)}`;
    await countRate(t.db, `${key}:old`, new Date(now.getTime() - DAY_MS - MINUTE_MS));
    await countRate(t.db, `${key}:young`, new Date(now.getTime() - DAY_MS + MINUTE_MS));
    expect(await runDueJobs(t.app.deps, [pruneErrorReportsJob, pruneRateEventsJob])).toEqual([
      'prune-error-reports',
      'prune-rate-events',
    ]);
    const left = await t.db
      .select({ id: errorReports.id })
      .from(errorReports)
      .where(inArray(errorReports.id, [old?.id ?? 0, young?.id ?? 0]));
    expect(left.map((r) => r.id)).toEqual([young?.id]);
    const events = await t.db
      .select({ key: rateEvents.key })
      .from(rateEvents)
      .where(like(rateEvents.key, `${key}:%`));
    expect(events.map((e) => e.key)).toEqual([`${key}:young`]);
  });
});
