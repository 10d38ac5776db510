import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { earn, listings as contract, type Membership } from '@marquee/contract';
import { TEST_START, useTestApp } from '../../../test/test-app.js';
import { buildListing, buildMember } from '../../../test/factories.js';
import { writeSetting } from '../../platform/settings.repo.js';
import { MINUTE_JOBS } from '../../app.js';
import { runMinuteJobs } from '../../platform/minute-jobs.js';
import { actions, offers } from '../earn/earn.tables.js';
import { users } from '../members/members.tables.js';
import { listings } from './listings.tables.js';
import { myListingRowsQuery } from './listings.repo.js';
import { pacificWeeks } from './listings.policy.js';
import { sponsorContextQuery } from '../sponsored/sponsored.repo.js';
import { planOf } from '../../../test/plans.js';
import { DAY_MS } from '../../platform/time.js';

// Its own database on PostgreSQL: it moves site settings and runs the minute job over every listing.
const t = useTestApp({ ownDatabase: true });
const { LISTING_MESSAGES } = contract;

async function owner(membership: Membership = 'free', points = 1000) {
  return buildMember(t.db, t.clock, { membership, points });
}

const stored = async (id: number) =>
  (await t.db.select().from(listings).where(eq(listings.id, id)))[0] as typeof listings.$inferSelect;

const myListings = (token: string) => t.call(contract.fetchMyListings, {}, token);

/** Whether another member is offered the owner's listing now (D4), through the profile earn list. */
async function offeredTo(ownerId: number, listingId: number) {
  const other = await buildMember(t.db, t.clock);
  const res = await t.call(earn.fetchListings, { listingType: 'user', user_id: ownerId }, other.token);
  return res.body.listings.find((l) => l.id === listingId) ?? null;
}

/** A credited action on a listing, on a given Pacific day (history rows only; no points move). */
async function actedOn(
  listing: typeof listings.$inferSelect,
  day: string,
  createdAt: Date,
  status = 'credited',
) {
  const earner = await buildMember(t.db, t.clock);
  const [offer] = await t.db
    .insert(offers)
    .values({
      earnerId: earner.id,
      listingId: listing.id,
      points: listing.give,
      cost: listing.give,
      offeredAt: createdAt,
      expiresAt: createdAt,
    })
    .returning({ id: offers.id });
  await t.db.insert(actions).values({
    offerId: (offer as { id: number }).id,
    earnerId: earner.id,
    ownerId: listing.userId,
    listingId: listing.id,
    type: listing.type,
    platform: listing.platform,
    points: listing.give,
    cost: listing.give,
    day,
    status,
    createdAt,
  });
}

const at = (iso: string) => new Date(iso);

