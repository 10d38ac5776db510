import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { earn, pro } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildListing, buildMember, setImdbFact, type BuiltMember } from '../../../test/factories.js';
import { users } from '../members/members.tables.js';
import { listings } from '../listings/listings.tables.js';
import { actions } from '../earn/earn.tables.js';
import { starmeterWeeks } from './pro.tables.js';

// The IMDb tab offers listings of every member: this file's database is its own.
const t = useTestApp({ ownDatabase: true });

/** Tuesday 10 March 2026, 11am PDT (TEST_START): the week began on Monday 9 March. */
const TUESDAY = new Date('2026-03-10T18:00:00Z');

/** `earner` credits one IMDb view of `listing` through the real calls (D5). */
async function view(earner: BuiltMember, listing: typeof listings.$inferSelect) {
  await setImdbFact(t.db, t.clock, listing.externalId, 'credits:actor', 7);
  await t.call(
    earn.fetchListings,
    { listingType: 'user', user_id: listing.userId, maxItems: 10 },
    earner.token,
  );
  await t.call(earn.startAction, { listing_id: listing.id }, earner.token);
  t.clock.advance(10_000);
  const res = await t.call(earn.recordCorrectAnswer, { listing_id: listing.id, answer: 7 }, earner.token);
  expect(res.body.status).toBe('success');
}

describe('who may use the pro panels (spec 2 §2, §6)', () => {
  it('refuses free, premium and managed members and signed-out callers', async () => {
    t.clock.set(TUESDAY);
    const calls = [
      [pro.fetchProHistory, { tab: 'current' }],
      [pro.fetchMinimumOptions, {}],
      [pro.updateMinimum, { nm: 10 }],
      [pro.fetchBonusOptions, {}],
      [pro.updateBonusSelection, { ns: 'none' }],
    ] as const;
    for (const membership of ['free', 'premium', 'managed'] as const) {
      const member = await buildMember(t.db, t.clock, { membership });
      for (const [op, input] of calls) {
        const res = await t.call(op, input, member.token);
        expect(res.statusCode, `${op.path} for ${membership}`).toBe(403);
        expect(res.body).toMatchObject({ status: 'error', message: pro.PRO_ONLY });
      }
      const [row] = await t.db.select().from(users).where(eq(users.id, member.id));
      expect(row).toMatchObject({ proMinimum: 0, proBonus: null });
    }
    for (const [op, input] of calls) expect((await t.call(op, input)).statusCode).toBe(401);
  });
});

