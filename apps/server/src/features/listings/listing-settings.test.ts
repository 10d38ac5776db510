import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { earn, listings as contract, type Membership } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildListing, buildMember } from '../../../test/factories.js';
import { listings } from './listings.tables.js';

const t = useTestApp();
const { LISTING_MESSAGES, PRO_VIEWS_NEED_PAID } = contract;

async function owner(membership: Membership = 'free', points = 1400) {
  return buildMember(t.db, t.clock, { membership, points });
}

const stored = async (id: number) =>
  (await t.db.select().from(listings).where(eq(listings.id, id)))[0] as typeof listings.$inferSelect;

async function offeredTo(ownerId: number, listingId: number) {
  const other = await buildMember(t.db, t.clock);
  const res = await t.call(earn.fetchListings, { listingType: 'user', user_id: ownerId }, other.token);
  return res.body.listings.find((l) => l.id === listingId) ?? null;
}

describe('myListings/updateRateLimit (D4.5, spec 2 §5)', () => {
  it('gives premium members every rate limit, with the automatic limit’s label', async () => {
    const me = await owner('premium');
    const listing = await buildListing(t.db, t.clock, me.id, { give: 20, type: 'twitter-follow' });
    const res = await t.call(contract.updateRateLimit, { listing_id: listing.id, rl: 35 }, me.token);
    expect(res.statusCode).toBe(200);
    expect(res.body.message).toBe(LISTING_MESSAGES.rateLimit);
    // 1,400 points at 20 a follow, spread over 7 days: 10 a day.
    expect(res.body.listing).toMatchObject({ rl_selection: 35, arl: 10, arl_label: 'Automatic (10 a day)' });
    expect(res.body.listing.rateOptions.slice(0, 4)).toEqual([
      { value: 500, label: 'Off' },
      { value: 99, label: 'Automatic (10 a day)' },
      { value: 20, label: '20 a day' },
      { value: 25, label: '25 a day' },
    ]);
    expect(res.body.listing.rateOptions.map((o) => o.value)).toHaveLength(2 + 17 + 2);
    for (const rl of [99, 100, 150, 200, 500]) {
      expect(
        (await t.call(contract.updateRateLimit, { listing_id: listing.id, rl }, me.token)).statusCode,
      ).toBe(200);
    }
    const odd = await t.call(contract.updateRateLimit, { listing_id: listing.id, rl: 33 }, me.token);
    expect(odd.statusCode).toBe(400);
    expect(odd.body.message).toBe('Please choose one of the rate limits offered for this listing.');
    expect((await stored(listing.id)).rlSelection).toBe(500);
  });

  it('gives free members off, automatic or their current value, and YouTube no automatic', async () => {
    const free = await owner('free');
    const listing = await buildListing(t.db, t.clock, free.id, { rlSelection: 40 });
    const shown = (await t.call(contract.fetchMyListings, {}, free.token)).body.listings[0];
    expect(shown?.rateOptions.map((o) => o.value)).toEqual([500, 99, 40]);
    expect(
      (await t.call(contract.updateRateLimit, { listing_id: listing.id, rl: 45 }, free.token)).statusCode,
    ).toBe(400);
    expect(
      (await t.call(contract.updateRateLimit, { listing_id: listing.id, rl: 99 }, free.token)).statusCode,
    ).toBe(200);
    // The old value is no longer current, so it is no longer a choice.
    expect(
      (await t.call(contract.updateRateLimit, { listing_id: listing.id, rl: 40 }, free.token)).statusCode,
    ).toBe(400);

    const premium = await owner('premium');
    const video = await buildListing(t.db, t.clock, premium.id, { type: 'youtube-view', give: 10 });
    const auto = await t.call(contract.updateRateLimit, { listing_id: video.id, rl: 99 }, premium.token);
    expect(auto.statusCode).toBe(400);
    const ok = await t.call(contract.updateRateLimit, { listing_id: video.id, rl: 60 }, premium.token);
    expect(ok.body.listing.rateOptions.map((o) => o.value)).not.toContain(99);
  });

  it('stops offering a listing once today’s limit is used', async () => {
    const me = await owner('premium');
    const listing = await buildListing(t.db, t.clock, me.id, { actedOn: '2026-03-10', actedCount: 20 });
    expect(await offeredTo(me.id, listing.id)).not.toBeNull();
    await t.call(contract.updateRateLimit, { listing_id: listing.id, rl: 20 }, me.token);
    expect(await offeredTo(me.id, listing.id)).toBeNull();
  });
});

