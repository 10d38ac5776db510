import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { admin, managed } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember } from '../../../test/factories.js';
import { DAY_MS } from '../../platform/time.js';
import { managedWaitlist } from '../admin/admin.tables.js';

const t = useTestApp();

const place = async (userId: number) =>
  (await t.db.select().from(managedWaitlist).where(eq(managedWaitlist.userId, userId)))[0];

describe('managed/addToWaitlist and fetchWaitlistStatus (MR1; D14.1)', () => {
  it('MR1: a member joins with a tier, changes it and keeps their place; the status follows', async () => {
    const m = await buildMember(t.db, t.clock, { membership: 'premium' });
    expect((await t.call(managed.fetchWaitlistStatus, {}, m.token)).body).toEqual({
      status: 'success',
      waitlistStatus: 'none',
      selection: null,
    });

    const joined = await t.call(managed.addToWaitlist, { selection: 3 }, m.token);
    expect(joined.statusCode).toBe(200);
    expect(joined.body).toEqual({
      status: 'success',
      message: 'You are on the waitlist for Top 60K. We will email you an invitation when a place opens.',
      waitlistStatus: 'waitlisted',
    });
    const first = await place(m.id);
    expect(first).toMatchObject({ selection: 3, status: 'waitlisted', createdAt: t.clock.now() });

    t.clock.set(new Date(t.clock.now().getTime() + 3 * DAY_MS));
    const changed = await t.call(managed.addToWaitlist, { selection: '1' }, m.token);
    expect(changed.body).toMatchObject({
      message: 'Your waitlist choice is now Top 200K. You keep your place in line.',
      waitlistStatus: 'waitlisted',
    });
    expect(await place(m.id)).toMatchObject({ selection: 1, createdAt: first?.createdAt });
    const again = await t.call(managed.addToWaitlist, { selection: 1 }, m.token);
    expect(again.body.message).toBe('You are on the waitlist for Top 200K.');

    expect((await t.call(managed.fetchWaitlistStatus, {}, m.token)).body).toEqual({
      status: 'success',
      waitlistStatus: 'waitlisted',
      selection: 1,
    });
  });

  it('MR1: an invited member who changes the tier stays invited', async () => {
    const m = await buildMember(t.db, t.clock);
    await t.db
      .insert(managedWaitlist)
      .values({ userId: m.id, selection: 2, status: 'invited', createdAt: t.clock.now() });
    const changed = await t.call(managed.addToWaitlist, { selection: 3 }, m.token);
    expect(changed.body).toMatchObject({
      message: 'Your choice is now Top 60K. The invitation we emailed you stays as it was.',
      waitlistStatus: 'invited',
    });
    expect((await t.call(managed.fetchWaitlistStatus, {}, m.token)).body).toMatchObject({
      waitlistStatus: 'invited',
      selection: 3,
    });
  });

  it('MR1: free members may ask too; the admin waitlist lists them (AD11)', async () => {
    const m = await buildMember(t.db, t.clock);
    const boss = await buildMember(t.db, t.clock, { role: 'admin' });
    await t.call(managed.addToWaitlist, { selection: 2 }, m.token);
    const list = await t.call(admin.fetchManagedWaitlist, {}, boss.token);
    expect(list.body.waitlist.find((w) => w.user_id === m.id)).toMatchObject({
      tier: 'Top 100K',
      status: 'waitlisted',
    });
  });

  it('MR1: a managed member is told they already have Managed Rank (409), and nothing is kept', async () => {
    const m = await buildMember(t.db, t.clock, { membership: 'managed' });
    const refused = await t.call(managed.addToWaitlist, { selection: 3 }, m.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toMatchObject({ status: 'error', message: managed.ALREADY_MANAGED });
    expect(await place(m.id)).toBeUndefined();
    expect((await t.call(managed.fetchWaitlistStatus, {}, m.token)).body.waitlistStatus).toBe('none');
  });

  it('refuses a tier that is not 1, 2 or 3 with a clear message, keeping nothing', async () => {
    const m = await buildMember(t.db, t.clock);
    for (const selection of [0, 4, 'top', '', undefined]) {
      const bad = await t.call(managed.addToWaitlist, selection === undefined ? {} : { selection }, m.token);
      expect(bad.statusCode, String(selection)).toBe(400);
      expect(bad.body.message).toBe('Please choose Top 60K, Top 100K or Top 200K.');
    }
    expect(await place(m.id)).toBeUndefined();
  });

  it('answers logged_out (401) without a session, for both calls', async () => {
    for (const [op, input] of [
      [managed.addToWaitlist, { selection: 3 }],
      [managed.fetchWaitlistStatus, {}],
    ] as const) {
      const answer = await t.call(op, input);
      expect(answer.statusCode).toBe(401);
      expect(answer.body.extra).toBe('logged_out');
    }
  });

  it('keeps one place when a member asks twice at once', async () => {
    const m = await buildMember(t.db, t.clock);
    const answers = await Promise.all(
      [3, 2, 1, 3].map((selection) => t.call(managed.addToWaitlist, { selection }, m.token)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = await t.db.select().from(managedWaitlist).where(eq(managedWaitlist.userId, m.id));
    expect(rows).toHaveLength(1);
  });
});
