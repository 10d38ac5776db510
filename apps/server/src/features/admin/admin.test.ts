import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { admin, help, sponsored } from '@marquee/contract';
import { useTestApp, type TestApp } from '../../../test/test-app.js';
import { buildListing, buildMember } from '../../../test/factories.js';
import { runDueJobs } from '../../platform/jobs.js';
import { DAY_MS, HOUR_MS, MINUTE_MS, addDays, pacificDay } from '../../platform/time.js';
import { users } from '../members/members.tables.js';
import { subscriptions } from '../membership/membership.tables.js';
import { payOnce, sendTestEvent } from '../payments/payments.test-support.js';
import { siteDailyFigures } from './admin.tables.js';
import { ledgerCheckJob, siteFiguresJob } from './admin.service.js';
import { recordAction } from './admin.test-support.js';

// A database of this file's own, so the overview counts only what these tests make.
const t = useTestApp({ ownDatabase: true });

const staff = () => buildMember(t.db, t.clock, { role: 'admin' });

/** `count` credited actions of a listing type on the Pacific day of `at` (what the overview counts, AD2). */
async function creditActions(app: TestApp, type: string, count: number, at = app.clock.now()) {
  const owner = await buildMember(app.db, app.clock);
  const listing = await buildListing(app.db, app.clock, owner.id, { type });
  for (let i = 0; i < count; i++)
    await recordAction(app, { listing, earnerId: (await buildMember(app.db, app.clock)).id, at });
}