describe('myListings/fetchMyListings', () => {
  it('lists the member’s own listings, newest first, with hasTypes and sv_max', async () => {
    t.clock.set(TEST_START);
    const me = await owner();
    const first = await buildListing(t.db, t.clock, me.id, { type: 'twitter-follow', give: 10 });
    t.clock.advance(1000);
    const second = await buildListing(t.db, t.clock, me.id);
    await buildListing(t.db, t.clock, me.id, { type: 'youtube-view', status: 'deleted' });
    await buildListing(t.db, t.clock, (await owner()).id);
    const res = await myListings(me.token);
    expect(res.statusCode).toBe(200);
    expect(res.body.listings.map((l) => l.id)).toEqual([second.id, first.id]);
    expect(res.body.hasTypes).toEqual(['imdb-view', 'twitter-follow']);
    expect(res.body.sv_max).toBe('5,000');
    await writeSetting(t.db, 'sv_max', 12500, t.clock.now());
    expect((await myListings(me.token)).body.sv_max).toBe('12,500');
    await writeSetting(t.db, 'sv_max', 5000, t.clock.now());
  });

  it('counts actions today, this week and last week in Pacific weeks from Monday (D1.2)', async () => {
    // TEST_START is Tuesday 10 March 2026, 11:00 in Los Angeles.
    t.clock.set(TEST_START);
    const me = await owner();
    const listing = await buildListing(t.db, t.clock, me.id);
    await actedOn(listing, '2026-03-10', at('2026-03-10T16:00:00Z'));
    await actedOn(listing, '2026-03-10', at('2026-03-10T16:30:00Z'), 'reversed');
    await actedOn(listing, '2026-03-09', at('2026-03-09T08:30:00Z'));
    // Sunday 8 March, 11pm Pacific: last week although it is Monday in UTC.
    await actedOn(listing, '2026-03-08', at('2026-03-09T06:30:00Z'));
    await actedOn(listing, '2026-03-02', at('2026-03-02T09:00:00Z'));
    await actedOn(listing, '2026-03-01', at('2026-03-01T20:00:00Z'));
    const [mine] = (await myListings(me.token)).body.listings;
    expect(mine).toMatchObject({ acted_today: 1, acted_this_week: 2, acted_last_week: 2 });
  });

  it('shows the share of checked follows found on the platform; views have none', async () => {
    const me = await owner();
    const follow = await buildListing(t.db, t.clock, me.id, { type: 'twitter-follow', give: 10 });
    const now = t.clock.now();
    const today = '2026-03-10';
    for (const status of ['verified', 'verified', 'missing', 'reversed', 'credited'])
      await actedOn(follow, today, now, status);
    const view = await buildListing(t.db, t.clock, me.id);
    const res = (await myListings(me.token)).body.listings;
    expect(res.find((l) => l.id === follow.id)).toMatchObject({ vp_disabled: false, vp_abs: 2, vp_denom: 4 });
    expect(res.find((l) => l.id === view.id)).toMatchObject({ vp_disabled: true, vp_abs: 0, vp_denom: 0 });
  });

  it('gives the status words and badges of each state', async () => {
    const me = await owner('premium', 10);
    const make = (opts: Parameters<typeof buildListing>[3]) => buildListing(t.db, t.clock, me.id, opts);
    const cases: [Parameters<typeof buildListing>[3], string, string][] = [
      [{ give: 5, type: 'youtube-view' }, 'Active', ''],
      [{ give: 18 }, 'Needs points', ''],
      [{ give: 0, type: 'youtube-view' }, 'Off (0 points)', ''],
      [{ give: 18, sponsorBought: 100, sponsorUsed: 5 }, 'Active', 'Sponsored'],
      [{ give: 5, type: 'youtube-view', changingTo: 10, changeAt: t.clock.now() }, 'Changing points', ''],
      [{ give: 5, type: 'youtube-view', status: 'paused' }, 'Paused', ''],
      [{ give: 5, type: 'facebook-like', status: 'pending' }, 'Pending review', ''],
      [{ give: 5, status: 'disabled', allowProViews: true }, 'Disabled', 'Pro views'],
      [{ give: 5, type: 'twitter-follow', status: 'invalid' }, 'Invalid', ''],
    ];
    const made: (typeof listings.$inferSelect)[] = [];
    for (const [opts] of cases) made.push(await make({ ...opts, changeAt: opts?.changeAt ?? null }));
    // Not due for a minute yet, so the change is still pending when the list is read (D6.2).
    await t.db
      .update(listings)
      .set({ changeAt: new Date(t.clock.now().getTime() + 60_000) })
      .where(eq(listings.id, made[4]!.id));
    const shown = (await myListings(me.token)).body.listings;
    cases.forEach(([, words, badge], i) => {
      expect(
        shown.find((l) => l.id === made[i]!.id),
        `${words}`,
      ).toMatchObject({
        listing_status: words,
        listing_badge: badge,
      });
    });
    await t.db.update(users).set({ featuredOn: '2026-03-10' }).where(eq(users.id, me.id));
    const featured = (await myListings(me.token)).body.listings.find((l) => l.id === made[0]!.id);
    expect(featured?.listing_badge).toBe('Featured');
  });

  it('offers sponsored activity for active listings at the sponsored feature’s prices (spec 2 §9)', async () => {
    const me = await owner('premium');
    const imdb = await buildListing(t.db, t.clock, me.id);
    const video = await buildListing(t.db, t.clock, me.id, { type: 'youtube-view', give: 10 });
    const pending = await buildListing(t.db, t.clock, me.id, { type: 'facebook-like', status: 'pending' });
    await writeSetting(t.db, 'imdb_sponsor_price_pennies', 1500, t.clock.now());
    const shown = (await myListings(me.token)).body.listings;
    const of = (id: number) => shown.find((l) => l.id === id);
    expect(of(imdb.id)).toMatchObject({ hasSSOptions: 'yes' });
    expect(of(imdb.id)?.ssOptions.map((o) => [o.count, o.price])).toEqual([[250, '$15.00']]);
    expect(of(video.id)?.ssOptions.map((o) => o.count)).toEqual([100, 200, 300, 500]);
    expect(of(pending.id)).toMatchObject({ hasSSOptions: 'no', ssOptions: [] });
    await writeSetting(t.db, 'imdb_sponsor_price_pennies', 1200, t.clock.now());
  });

  it('needs a signed-in member', async () => {
    expect((await t.call(contract.fetchMyListings, {})).statusCode).toBe(401);
  });
});

