import { describe, expect, it } from 'vitest';
import { admin, earn } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildListing, buildMember } from '../../../test/factories.js';
import { DAY_MS, pacificDay } from '../../platform/time.js';
import { starmeterWeeks } from '../pro/pro.tables.js';
import { managedWaitlist } from './admin.tables.js';

/** The site-wide values staff set (AD10) and the managed waitlist (AD11). */

// Both are site-wide: a database of this file's own.
const t = useTestApp({ ownDatabase: true });

const staff = () => buildMember(t.db, t.clock, { role: 'admin' });

describe('admin/updateShadowVars (spec 4 §7, AD10)', () => {
  it('saves top and max, shows them on the overview, logs them, and earn lists follow max', async () => {
    const boss = await staff();
    const saved = await t.call(admin.updateShadowVars, { top: 5, max: 2 }, boss.token);
    expect(saved.body).toMatchObject({ status: 'success', shadowMax: 2, randyTop: 5 });
    expect((await t.call(admin.fetchOverview, {}, boss.token)).body).toMatchObject({
      shadowMax: 2,
      randyTop: 5,
    });
    expect((await t.call(admin.updateShadowVars, { top: 0 }, boss.token)).body).toMatchObject({
      shadowMax: 2,
      randyTop: 0,
    });
    const [entry] = (await t.call(admin.fetchAuditLog, {}, boss.token)).body.entries;
    expect(entry).toMatchObject({
      action: 'settings.shadow',
      before: { shadowMax: 2, randyTop: 5 },
      after: { shadowMax: 2, randyTop: 0 },
    });

    // A listing acted on twice today is offered to nobody more today under max 2; back with max 0.
    const owner = await buildMember(t.db, t.clock, { points: 1000 });
    const busy = await buildListing(t.db, t.clock, owner.id, {
      actedOn: pacificDay(t.clock.now()),
      actedCount: 2,
    });
    const quiet = await buildListing(t.db, t.clock, owner.id, { type: 'youtube-view', give: 10 });
    const earner = await buildMember(t.db, t.clock);
    const offered = async () =>
      (
        await t.call(
          earn.fetchListings,
          { listingType: 'user', user_id: owner.id, maxItems: 10 },
          earner.token,
        )
      ).body.listings.map((l) => l.id);
    expect(await offered()).toEqual([quiet.id]);
    await t.call(admin.updateShadowVars, { max: 0 }, boss.token);
    expect((await offered()).sort()).toEqual([busy.id, quiet.id].sort());
  });

  it('refuses nothing to change and values out of range, changing nothing; members get not_admin', async () => {
    const boss = await staff();
    const member = await buildMember(t.db, t.clock);
    const before = (await t.call(admin.fetchOverview, {}, boss.token)).body;
    for (const [input, message] of [
      [{}, admin.SHADOW_NOTHING],
      [{ top: 51 }, 'Please give top as a whole number from 0 to 50.'],
      [{ max: -1 }, 'Please give max as a whole number from 0 to 1000.'],
      [{ max: 'lots' }, 'Please give max as a whole number from 0 to 1000.'],
    ] as const) {
      const answer = await t.call(admin.updateShadowVars, input, boss.token);
      expect(answer.statusCode).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    expect((await t.call(admin.updateShadowVars, { top: 3 }, member.token)).body.extra).toBe('not_admin');
    const after = (await t.call(admin.fetchOverview, {}, boss.token)).body;
    expect([after.shadowMax, after.randyTop]).toEqual([before.shadowMax, before.randyTop]);
  });
});

describe('admin/fetchManagedWaitlist (spec 4 §3, §7, §8; D14.1; AD11)', () => {
  it('is empty at first, then lists who waits, oldest first, with their tier and recent weeks', async () => {
    const boss = await staff();
    const empty = await t.call(admin.fetchManagedWaitlist, {}, boss.token);
    expect(empty.body).toEqual({ status: 'success', waitlist: [], count: 0 });
    const first = await buildMember(t.db, t.clock, { membership: 'pro' });
    const second = await buildMember(t.db, t.clock);
    const gone = await buildMember(t.db, t.clock, { status: 'deactivated' });
    const now = t.clock.now();
    await t.db.insert(managedWaitlist).values([
      { userId: second.id, selection: 1, createdAt: now },
      { userId: first.id, selection: 3, createdAt: new Date(now.getTime() - DAY_MS) },
      { userId: gone.id, selection: 2, createdAt: now },
    ]);
    const sunday = (daysAgo: number) => pacificDay(new Date(now.getTime() - daysAgo * DAY_MS));
    await t.db.insert(starmeterWeeks).values([
      { userId: first.id, weekEnding: sunday(9), rank: 52_000 },
      { userId: first.id, weekEnding: sunday(2), rank: 48_500 },
    ]);
    const { body } = await t.call(admin.fetchManagedWaitlist, {}, boss.token);
    expect(body.count).toBe(2);
    expect(body.waitlist.map((w) => [w.user_id, w.tier, w.status])).toEqual([
      [first.id, 'Top 60K', 'waitlisted'],
      [second.id, 'Top 200K', 'waitlisted'],
    ]);
    expect(body.waitlist[0]!.sm).toEqual([
      { week_ending: sunday(2), actual_rank: 48_500, views: 0 },
      { week_ending: sunday(9), actual_rank: 52_000, views: 0 },
    ]);
    expect(body.waitlist[1]!.sm).toEqual([]);
    const member = await buildMember(t.db, t.clock);
    expect((await t.call(admin.fetchManagedWaitlist, {}, member.token)).body.extra).toBe('not_admin');
  });
});