describe('admin/checkAdmin (spec 4 §6, §7; D2.2)', () => {
  it('answers success to staff, not_admin to a member and logged_out to a visitor', async () => {
    const boss = await staff();
    const member = await buildMember(t.db, t.clock, { membership: 'pro' });
    expect((await t.call(admin.checkAdmin, {}, boss.token)).body).toEqual({ status: 'success', admin: true });
    const refused = await t.call(admin.checkAdmin, {}, member.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toMatchObject({ status: 'error', extra: 'not_admin' });
    const visitor = await t.call(admin.checkAdmin, {});
    expect(visitor.statusCode).toBe(401);
    expect(visitor.body.extra).toBe('logged_out');
  });

  it('ends an admin session after 8 hours unused, a member’s not (AD8)', async () => {
    const boss = await staff();
    const member = await buildMember(t.db, t.clock);
    t.clock.advance(8 * HOUR_MS + MINUTE_MS);
    expect((await t.call(admin.checkAdmin, {}, boss.token)).body.extra).toBe('logged_out');
    expect((await t.call(admin.checkAdmin, {}, member.token)).body.extra).toBe('not_admin');
    // Used within the 8 hours, it lives on.
    const busy = await staff();
    for (let i = 0; i < 3; i++) {
      t.clock.advance(7 * HOUR_MS);
      expect((await t.call(admin.checkAdmin, {}, busy.token)).statusCode).toBe(200);
    }
  });
});

describe('admin/fetchOverview (spec 4 §3; D13.3; AD1-AD5)', () => {
  it('is for staff only', async () => {
    const member = await buildMember(t.db, t.clock);
    expect((await t.call(admin.fetchOverview, {}, member.token)).body.extra).toBe('not_admin');
    expect((await t.call(admin.fetchOverview, {})).statusCode).toBe(401);
  });

  it('counts active members, paid time ending within 14 days and the points members hold', async () => {
    const boss = await staff();
    const before = (await t.call(admin.fetchOverview, {}, boss.token)).body;
    const now = t.clock.now();
    const activeNow = await buildMember(t.db, t.clock, { points: 400 });
    const activeLastWeek = await buildMember(t.db, t.clock);
    const expiring = await buildMember(t.db, t.clock, { membership: 'premium' });
    const renewing = await buildMember(t.db, t.clock, { membership: 'pro' });
    const later = await buildMember(t.db, t.clock, { membership: 'premium' });
    const gone = await buildMember(t.db, t.clock, { status: 'deactivated' });
    const set = (id: number, values: Partial<typeof users.$inferInsert>) =>
      t.db.update(users).set(values).where(eq(users.id, id));
    await set(activeNow.id, { lastActiveAt: now });
    await set(activeLastWeek.id, { lastActiveAt: new Date(now.getTime() - 7 * DAY_MS) });
    await set(gone.id, { lastActiveAt: now });
    await set(expiring.id, { premiumExpires: new Date(now.getTime() + 10 * DAY_MS) });
    await set(renewing.id, { proExpires: new Date(now.getTime() + 10 * DAY_MS) });
    await t.db.insert(subscriptions).values({
      userId: renewing.id,
      level: 'pro',
      provider: 'test',
      status: 'active',
      currentPeriodEnd: new Date(now.getTime() + 10 * DAY_MS),
      createdAt: now,
    });
    await set(later.id, { premiumExpires: new Date(now.getTime() + 20 * DAY_MS) });

    const { statusCode, body } = await t.call(admin.fetchOverview, {}, boss.token);
    expect(statusCode).toBe(200);
    expect(body.users).toEqual({
      // The two members made active now; the deactivated one is not counted anywhere.
      activeToday: before.users.activeToday + 1,
      active30: before.users.active30 + 2,
      activeTotal: before.users.activeTotal + 5,
      // Premium ending in 10 days; not the renewing pro, not the one with 20 days left.
      expiring14: before.users.expiring14 + 1,
    });
    expect(body.karmaPoints).toBe(before.karmaPoints + 400);
  });

  it('counts today’s actions by kind and draws the thirty days before with today (AD2, AD3)', async () => {
    const boss = await staff();
    const before = (await t.call(admin.fetchOverview, {}, boss.token)).body;
    await creditActions(t, 'imdb-view', 3);
    await creditActions(t, 'youtube-view', 1);
    await creditActions(t, 'twitter-follow', 2);
    await creditActions(t, 'facebook-like', 1);
    await creditActions(t, 'imdb-view', 4, new Date(t.clock.now().getTime() - 2 * DAY_MS));
    await creditActions(t, 'imdb-view', 5, new Date(t.clock.now().getTime() - 40 * DAY_MS));

    const { body } = await t.call(admin.fetchOverview, {}, boss.token);
    expect(body.actions).toEqual({
      View: before.actions.View + 4,
      Follow: before.actions.Follow + 2,
      Like: before.actions.Like + 1,
      Subscription: 0,
    });
    const today = pacificDay(t.clock.now());
    expect(body.series).toHaveLength(admin.SERIES_DAYS + 1);
    expect(body.series[0]!.day).toBe(addDays(today, -admin.SERIES_DAYS));
    expect(body.series.at(-1)).toMatchObject({ day: today, imdbViews: before.series.at(-1)!.imdbViews + 3 });
    const twoDaysAgo = body.series.find((d) => d.day === addDays(today, -2))!;
    expect(twoDaysAgo.imdbViews).toBe(before.series.find((d) => d.day === twoDaysAgo.day)!.imdbViews + 4);
    // Forty days ago is not drawn.
    const drawn = body.series.reduce((n, d) => n + d.imdbViews, 0);
    const drawnBefore = before.series.reduce((n, d) => n + d.imdbViews, 0);
    expect(drawn - drawnBefore).toBe(7);
  });

  it('takes income and sales from verified payment events, refunds taken off (AD4)', async () => {
    const boss = await staff();
    const before = (await t.call(admin.fetchOverview, {}, boss.token)).body;
    const buyer = await buildMember(t.db, t.clock);
    const premium = await payOnce(t, buyer, 'premium', 1, 'once');
    const pro = await payOnce(t, await buildMember(t.db, t.clock), 'pro', 1, 'once');
    const paid = (premium.amountPennies + pro.amountPennies) / 100;

    const after = (await t.call(admin.fetchOverview, {}, boss.token)).body;
    expect(after.premium.today).toBe(before.premium.today + 1);
    expect(after.pro.today).toBe(before.pro.today + 1);
    for (const key of ['today', 'seven', 'thirty', 'total'] as const)
      expect(after.income[key]).toBeCloseTo(before.income[key] + paid, 2);
    expect(after.series.at(-1)!.income).toBeCloseTo(before.series.at(-1)!.income + paid, 2);

    // A refund is money given back: the income falls by it; the sale stays a sale of the day.
    expect(await sendTestEvent(t, { type: 'charge.refunded', purchaseId: premium.id })).toBe('refunded');
    const refunded = (await t.call(admin.fetchOverview, {}, boss.token)).body;
    expect(refunded.income.today).toBeCloseTo(after.income.today - premium.amountPennies / 100, 2);
    expect(refunded.premium.today).toBe(after.premium.today);

    // A week on, the day's income is in the 30 days and the total, not in today's or the 7 days'.
    t.clock.advance(8 * DAY_MS);
    const later = (await t.call(admin.fetchOverview, {}, (await staff()).token)).body;
    expect(later.income.today).toBe(0);
    expect(later.income.seven).toBe(0);
    expect(later.income.thirty).toBeCloseTo(refunded.income.today, 2);
    expect(later.income.total).toBeCloseTo(refunded.income.total, 2);
  });

  it('reads finished days from the daily job’s rows, the same figures as counted live (AD3)', async () => {
    await creditActions(t, 'twitter-follow', 2);
    t.clock.advance(DAY_MS);
    const boss = await staff();
    const live = (await t.call(admin.fetchOverview, {}, boss.token)).body.series;
    expect(await runDueJobs(t.app.deps, [siteFiguresJob])).toEqual(['site-figures']);
    const stored = await t.db.select().from(siteDailyFigures);
    // The thirty finished days, today not among them.
    expect(stored.map((r) => r.day).sort()).toEqual(live.slice(0, -1).map((d) => d.day));
    // Rows the job kept are what the overview reads: changing one shows.
    const yesterday = live.at(-2)!.day;
    await t.db.update(siteDailyFigures).set({ follows: 999 }).where(eq(siteDailyFigures.day, yesterday));
    const read = (await t.call(admin.fetchOverview, {}, boss.token)).body.series;
    expect(read.slice(0, -2)).toEqual(live.slice(0, -2));
    expect(read.at(-2)!.follows).toBe(999);
    // The next day's run counts the day before it again (late refunds settle), leaving older rows as they are.
    t.clock.advance(DAY_MS);
    expect(await runDueJobs(t.app.deps, [siteFiguresJob])).toEqual(['site-figures']);
    const [again] = await t.db.select().from(siteDailyFigures).where(eq(siteDailyFigures.day, yesterday));
    expect(again!.follows).toBe(999);
  });

  it('says how each outside service is reached (D9, AD5)', async () => {
    const boss = await staff();
    const { body } = await t.call(admin.fetchOverview, {}, boss.token);
    const mode = (service: string) => body.services.find((s) => s.service === service)?.mode;
    expect(mode('IMDb')).toBe('simulated');
    expect(mode('Twitter')).toBe('simulated');
    expect(mode('Payments')).toBe('test');
    expect(mode('Mail')).toBe('local');
    expect(body.services.map((s) => s.service)).toEqual([
      'IMDb',
      'Twitter',
      'YouTube',
      'Facebook',
      'Instagram',
      'Payments',
      'Mail',
      'Pictures',
      'Live chat',
      'Database',
    ]);
  });
});

describe('admin/checkLedger (D3.1, AD6)', () => {
  it('checks the ledger, keeps the result for the overview and writes the audit log', async () => {
    const boss = await staff();
    t.clock.advance(2 * MINUTE_MS);
    const { statusCode, body } = await t.call(admin.checkLedger, {}, boss.token);
    expect(statusCode).toBe(200);
    expect(body.message).toBe(admin.LEDGER_OK);
    expect(body.ledger).toMatchObject({ ok: true, problems: [], by: 'Test ' + (await lastName(boss.id)) });
    expect(body.ledger.entries).toBeGreaterThan(0);
    const overview = (await t.call(admin.fetchOverview, {}, boss.token)).body;
    expect(overview.ledger).toEqual(body.ledger);
    expect(overview.audit[0]).toMatchObject({
      admin_id: boss.id,
      action: 'ledger.check',
      summary: 'Checked the ledger: every invariant holds.',
      user_id: null,
    });
  });

  it('runs one check a minute for the whole site, whoever asks', async () => {
    const [a, b] = [await staff(), await staff()];
    t.clock.advance(2 * MINUTE_MS);
    expect((await t.call(admin.checkLedger, {}, a.token)).statusCode).toBe(200);
    const again = await t.call(admin.checkLedger, {}, b.token);
    expect(again.statusCode).toBe(429);
    expect(again.body.message).toMatch(
      /^The ledger was checked a moment ago\. Please wait \d+ seconds? before/,
    );
    t.clock.advance(admin.LEDGER_CHECK_EVERY_SECONDS * 1000 + 1000);
    expect((await t.call(admin.checkLedger, {}, b.token)).statusCode).toBe(200);
  });

  it('lets one of a burst of checks through (AD6 under concurrency)', async () => {
    const bosses = await Promise.all([staff(), staff(), staff(), staff()]);
    t.clock.advance(2 * MINUTE_MS);
    const answers = await Promise.all(
      bosses.flatMap((b) => [b, b]).map((b) => t.call(admin.checkLedger, {}, b.token)),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(7);
  });

  it('is for staff only', async () => {
    const member = await buildMember(t.db, t.clock);
    t.clock.advance(2 * MINUTE_MS);
    expect((await t.call(admin.checkLedger, {}, member.token)).body.extra).toBe('not_admin');
    expect((await t.call(admin.checkLedger, {})).statusCode).toBe(401);
  });

  it('is run by the daily job too, named as such', async () => {
    t.clock.advance(DAY_MS);
    const boss = await staff();
    expect(await runDueJobs(t.app.deps, [ledgerCheckJob])).toEqual(['ledger-check']);
    const { ledger } = (await t.call(admin.fetchOverview, {}, boss.token)).body;
    expect(ledger).toMatchObject({ ok: true, by: 'daily', ago: 'just now' });
  });
});

describe('admin/fetchAuditLog (D13.1, AD7)', () => {
  it('lists entries newest first with who did them, a page at a time', async () => {
    const boss = await staff();
    t.clock.advance(2 * MINUTE_MS);
    await t.call(admin.checkLedger, {}, boss.token);
    const { body } = await t.call(admin.fetchAuditLog, {}, boss.token);
    expect(body.page).toBe(0);
    expect(body.entries[0]).toMatchObject({ admin_id: boss.id, action: 'ledger.check' });
    const times = body.entries.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await t.call(admin.fetchAuditLog, { page: body.pageCount }, boss.token)).body.entries).toEqual(
      [],
    );
  });

  it('refuses a page that is not one, and answers not_admin to members', async () => {
    const boss = await staff();
    const member = await buildMember(t.db, t.clock);
    for (const page of ['-1', 'x', '1.5', '1e3']) {
      const refused = await t.call(admin.fetchAuditLog, { page }, boss.token);
      expect(refused.statusCode).toBe(400);
      expect(refused.body.message).toBe('Please give a valid page.');
    }
    expect((await t.call(admin.fetchAuditLog, {}, member.token)).body.extra).toBe('not_admin');
    expect((await t.call(admin.fetchAuditLog, {})).statusCode).toBe(401);
  });
});

