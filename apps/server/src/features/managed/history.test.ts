import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { managed } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember } from '../../../test/factories.js';
import { subscriptions } from '../membership/membership.tables.js';
import { runManagedWeek } from './service.service.js';
import { MONDAY, days, imdbPage, managedMember, writeWeek } from './service.test-support.js';

const t = useTestApp({ ownDatabase: true });

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const history = (token?: string) => t.call(managed.fetchHistory, {}, token);
const staffHistory = (userId: unknown, token?: string) =>
  t.call(managed.fetchUserHistory, { user_id: userId }, token);

describe('managed/fetchHistory (MR10)', () => {
  it('MR10: answers the member’s read weeks newest first, with the STARmeter, the label, the views and the target', async () => {
    t.clock.set(days(21));
    const member = await managedMember(t, { tier: 3 });
    await writeWeek(t, member.id, '2026-03-22', { rank: 120_500, views: 1_000 });
    await writeWeek(t, member.id, '2026-03-29', { rank: 90_210, views: 700 });
    await writeWeek(t, member.id, '2026-04-05', { rank: 93_000, views: 600 });
    // Not read: left out (its page could not be read).
    await writeWeek(t, member.id, '2026-04-12', { views: 650 });
    await writeWeek(t, member.id, '2026-04-19', { rank: 45_000, views: 500 });
    // This week: not over, not read yet.
    await writeWeek(t, member.id, '2026-04-26', { views: 300 });

    const res = await history(member.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      status: 'success',
      target: 45_000,
      history: [
        { week_ending: 'April 19, 2026', starmeter: '45,000', rank: 45_000, label: 'On target', views: 500 },
        { week_ending: 'April 5, 2026', starmeter: '93,000', rank: 93_000, label: 'Holding', views: 600 },
        { week_ending: 'March 29, 2026', starmeter: '90,210', rank: 90_210, label: 'Closing in', views: 700 },
        {
          week_ending: 'March 22, 2026',
          starmeter: '120,500',
          rank: 120_500,
          label: 'Starting point',
          views: 1_000,
        },
      ],
    });
  });

  it('MR10: shows a week once its rank is read by the weekly service', async () => {
    t.clock.set(MONDAY);
    const member = await managedMember(t, { tier: 2, starmeter: 88_888 });
    await runManagedWeek(t.app.deps, t.clock.now());
    expect((await history(member.token)).body).toEqual({ status: 'success', history: [], target: 85_000 });
    t.clock.set(days(7));
    await runManagedWeek(t.app.deps, t.clock.now());
    expect((await history(member.token)).body.history).toEqual([
      {
        week_ending: 'March 22, 2026',
        starmeter: '88,888',
        rank: 88_888,
        label: 'Starting point',
        views: 250,
      },
    ]);
  });

  it('MR10: answers an empty history to a member never managed, and only the caller’s own weeks', async () => {
    const never = await buildMember(t.db, t.clock);
    expect((await history(never.token)).body).toEqual({ status: 'success', history: [], target: null });
    const other = await managedMember(t);
    await writeWeek(t, other.id, '2026-03-22', { rank: 100_000 });
    expect((await history(never.token)).body.history).toEqual([]);
  });

  it('MR10: keeps the weeks of a member whose subscription ended, at the tier set up', async () => {
    const former = await managedMember(t, { tier: 2, selection: 2 });
    await writeWeek(t, former.id, '2026-03-22', { rank: 70_000, selection: 2, target: 85_000 });
    await t.db.update(subscriptions).set({ status: 'ended' }).where(eq(subscriptions.userId, former.id));
    expect((await history(former.token)).body).toMatchObject({
      target: 85_000,
      history: [{ rank: 70_000, label: 'Starting point' }],
    });
  });

  it('answers logged_out without a session', async () => {
    const res = await history();
    expect(res.statusCode).toBe(401);
    expect(res.body.extra).toBe('logged_out');
  });
});

describe('admin/managed/fetchHistory (MR11)', () => {
  const admin = () => buildMember(t.db, t.clock, { role: 'admin' });

  it('MR11: shows staff every week of the member, unread ones too, with the tier and whether managed now', async () => {
    t.clock.set(days(21));
    const staff = await admin();
    const member = await managedMember(t, { tier: 1 });
    await writeWeek(t, member.id, '2026-03-29', { rank: 200_000, views: 900, selection: 1, target: 175_000 });
    await writeWeek(t, member.id, '2026-04-05', { rank: 150_000, views: 800, selection: 1, target: 175_000 });
    await writeWeek(t, member.id, '2026-04-12', { views: 400, selection: 1, target: 175_000 });
    const res = await staffHistory(member.id, staff.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      status: 'success',
      managed: 'yes',
      tier: 'Top 200K',
      target: 175_000,
      weeks: [
        { week_ending: 'April 12, 2026', views: 400, rank: null, starmeter: null, label: null },
        { week_ending: 'April 5, 2026', views: 800, rank: 150_000, starmeter: '150,000', label: 'On target' },
        {
          week_ending: 'March 29, 2026',
          views: 900,
          rank: 200_000,
          starmeter: '200,000',
          label: 'Starting point',
        },
      ],
    });
  });

  it('MR11: answers no weeks and no tier for a member never set up', async () => {
    const staff = await admin();
    const plain = await buildMember(t.db, t.clock, { membership: 'premium' });
    expect((await staffHistory(plain.id, staff.token)).body).toEqual({
      status: 'success',
      managed: 'no',
      tier: null,
      target: null,
      weeks: [],
    });
    // Managed by a subscription staff gave, not set up yet: managed, no tier.
    const unset = await buildMember(t.db, t.clock, { membership: 'managed' });
    expect((await staffHistory(unset.id, staff.token)).body).toMatchObject({
      managed: 'yes',
      tier: null,
      weeks: [],
    });
  });

  it('MR11: answers 404 for no such member, not_admin to members, logged_out without a session, and refuses bad ids', async () => {
    const staff = await admin();
    const member = await managedMember(t);
    await imdbPage(t, member.nmCode);
    const missing = await staffHistory(2_000_000_000, staff.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.body.message).toBe('There is no member with that id.');
    const system = await staffHistory(1, staff.token);
    expect(system.statusCode).toBe(404);
    expect((await staffHistory(member.id, member.token)).body.extra).toBe('not_admin');
    expect((await staffHistory(member.id)).body.extra).toBe('logged_out');
    for (const bad of ['abc', '', -1, 1.5, '1e3']) {
      const res = await staffHistory(bad, staff.token);
      expect(res.statusCode).toBe(400);
      expect(res.body.message).toBe('Please give a valid member id.');
    }
  });
});