describe('myListings/updateRateLimitDistribution (D4.5)', () => {
  it('sets 1 to 4 windows while a rate limit is on, and refuses it while the limit is off', async () => {
    const me = await owner('free');
    const listing = await buildListing(t.db, t.clock, me.id);
    const off = await t.call(
      contract.updateRateLimitDistribution,
      { listing_id: listing.id, distribution: 3 },
      me.token,
    );
    expect(off.statusCode).toBe(409);
    expect(off.body.message).toBe(
      'A distribution applies only with a rate limit. Please choose a rate limit first.',
    );
    await t.call(contract.updateRateLimit, { listing_id: listing.id, rl: 99 }, me.token);
    const res = await t.call(
      contract.updateRateLimitDistribution,
      { listing_id: listing.id, distribution: 3 },
      me.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.body.message).toBe(LISTING_MESSAGES.distribution);
    expect(res.body.listing.distributed).toBe(3);
    for (const distribution of [0, 5, 'two']) {
      const bad = await t.call(
        contract.updateRateLimitDistribution,
        { listing_id: listing.id, distribution },
        me.token,
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.body.message).toBe('Please choose a distribution from 1 to 4.');
    }
    expect((await stored(listing.id)).distributed).toBe(3);
  });
});

describe('myListings/updateAllowProViews (spec 2 §5)', () => {
  it('needs a premium or pro member, with the spec’s words; off is always allowed', async () => {
    const free = await owner('free');
    const mine = await buildListing(t.db, t.clock, free.id, { allowProViews: true });
    const refused = await t.call(
      contract.updateAllowProViews,
      { listing_id: mine.id, allowProViews: 'yes' },
      free.token,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.body.message).toBe(PRO_VIEWS_NEED_PAID);
    const off = await t.call(
      contract.updateAllowProViews,
      { listing_id: mine.id, allowProViews: 'no' },
      free.token,
    );
    expect(off.statusCode).toBe(200);
    expect(off.body.listing.allow_pro_views).toBe('no');

    const pro = await owner('pro');
    const person = await buildListing(t.db, t.clock, pro.id);
    const on = await t.call(
      contract.updateAllowProViews,
      { listing_id: person.id, allowProViews: 'yes' },
      pro.token,
    );
    expect(on.statusCode).toBe(200);
    expect(on.body.listing).toMatchObject({
      allow_pro_views: 'yes',
      listing_badge: 'Pro views',
      giveProViewOption: 'yes',
    });
    expect((await stored(person.id)).allowProViews).toBe(true);
  });

  it('is only for IMDb person pages, and needs yes or no', async () => {
    const me = await owner('premium');
    const title = await buildListing(t.db, t.clock, me.id, { imdbType: 'title', pageCategory: 4 });
    const follow = await buildListing(t.db, t.clock, me.id, { type: 'twitter-follow', give: 10 });
    for (const l of [title, follow]) {
      const res = await t.call(
        contract.updateAllowProViews,
        { listing_id: l.id, allowProViews: 'yes' },
        me.token,
      );
      expect(res.statusCode).toBe(400);
      expect(res.body.message).toBe('Pro views are only for listings of an IMDb name page.');
    }
    const bad = await t.call(
      contract.updateAllowProViews,
      { listing_id: title.id, allowProViews: 'maybe' },
      me.token,
    );
    expect(bad.body.message).toBe("Please say 'yes' or 'no'.");
  });
});