describe('the minimum value (pro/fetchMinimumOptions, pro/updateMinimum)', () => {
  it('offers 0, 5, 10, 12, 15 and 18, saves one of them and refuses anything else', async () => {
    const member = await buildMember(t.db, t.clock, { membership: 'pro' });
    const before = await t.call(pro.fetchMinimumOptions, {}, member.token);
    expect(before.body.options).toEqual([
      { value: 0, selected: true },
      { value: 5, selected: false },
      { value: 10, selected: false },
      { value: 12, selected: false },
      { value: 15, selected: false },
      { value: 18, selected: false },
    ]);
    const saved = await t.call(pro.updateMinimum, { nm: 15 }, member.token);
    expect(saved.body).toEqual({ status: 'success', message: pro.MINIMUM_UPDATED, minimum: 15 });
    const after = await t.call(pro.fetchMinimumOptions, {}, member.token);
    expect(after.body.options.filter((o) => o.selected)).toEqual([{ value: 15, selected: true }]);

    for (const nm of [11, 20, -5, 'ten', '']) {
      const bad = await t.call(pro.updateMinimum, { nm }, member.token);
      expect(bad.statusCode, `nm=${nm}`).toBe(400);
      expect(bad.body.status).toBe('error');
    }
    expect((await t.call(pro.updateMinimum, { nm: 11 }, member.token)).body.message).toBe(
      'Please choose one of the minimum values shown.',
    );
    const [row] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(row?.proMinimum).toBe(15);
  });

  it('keeps IMDb listings giving fewer points off a pro member’s dashboard, sponsored ones too', async () => {
    // Only this test's listings are active, so the tab's answer is all of them.
    await t.db.update(listings).set({ status: 'paused' });
    const owner = await buildMember(t.db, t.clock, { points: 1000 });
    const low = await buildListing(t.db, t.clock, owner.id, { give: 12 });
    const high = await buildListing(t.db, t.clock, owner.id, { give: 18 });
    const sponsoredLow = await buildListing(t.db, t.clock, owner.id, { give: 10, sponsorBought: 50 });
    const youtubeLow = await buildListing(t.db, t.clock, owner.id, { give: 5, type: 'youtube-view' });
    const proEarner = await buildMember(t.db, t.clock, { membership: 'pro' });
    const premiumEarner = await buildMember(t.db, t.clock, { membership: 'premium' });
    const offered = async (member: BuiltMember, platform: 'imdb' | 'youtube' = 'imdb') => {
      const res = await t.call(earn.fetchListings, { listingType: platform, maxItems: 10 }, member.token);
      return res.body.listings.map((l) => l.id).sort((a, b) => a - b);
    };
    const all = [low.id, high.id, sponsoredLow.id].sort((a, b) => a - b);
    expect(await offered(proEarner)).toEqual(all);

    await t.call(pro.updateMinimum, { nm: 15 }, proEarner.token);
    expect(await offered(proEarner)).toEqual([high.id]);
    // Other members, and other types, are not affected.
    expect(await offered(premiumEarner)).toEqual(all);
    expect(await offered(proEarner, 'youtube')).toEqual([youtubeLow.id]);
    // Equal points pass.
    await t.call(pro.updateMinimum, { nm: 12 }, proEarner.token);
    expect(await offered(proEarner)).toEqual([low.id, high.id]);
    await t.call(pro.updateMinimum, { nm: 18 }, proEarner.token);
    expect(await offered(proEarner)).toEqual([high.id]);

    // A member whose pro time ran out keeps the setting, but it no longer applies.
    await t.db
      .update(users)
      .set({ proExpires: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(users.id, proEarner.id));
    expect(await offered(proEarner)).toEqual(all);
    await t.db.update(listings).set({ status: 'paused' });
  });
});

describe('the bonus title (pro/fetchBonusOptions, pro/updateBonusSelection)', () => {
  it('offers None and the member’s own active IMDb views, and saves one', async () => {
    const member = await buildMember(t.db, t.clock, { membership: 'pro', points: 100 });
    const reel = await buildListing(t.db, t.clock, member.id, { name: 'B: Reel page' });
    const person = await buildListing(t.db, t.clock, member.id, { name: 'A: Person page' });
    const deleted = await buildListing(t.db, t.clock, member.id, { name: 'Gone', status: 'deleted' });
    const follow = await buildListing(t.db, t.clock, member.id, { type: 'twitter-follow' });
    const other = await buildMember(t.db, t.clock, { membership: 'pro' });
    const theirs = await buildListing(t.db, t.clock, other.id);

    const first = await t.call(pro.fetchBonusOptions, {}, member.token);
    expect(first.body).toEqual({
      status: 'success',
      selected: 'none',
      options: [
        { code: 'none', title: 'None', selected: true },
        { code: String(person.id), title: 'A: Person page', selected: false },
        { code: String(reel.id), title: 'B: Reel page', selected: false },
      ],
    });

    const saved = await t.call(pro.updateBonusSelection, { ns: String(reel.id) }, member.token);
    expect(saved.body).toEqual({ status: 'success', message: pro.BONUS_UPDATED, selected: String(reel.id) });
    const after = await t.call(pro.fetchBonusOptions, {}, member.token);
    expect(after.body.selected).toBe(String(reel.id));
    expect(after.body.options.filter((o) => o.selected).map((o) => o.code)).toEqual([String(reel.id)]);

    // Paused, a chosen listing stays chosen and says so; it is not offered to anyone else's choice.
    await t.db.update(listings).set({ status: 'paused' }).where(eq(listings.id, reel.id));
    const paused = await t.call(pro.fetchBonusOptions, {}, member.token);
    expect(paused.body.options.find((o) => o.code === String(reel.id))).toEqual({
      code: String(reel.id),
      title: 'B: Reel page (paused)',
      selected: true,
    });

    for (const ns of [String(deleted.id), String(follow.id), String(theirs.id), 'abc', '99999999']) {
      const bad = await t.call(pro.updateBonusSelection, { ns }, member.token);
      expect(bad.statusCode, `ns=${ns}`).toBe(400);
      expect(bad.body.message).toBe('Please choose one of your IMDb listings shown, or None.');
    }
    expect((await t.call(pro.updateBonusSelection, { ns: '' }, member.token)).statusCode).toBe(400);
    const [row] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(row?.proBonus).toBe(String(reel.id));

    await t.call(pro.updateBonusSelection, { ns: 'none' }, member.token);
    expect((await t.call(pro.fetchBonusOptions, {}, member.token)).body.selected).toBe('none');
  });
});

describe('historical stats (pro/fetchProHistory)', () => {
  it('shows this week’s IMDb views day by day from Monday, reversed ones and other types left out', async () => {
    t.clock.set(TUESDAY);
    const owner = await buildMember(t.db, t.clock, { membership: 'pro', points: 1000, joinedDaysAgo: 200 });
    const empty = await t.call(pro.fetchProHistory, { tab: 'current' }, owner.token);
    expect(empty.body).toEqual({
      status: 'success',
      tab: 'current',
      current: [
        { date: '2026-03-09', day: 'Monday', views: 0 },
        { date: '2026-03-10', day: 'Tuesday', views: 0 },
      ],
      total: 0,
      past: [],
    });

    const listing = await buildListing(t.db, t.clock, owner.id);
    const video = await buildListing(t.db, t.clock, owner.id, { type: 'youtube-view', give: 5 });
    const earners = await Promise.all([1, 2, 3, 4].map(() => buildMember(t.db, t.clock)));
    const [a, b, c, d] = earners as [BuiltMember, BuiltMember, BuiltMember, BuiltMember];
    // Sunday 8 March, 11pm PDT: last week.
    t.clock.set(new Date('2026-03-09T06:00:00Z'));
    await view(a, listing);
    // Monday 9 March, 12:30am PDT, and Tuesday.
    t.clock.set(new Date('2026-03-09T07:30:00Z'));
    await view(b, listing);
    t.clock.set(TUESDAY);
    await view(c, listing);
    await view(d, listing);
    const [reversed] = await t.db.select().from(actions).where(eq(actions.earnerId, d.id));
    await t.db
      .update(actions)
      .set({ status: 'reversed' })
      .where(eq(actions.id, reversed?.id as number));
    // A YouTube view of the same member's video is not an IMDb view.
    await t.call(earn.fetchListings, { listingType: 'user', user_id: owner.id, maxItems: 10 }, a.token);
    await t.call(earn.startAction, { listing_id: video.id }, a.token);
    t.clock.advance(40_000);
    const watched = await t.call(earn.recordYouTubeView, { listing_id: video.id, vc: 41 }, a.token);
    expect(watched.body.status).toBe('success');

    const res = await t.call(pro.fetchProHistory, { tab: 'current' }, owner.token);
    expect(res.body.current).toEqual([
      { date: '2026-03-09', day: 'Monday', views: 1 },
      { date: '2026-03-10', day: 'Tuesday', views: 1 },
    ]);
    expect(res.body.total).toBe(2);
    // The earner's own stats show the views they received, not the ones they gave.
    expect((await t.call(pro.fetchProHistory, {}, owner.token)).body.total).toBe(2);
  });

  it('shows past weeks newest first with views and the STARmeter change', async () => {
    t.clock.set(TUESDAY);
    const owner = await buildMember(t.db, t.clock, { membership: 'pro', points: 1000, joinedDaysAgo: 200 });
    const listing = await buildListing(t.db, t.clock, owner.id);
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => buildMember(t.db, t.clock)));
    // Two views in the week ending Sunday 8 March (one on its last minute), one the week before.
    t.clock.set(new Date('2026-03-09T06:59:00Z'));
    await view(a as BuiltMember, listing);
    t.clock.set(new Date('2026-03-03T20:00:00Z'));
    await view(b as BuiltMember, listing);
    t.clock.set(new Date('2026-02-27T20:00:00Z'));
    await view(c as BuiltMember, listing);
    t.clock.set(TUESDAY);
    await t.db.insert(starmeterWeeks).values([
      { userId: owner.id, weekEnding: '2026-03-08', rank: 5000 },
      { userId: owner.id, weekEnding: '2026-03-01', rank: 16500 },
      { userId: owner.id, weekEnding: '2026-02-22', rank: 2000 },
    ]);

    const res = await t.call(pro.fetchProHistory, { tab: 'past' }, owner.token);
    expect(res.body.tab).toBe('past');
    expect(res.body.past).toHaveLength(pro.PRO_PAST_WEEKS);
    expect(res.body.past.slice(0, 4)).toEqual([
      { weekEnding: '2026-03-08', views: 2, rank: 5000, change: '-11,500', changeInt: -11500 },
      { weekEnding: '2026-03-01', views: 1, rank: 16500, change: '+14,500', changeInt: 14500 },
      { weekEnding: '2026-02-22', views: 0, rank: 2000, change: '', changeInt: null },
      { weekEnding: '2026-02-15', views: 0, rank: null, change: '', changeInt: null },
    ]);
    expect(res.body.past.at(-1)?.weekEnding).toBe('2025-12-21');
    expect(res.body.total).toBe(3);
    expect(res.body.current).toEqual([]);
  });

  it('shows no weeks before the member joined, and refuses an unknown tab', async () => {
    t.clock.set(TUESDAY);
    const member = await buildMember(t.db, t.clock, { membership: 'pro', joinedDaysAgo: 10 });
    const res = await t.call(pro.fetchProHistory, { tab: 'past' }, member.token);
    // Joined Saturday 28 February: that week and the next.
    expect(res.body.past.map((w) => w.weekEnding)).toEqual(['2026-03-08', '2026-03-01']);
    const bad = await t.call(pro.fetchProHistory, { tab: 'later' }, member.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.body.message).toBe("Please choose 'current' or 'past'.");
  });
});
