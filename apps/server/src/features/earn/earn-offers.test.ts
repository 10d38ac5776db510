import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { earn } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildListing, buildMember, linkAccount } from '../../../test/factories.js';
import { blocks, users } from '../members/members.tables.js';
import { listings } from '../listings/listings.tables.js';
import { dailyActions } from '../points/points.tables.js';
import { pacificDay } from '../../platform/time.js';
import { offers } from './earn.tables.js';

const t = useTestApp();

/** Each test gets an earner and an owner of its own; other tests' listings are filtered by owner. */
async function pair(opts: { earner?: Parameters<typeof buildMember>[2]; ownerPoints?: number } = {}) {
  const earner = await buildMember(t.db, t.clock, opts.earner);
  const owner = await buildMember(t.db, t.clock, { points: opts.ownerPoints ?? 1000 });
  return { earner, owner };
}

const fetchOwn = (token: string, ownerId: number, maxItems = 10) =>
  t.call(earn.fetchListings, { listingType: 'user', user_id: ownerId, maxItems }, token);

describe('earnPoints/fetchListings (D4)', () => {
  it('offers an active listing of another member and records the offer (D5.1)', async () => {
    const { earner, owner } = await pair();
    const listing = await buildListing(t.db, t.clock, owner.id);
    const res = await fetchOwn(earner.token, owner.id);
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe('success');
    expect(res.body.listings.map((l) => l.id)).toEqual([listing.id]);
    const [card] = res.body.listings;
    expect(card).toMatchObject({
      type: 'imdb-view',
      points: 18,
      user_id: owner.id,
      question: 'How many Actor credits does this page list?',
      pro_view: false,
    });
    expect(card?.open_url).toContain('/sim/imdb/name/');
    const recorded = await t.db.select().from(offers).where(eq(offers.earnerId, earner.id));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ listingId: listing.id, points: 18, cost: 18 });
  });

  it('never offers a member their own listings', async () => {
    const { owner } = await pair();
    await buildListing(t.db, t.clock, owner.id);
    const res = await fetchOwn(owner.token, owner.id);
    expect(res.body.status).toBe('nolistings');
  });

  it('leaves out paused, zero-point, pending-change and unaffordable listings and inactive owners', async () => {
    const { earner, owner } = await pair({ ownerPoints: 10 });
    await buildListing(t.db, t.clock, owner.id, { status: 'paused', give: 5 });
    await buildListing(t.db, t.clock, owner.id, { give: 0 });
    await buildListing(t.db, t.clock, owner.id, { give: 5, changingTo: 10, changeAt: t.clock.now() });
    await buildListing(t.db, t.clock, owner.id, { give: 18 }); // owner has 10 points
    const ok = await buildListing(t.db, t.clock, owner.id, { give: 5, type: 'youtube-view' });
    expect((await fetchOwn(earner.token, owner.id)).body.listings.map((l) => l.id)).toEqual([ok.id]);
    await t.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, owner.id));
    expect((await fetchOwn(earner.token, owner.id)).body.status).toBe('nolistings');
  });

  it('offers an unaffordable listing while it has sponsored actions left, sponsored first (D4.3)', async () => {
    const { earner, owner } = await pair({ ownerPoints: 0 });
    const sponsored = await buildListing(t.db, t.clock, owner.id, { give: 5, sponsorBought: 100 });
    await buildListing(t.db, t.clock, owner.id, { give: 18, sponsorBought: 100, sponsorPaused: true });
    const res = await fetchOwn(earner.token, owner.id);
    expect(res.body.listings.map((l) => l.id)).toEqual([sponsored.id]);
    expect(res.body.listings[0]).toMatchObject({ sponsored: true, sponsored_benefit: true });
    expect(res.body.free_sponsored).toBe(true);
  });

  it('orders sponsored, then featured owners, then higher points (D4 order)', async () => {
    const earner = await buildMember(t.db, t.clock);
    const owner = await buildMember(t.db, t.clock, { points: 1000 });
    const low = await buildListing(t.db, t.clock, owner.id, { give: 12, type: 'youtube-view' });
    const high = await buildListing(t.db, t.clock, owner.id, { give: 18 });
    const sponsored = await buildListing(t.db, t.clock, owner.id, {
      give: 5,
      type: 'youtube-view',
      sponsorBought: 10,
    });
    const res = await fetchOwn(earner.token, owner.id);
    expect(res.body.listings.map((l) => l.id)).toEqual([sponsored.id, high.id, low.id]);
    // A featured owner's listings come before a richer listing of someone else, and pay +1 (D5.7).
    await t.db
      .update(users)
      .set({ featuredOn: pacificDay(t.clock.now()) })
      .where(eq(users.id, owner.id));
    const again = await fetchOwn(earner.token, owner.id);
    expect(again.body.listings.find((l) => l.id === high.id)).toMatchObject({ bonus: 1, points: 19 });
  });

  it('keeps listings between members who blocked each other apart (D4.1)', async () => {
    const { earner, owner } = await pair();
    await buildListing(t.db, t.clock, owner.id);
    await t.db.insert(blocks).values({ blockerId: owner.id, blockedId: earner.id, createdAt: t.clock.now() });
    expect((await fetchOwn(earner.token, owner.id)).body.status).toBe('nolistings');
  });

  it('stops offering a listing once its rate limit for the day is used (D4.5)', async () => {
    const { earner, owner } = await pair();
    const listing = await buildListing(t.db, t.clock, owner.id, { rlSelection: 20, distributed: 1 });
    await t.db
      .update(listings)
      .set({ actedOn: pacificDay(t.clock.now()), actedCount: 20 })
      .where(eq(listings.id, listing.id));
    expect((await fetchOwn(earner.token, owner.id)).body.status).toBe('nolistings');
    await t.db.update(listings).set({ rlSelection: 500 }).where(eq(listings.id, listing.id));
    expect((await fetchOwn(earner.token, owner.id)).body.status).toBe('success');
  });

  it('hides a listing for the rest of this login only (D4.6)', async () => {
    const { earner, owner } = await pair();
    const listing = await buildListing(t.db, t.clock, owner.id);
    const hidden = await t.call(earn.hideListing, { id: listing.id }, earner.token);
    expect(hidden.body).toEqual({
      status: 'success',
      message: "This listing has been hidden, you won't see it again during this login.",
    });
    expect((await fetchOwn(earner.token, owner.id)).body.status).toBe('nolistings');
    // A new login sees it again.
    const login = await t.call((await import('@marquee/contract')).login.checkCredentials, {
      username: earner.username,
      password: earner.password,
    });
    expect((await fetchOwn(login.body.token, owner.id)).body.status).toBe('success');
    const missing = await t.call(earn.hideListing, { id: 99999999 }, earner.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.body.message).toBe('Uh oh, we had a problem hiding this listing.');
  });

  it('answers checktoken for Twitter and Facebook until the member links an account', async () => {
    const { earner, owner } = await pair();
    await buildListing(t.db, t.clock, owner.id, { type: 'twitter-follow' });
    const res = await t.call(earn.fetchListings, { listingType: 'twitter', maxItems: 4 }, earner.token);
    expect(res.body).toMatchObject({ status: 'checktoken', platform: 'twitter', listings: [] });
    const fb = await t.call(earn.fetchListings, { listingType: 'facebook', maxItems: 4 }, earner.token);
    expect(fb.body.status).toBe('checktoken');
    // On a profile, the follow is left out and counted as what linking would add.
    const profile = await fetchOwn(earner.token, owner.id);
    expect(profile.body).toMatchObject({ status: 'nolistings', potential_tw: 1 });
    await linkAccount(t.db, t.clock, earner.id, 'twitter', `me${earner.id}`);
    const linked = await fetchOwn(earner.token, owner.id);
    expect(linked.body.listings.map((l) => l.type)).toEqual(['twitter-follow']);
  });

  it('answers done once the daily actions are used up (D6.3)', async () => {
    const { earner } = await pair();
    await t.db
      .insert(dailyActions)
      .values({ userId: earner.id, day: pacificDay(t.clock.now()), actions: 20 });
    const res = await t.call(earn.fetchListings, { listingType: 'imdb', maxItems: 4 }, earner.token);
    expect(res.body).toMatchObject({ status: 'done', daily_max: 20, actions_today: 20 });
    expect(res.body.message).toBe(
      'You have used all 20 of your Daily Actions for today. They start again at midnight Pacific time.',
    );
  });

  it('answers pointsmaxed for IMDb at 4,500 points for free members, 15,000 for others', async () => {
    const free = await buildMember(t.db, t.clock, { points: 4500 });
    const premium = await buildMember(t.db, t.clock, { points: 4500, membership: 'premium' });
    const ask = (token: string) => t.call(earn.fetchListings, { listingType: 'imdb', maxItems: 4 }, token);
    expect((await ask(free.token)).body.status).toBe('pointsmaxed');
    expect((await ask(premium.token)).body.status).not.toBe('pointsmaxed');
    const youtube = await t.call(earn.fetchListings, { listingType: 'youtube', maxItems: 4 }, free.token);
    expect(youtube.body.status).not.toBe('pointsmaxed');
  });

  it('gives managed members the managed message instead of IMDb listings (D4.7)', async () => {
    const managed = await buildMember(t.db, t.clock, { membership: 'managed' });
    const res = await t.call(earn.fetchListings, { listingType: 'imdb', maxItems: 4 }, managed.token);
    expect(res.body.status).toBe('managed');
    expect(res.body.message).toContain('Managed Rank');
  });

  it('offers IMDbPro views to premium members who opted in, at +2 points (D5.7)', async () => {
    const earner = await buildMember(t.db, t.clock, { membership: 'premium' });
    const owner = await buildMember(t.db, t.clock, { points: 1000, membership: 'premium' });
    await buildListing(t.db, t.clock, owner.id, { allowProViews: true });
    const pref = await t.call(earn.updateShowMePreference, { showMePro: true }, earner.token);
    expect(pref.body).toEqual({ status: 'success', showMePro: true });
    const res = await fetchOwn(earner.token, owner.id);
    expect(res.body.giveProViewOption).toBe(true);
    expect(res.body.listings[0]).toMatchObject({ pro_view: true, points: 20 });
    expect(res.body.listings[0]?.question).toContain('STARmeter');

    // Once the owner's membership has lapsed, the switch left on asks for no pro views (spec 2 §5).
    await t.db
      .update(users)
      .set({ premiumExpires: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(users.id, owner.id));
    const lapsed = await fetchOwn(earner.token, owner.id);
    expect(lapsed.body.listings[0]).toMatchObject({ pro_view: false, points: 18 });
  });

  it('refuses IMDbPro views to free members', async () => {
    const free = await buildMember(t.db, t.clock);
    const res = await t.call(earn.updateShowMePreference, { showMePro: true }, free.token);
    expect(res.statusCode).toBe(403);
    expect(res.body.message).toBe('IMDbPro views are for Premium and Pro members.');
  });

  it('refuses bad input and signed-out callers', async () => {
    const member = await buildMember(t.db, t.clock);
    const bad = await t.call(earn.fetchListings, { listingType: 'myspace', maxItems: 4 }, member.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.body.message).toBe('Please choose IMDb, Twitter, YouTube or Facebook listings.');
    const tooMany = await t.call(earn.fetchListings, { listingType: 'imdb', maxItems: 500 }, member.token);
    expect(tooMany.statusCode).toBe(400);
    const noUser = await t.call(earn.fetchListings, { listingType: 'user', maxItems: 4 }, member.token);
    expect(noUser.statusCode).toBe(400);
    const out = await t.call(earn.fetchListings, { listingType: 'imdb', maxItems: 4 });
    expect(out.statusCode).toBe(401);
    expect(out.body.extra).toBe('logged_out');
    const hideBad = await t.call(earn.hideListing, { id: 'abc' }, member.token);
    expect(hideBad.statusCode).toBe(400);
  });
});