describe('myListings/pauseSponsoredActivity (spec 2 §4, D6.4)', () => {
  it('pauses and unpauses sponsored actions that are left; paused, an unaffordable listing is not offered', async () => {
    const me = await owner('premium', 0);
    const listing = await buildListing(t.db, t.clock, me.id, { sponsorBought: 100, sponsorUsed: 20 });
    expect(await offeredTo(me.id, listing.id)).toMatchObject({ sponsored: true });
    const paused = await t.call(
      contract.pauseSponsoredActivity,
      { listing_id: listing.id, action: 'pause' },
      me.token,
    );
    expect(paused.statusCode).toBe(200);
    expect(paused.body.message).toBe('Your Sponsored Activity has been paused!');
    expect(paused.body.listing).toMatchObject({
      sponsor_paused: true,
      listing_badge: '',
      listing_status: 'Needs points',
    });
    expect(await offeredTo(me.id, listing.id)).toBeNull();
    const twice = await t.call(
      contract.pauseSponsoredActivity,
      { listing_id: listing.id, action: 'pause' },
      me.token,
    );
    expect(twice.statusCode).toBe(409);
    const unpaused = await t.call(
      contract.pauseSponsoredActivity,
      { listing_id: listing.id, action: 'unpause' },
      me.token,
    );
    expect(unpaused.body.message).toBe('Your Sponsored Activity has been unpaused!');
    expect(unpaused.body.listing).toMatchObject({ sponsor_paused: false, listing_badge: 'Sponsored' });
    const again = await t.call(
      contract.pauseSponsoredActivity,
      { listing_id: listing.id, action: 'unpause' },
      me.token,
    );
    expect(again.body.message).toBe('The sponsored activity of this listing is not paused.');
  });

  it('refuses when nothing is left to pause, and a word other than pause or unpause', async () => {
    const me = await owner('premium');
    for (const [bought, used] of [
      [0, 0],
      [100, 100],
      [-50, 0],
    ] as const) {
      const l = await buildListing(t.db, t.clock, me.id, { sponsorBought: bought, sponsorUsed: used });
      const res = await t.call(
        contract.pauseSponsoredActivity,
        { listing_id: l.id, action: 'pause' },
        me.token,
      );
      expect(res.statusCode, `${bought}/${used}`).toBe(409);
      expect(res.body.message).toBe('This listing has no sponsored activity left to pause.');
      expect((await stored(l.id)).sponsorPaused).toBe(false);
    }
    const l = await buildListing(t.db, t.clock, me.id, { sponsorBought: 10 });
    const bad = await t.call(contract.pauseSponsoredActivity, { listing_id: l.id, action: 'stop' }, me.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.body.message).toBe("Please say 'pause' or 'unpause'.");
  });
});

describe('myListings/deleteListing', () => {
  it('deletes a listing: gone from My Listings and offered to nobody; a free member may add that type again', async () => {
    const me = await owner('free');
    const video = await buildListing(t.db, t.clock, me.id, { type: 'youtube-view', give: 10 });
    expect(await offeredTo(me.id, video.id)).not.toBeNull();
    const res = await t.call(contract.deleteListing, { listing_id: video.id }, me.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: LISTING_MESSAGES.deleted });
    expect((await stored(video.id)).status).toBe('deleted');
    expect(await offeredTo(me.id, video.id)).toBeNull();
    const mine = await t.call(contract.fetchMyListings, {}, me.token);
    expect(mine.body.listings).toEqual([]);
    expect(mine.body.hasTypes).toEqual([]);
    const again = await t.call(contract.deleteListing, { listing_id: video.id }, me.token);
    expect(again.statusCode).toBe(404);
  });

  it('keeps an IMDb person page (page_category 3): no delete on the page, refused on the server', async () => {
    const me = await owner('premium');
    const person = await buildListing(t.db, t.clock, me.id, { pageCategory: 3 });
    const title = await buildListing(t.db, t.clock, me.id, { pageCategory: 4, imdbType: 'title' });
    const shown = (await t.call(contract.fetchMyListings, {}, me.token)).body.listings;
    expect(shown.find((l) => l.id === person.id)?.canDelete).toBe(false);
    expect(shown.find((l) => l.id === title.id)?.canDelete).toBe(true);
    const res = await t.call(contract.deleteListing, { listing_id: person.id }, me.token);
    expect(res.statusCode).toBe(403);
    expect(res.body.message).toContain('cannot be deleted');
    expect((await stored(person.id)).status).toBe('active');
  });

  it('withdraws a pending point change with the listing', async () => {
    const me = await owner('premium');
    const l = await buildListing(t.db, t.clock, me.id, { type: 'twitter-follow', give: 10 });
    await t.call(contract.updatePointSetting, { listing_id: l.id, points: 20 }, me.token);
    await t.call(contract.deleteListing, { listing_id: l.id }, me.token);
    expect(await stored(l.id)).toMatchObject({ status: 'deleted', give: 10, changingTo: null });
  });
});