describe('myListings/updatePointSetting (D6.2)', () => {
  it('applies a change from 0 at once', async () => {
    const me = await owner('premium');
    const listing = await buildListing(t.db, t.clock, me.id, { give: 0 });
    const res = await t.call(contract.updatePointSetting, { listing_id: listing.id, points: 15 }, me.token);
    expect(res.statusCode).toBe(200);
    expect(res.body.message).toBe(LISTING_MESSAGES.pointUpdated);
    expect(res.body.listing).toMatchObject({ give: 15, changing_to: null, change_in: null });
    expect(await offeredTo(me.id, listing.id)).toMatchObject({ points: 15 });
  });

  it('applies any other change 300 s later, the listing offered to nobody meanwhile', async () => {
    const me = await owner('premium');
    const listing = await buildListing(t.db, t.clock, me.id, { give: 18 });
    expect(await offeredTo(me.id, listing.id)).toMatchObject({ points: 18 });
    const chosenAt = t.clock.now();
    const res = await t.call(contract.updatePointSetting, { listing_id: listing.id, points: 13 }, me.token);
    expect(res.body.message).toBe(LISTING_MESSAGES.pointLater);
    expect(res.body.listing).toMatchObject({
      give: 18,
      changing_to: 13,
      change_at_ts: Math.floor(chosenAt.getTime() / 1000) + 300,
      change_in: 300,
      listing_status: 'Changing points',
    });
    expect(await offeredTo(me.id, listing.id)).toBeNull();

    t.clock.advance(299_000);
    await runMinuteJobs(t.app.deps, MINUTE_JOBS);
    expect(await stored(listing.id)).toMatchObject({ give: 18, changingTo: 13 });
    const countdown = (await myListings(me.token)).body.listings[0];
    expect(countdown).toMatchObject({ changing_to: 13, change_in: 1 });
    expect(await offeredTo(me.id, listing.id)).toBeNull();

    t.clock.advance(1000);
    const done = await runMinuteJobs(t.app.deps, MINUTE_JOBS);
    expect(done['point-changes']).toBeGreaterThanOrEqual(1);
    expect(await stored(listing.id)).toMatchObject({ give: 13, changingTo: null, changeAt: null });
    expect(await offeredTo(me.id, listing.id)).toMatchObject({ points: 13 });
  });

  it('applies a due change when the owner reads My Listings, before the job runs', async () => {
    const me = await owner('premium');
    const listing = await buildListing(t.db, t.clock, me.id, { give: 18 });
    await t.call(contract.updatePointSetting, { listing_id: listing.id, points: 0 }, me.token);
    t.clock.advance(300_000);
    const [mine] = (await myListings(me.token)).body.listings;
    expect(mine).toMatchObject({ give: 0, changing_to: null, listing_status: 'Off (0 points)' });
  });

  it('starts the 300 s again on a new choice, and withdraws the change when the current points are chosen', async () => {
    const me = await owner('premium');
    const listing = await buildListing(t.db, t.clock, me.id, { give: 18 });
    await t.call(contract.updatePointSetting, { listing_id: listing.id, points: 12 }, me.token);
    t.clock.advance(200_000);
    const again = await t.call(contract.updatePointSetting, { listing_id: listing.id, points: 14 }, me.token);
    expect(again.body.listing).toMatchObject({ changing_to: 14, change_in: 300 });
    const kept = await t.call(contract.updatePointSetting, { listing_id: listing.id, points: 18 }, me.token);
    expect(kept.body.message).toBe(LISTING_MESSAGES.pointUpdated);
    expect(kept.body.listing).toMatchObject({ give: 18, changing_to: null, listing_status: 'Active' });
    expect(await offeredTo(me.id, listing.id)).toMatchObject({ points: 18 });
  });

  it('keeps each member to their point choices (spec 2 §5, §6)', async () => {
    const free = await owner('free');
    const imdb = await buildListing(t.db, t.clock, free.id, { give: 18 });
    const res = await t.call(contract.updatePointSetting, { listing_id: imdb.id, points: 12 }, free.token);
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe('Please choose one of your point settings: 0, 18.');

    const premium = await owner('premium');
    const title = await buildListing(t.db, t.clock, premium.id, {
      give: 18,
      pageCategory: 4,
      imdbType: 'title',
    });
    const shown = (await myListings(premium.token)).body.listings[0];
    expect(shown?.pointOptions).toEqual([0, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
    expect(
      (await t.call(contract.updatePointSetting, { listing_id: title.id, points: 6 }, premium.token))
        .statusCode,
    ).toBe(200);

    const managed = await owner('managed');
    const theirs = await buildListing(t.db, t.clock, managed.id, { type: 'youtube-view', give: 10 });
    const five = await t.call(
      contract.updatePointSetting,
      { listing_id: theirs.id, points: 5 },
      managed.token,
    );
    expect(five.statusCode).toBe(403);
    expect(five.body.message).toBe('Listings of Managed members can only be set to 0 points.');
    const zero = await t.call(
      contract.updatePointSetting,
      { listing_id: theirs.id, points: 0 },
      managed.token,
    );
    expect(zero.body.listing).toMatchObject({ changing_to: 0, pointOptions: [0, 10] });

    const bad = await t.call(
      contract.updatePointSetting,
      { listing_id: imdb.id, points: 'lots' },
      free.token,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body.message).toBe('Please choose the points to give.');
    expect(await stored(imdb.id)).toMatchObject({ give: 18, changingTo: null });
  });
});

describe('the owner’s own listings only', () => {
  it('refuses another member’s listing, an unknown one and a deleted one, on every call', async () => {
    const me = await owner('premium');
    const stranger = await owner('premium');
    const theirs = await buildListing(t.db, t.clock, stranger.id, { rlSelection: 40, sponsorBought: 50 });
    const gone = await buildListing(t.db, t.clock, me.id, { status: 'deleted', rlSelection: 40 });
    const calls = (id: number) =>
      [
        [contract.updatePointSetting, { listing_id: id, points: 0 }],
        [contract.updateRateLimit, { listing_id: id, rl: 500 }],
        [contract.updateRateLimitDistribution, { listing_id: id, distribution: 2 }],
        [contract.updateAllowProViews, { listing_id: id, allowProViews: 'no' }],
        [contract.pauseSponsoredActivity, { listing_id: id, action: 'pause' }],
        [contract.deleteListing, { listing_id: id }],
      ] as const;
    for (const [op, input] of calls(theirs.id)) {
      const res = await t.call(op, input, me.token);
      expect(res.statusCode, op.path).toBe(403);
      expect(res.body.message).toBe('You can only change your own listings.');
    }
    for (const id of [gone.id, 999_999_999]) {
      for (const [op, input] of calls(id)) {
        const res = await t.call(op, input, me.token);
        expect(res.statusCode, `${op.path} ${id}`).toBe(404);
        expect(res.body.message).toBe('There is no such listing.');
      }
    }
    for (const [op, input] of calls(theirs.id)) expect((await t.call(op, input)).statusCode).toBe(401);
    expect(await stored(theirs.id)).toMatchObject({
      status: 'active',
      rlSelection: 40,
      give: 18,
      sponsorPaused: false,
    });
  });
});

describe('My Listings reads through indexes (spec 2 figures)', () => {
  it('the panel, one listing and the sponsor context: no Seq Scan on listings, actions or specials', async () => {
    const owner = await buildMember(t.db, t.clock);
    const listing = await buildListing(t.db, t.clock, owner.id);
    const now = t.clock.now();
    const ask = {
      ownerId: owner.id,
      weeks: pacificWeeks(now),
      checkedSince: new Date(now.getTime() - 30 * DAY_MS),
    };
    for (const [what, query] of [
      ['panel', myListingRowsQuery(t.db, ask)],
      ['one listing', myListingRowsQuery(t.db, { ...ask, listingId: listing.id })],
      ['sponsor context', sponsorContextQuery(now)],
    ] as const) {
      const plan = await planOf(t.db, query);
      expect(plan, `${what}:\n${plan}`).not.toMatch(/Seq Scan on (listings|actions|specials)/);
    }
    const panel = await planOf(t.db, myListingRowsQuery(t.db, ask));
    // The owner's listings and actions are found from the owner.
    expect(panel).toMatch(/Index Cond: \(+user_id = \d+\)/);
    expect(panel).toMatch(/Index Cond: \(+owner_id = \d+\)/);
  });
});