async function lastName(id: number) {
  const [row] = await t.db.select({ last: users.last }).from(users).where(eq(users.id, id));
  return row!.last;
}

describe('what the audit log records (D13.1, AD7)', () => {
  it('a help request’s status set by staff, with the member and the status before and after', async () => {
    const boss = await staff();
    const member = await buildMember(t.db, t.clock);
    const opened = await t.call(
      help.submitHelpRequest,
      { subject: 'Where are my points?', content: 'I answered a view and saw no points.' },
      member.token,
    );
    const id = opened.body.thread_id;
    await t.call(help.updateHelpStatus, { thread_id: id, status: 'Closed' }, boss.token);
    const [entry] = (await t.call(admin.fetchAuditLog, {}, boss.token)).body.entries;
    expect(entry).toMatchObject({
      admin_id: boss.id,
      action: 'help.status',
      summary: `Set help request #${id} to Closed.`,
      user_id: member.id,
      user_name: `Test ${await lastName(member.id)}`,
      before: { status: 'Pending' },
      after: { status: 'Closed' },
    });
  });

  it('sponsor specials started and ended', async () => {
    const boss = await staff();
    await t.call(sponsored.endSpecial, {}, boss.token);
    const started = await t.call(
      sponsored.startSpecial,
      {
        cta: 'Audit special',
        types: ['youtube-view'],
        minimum: 500,
        maximum: 1500,
        pricePennies: 1000,
        endsAt: new Date(t.clock.now().getTime() + 2 * DAY_MS).toISOString(),
      },
      boss.token,
    );
    expect(started.body.status, started.body.message).toBe('success');
    expect((await t.call(sponsored.endSpecial, {}, boss.token)).body.status).toBe('success');
    const entries = (await t.call(admin.fetchAuditLog, {}, boss.token)).body.entries;
    expect(entries[0]).toMatchObject({
      action: 'special.end',
      summary: 'Ended the sponsor special “Audit special”.',
    });
    expect(entries[1]).toMatchObject({
      action: 'special.start',
      summary: 'Started the sponsor special “Audit special”.',
      after: { types: 'YouTube View', minimum: 500, maximum: 1500, price: '$10.00' },
    });
  });

  it('nothing for a refused action: a member’s call writes no entry', async () => {
    const boss = await staff();
    const member = await buildMember(t.db, t.clock);
    const before = (await t.call(admin.fetchAuditLog, {}, boss.token)).body.entries[0]?.id;
    await t.call(sponsored.endSpecial, {}, member.token);
    await t.call(admin.checkLedger, {}, member.token);
    expect((await t.call(admin.fetchAuditLog, {}, boss.token)).body.entries[0]?.id).toBe(before);
  });
});
