import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { earn, exchange, points } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildListing, buildMember, setStatus } from '../../../test/factories.js';
import { blocks, users } from '../members/members.tables.js';
import { listings } from '../listings/listings.tables.js';
import { dailyActions } from '../points/points.tables.js';
import { offers } from '../earn/earn.tables.js';
import { pacificDay } from '../../platform/time.js';
import { hashToken, newToken } from '../../platform/tokens.js';
import { sessions } from '../login/login.tables.js';
import { imdbExchangeListings } from './exchange.tables.js';
import { IMDB_EXCHANGE_MESSAGES } from './imdb-exchange.policy.js';
import {
  DAY,
  SECOND,
  answerView,
  fetchExchange,
  imdbListing,
  member,
  offerAndStart,
  swapper,
  unlistEveryone,
  view,
} from './imdb-exchange.test-support.js';

// Its own database on PostgreSQL too: the exchange lists every member who is listed, so each test
// starts from nobody listed (unlistEveryone), which must not reach another file's members.
const t = useTestApp({ ownDatabase: true });

beforeEach(() => unlistEveryone(t));

const optInRow = async (userId: number) =>
  (await t.db.select().from(imdbExchangeListings).where(eq(imdbExchangeListings.userId, userId)))[0];

const listedIds = async (viewer: Parameters<typeof fetchExchange>[1]) =>
  (await fetchExchange(t, viewer)).body.listings.map((l) => l.id);

describe('exchange/imdb/fetchMyListing (EX10)', () => {
  it('answers null while the member has no active IMDb listing', async () => {
    const m = await member(t);
    await buildListing(t.db, t.clock, m.id, { type: 'twitter-follow' });
    await imdbListing(t, m.id, 12, { status: 'paused' });
    const res = await t.call(exchange.fetchMyListing, {}, m.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ status: 'success', myListing: null });
  });

  it('is the oldest active IMDb listing, off the exchange by default, with the code and the picture', async () => {
    const m = await member(t);
    await t.db.update(users).set({ defaultPic: 'face.jpg' }).where(eq(users.id, m.id));
    const oldest = await imdbListing(t, m.id);
    t.clock.advance(SECOND);
    await imdbListing(t, m.id);
    const res = await t.call(exchange.fetchMyListing, {}, m.token);
    expect(res.body).toEqual({
      status: 'success',
      myListing: {
        id: oldest.id,
        name: oldest.name,
        profile: '/media/80/face.jpg',
        url: oldest.url,
        short: oldest.externalId,
        vfv_allowed: false,
      },
    });
  });

  it("is the person page of the member's profile IMDb address when they list it, however new", async () => {
    const m = await member(t);
    await imdbListing(t, m.id);
    t.clock.advance(SECOND);
    const code = /nm\d+/.exec(m.imdb)?.[0] as string;
    const own = await imdbListing(t, m.id, 12, { url: m.imdb, externalId: code });
    const res = await t.call(exchange.fetchMyListing, {}, m.token);
    expect(res.body.myListing).toMatchObject({ id: own.id, short: code });
  });

  it('moves a listed member onto the listing EX10 names when their listings change', async () => {
    const { member: m, listing: first } = await swapper(t);
    const viewer = (await swapper(t)).member;
    expect(await listedIds(viewer)).toEqual([first.id]);
    const code = /nm\d+/.exec(m.imdb)?.[0] as string;
    const own = await imdbListing(t, m.id, 12, { url: m.imdb, externalId: code });
    const res = await t.call(exchange.fetchMyListing, {}, m.token);
    expect(res.body.myListing).toMatchObject({ id: own.id, vfv_allowed: true });
    expect((await optInRow(m.id))?.listingId).toBe(own.id);
    expect(await listedIds(viewer)).toEqual([own.id]);
  });

  it('refuses free members (403, EX1) and unknown tokens (401)', async () => {
    const free = await buildMember(t.db, t.clock);
    await imdbListing(t, free.id);
    const refused = await t.call(exchange.fetchMyListing, {}, free.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toMatchObject({ status: 'error', message: exchange.NOT_FOR_FREE });
    const anonymous = await t.call(exchange.fetchMyListing, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body.extra).toBe('logged_out');
  });

  it("shows each member their own listing, never another member's", async () => {
    const a = await swapper(t);
    const b = await member(t);
    const res = await t.call(exchange.fetchMyListing, {}, b.token);
    expect(res.body.myListing).toBeNull();
    const mine = await t.call(exchange.fetchMyListing, {}, a.member.token);
    expect(mine.body.myListing?.id).toBe(a.listing.id);
  });
});

describe('exchange/imdb/updateAllowed (EX10)', () => {
  it('lists the page with 1 and takes it off with 2', async () => {
    const m = await member(t);
    const listing = await imdbListing(t, m.id);
    const on = await t.call(exchange.updateAllowed, { allowed: 1 }, m.token);
    expect(on.body).toEqual({ status: 'success', message: IMDB_EXCHANGE_MESSAGES.listed, vfv_allowed: true });
    expect(await optInRow(m.id)).toMatchObject({ listingId: listing.id, allowed: 1 });
    expect((await t.call(exchange.fetchMyListing, {}, m.token)).body.myListing?.vfv_allowed).toBe(true);
    const off = await t.call(exchange.updateAllowed, { allowed: '2' }, m.token);
    expect(off.body).toEqual({
      status: 'success',
      message: IMDB_EXCHANGE_MESSAGES.unlisted,
      vfv_allowed: false,
    });
    expect((await t.call(exchange.fetchMyListing, {}, m.token)).body.myListing?.vfv_allowed).toBe(false);
  });

  it('refuses to list a member with no IMDb listing, and changes nothing', async () => {
    const m = await member(t);
    const res = await t.call(exchange.updateAllowed, { allowed: 1 }, m.token);
    expect(res.statusCode).toBe(409);
    expect(res.body.message).toBe(IMDB_EXCHANGE_MESSAGES.noListing);
    expect(await optInRow(m.id)).toBeUndefined();
    const off = await t.call(exchange.updateAllowed, { allowed: 2 }, m.token);
    expect(off.body.vfv_allowed).toBe(false);
    expect(await optInRow(m.id)).toBeUndefined();
  });

  it.each([3, 0, 'yes', ''])('refuses allowed=%s with a clear message (B1-B4)', async (allowed) => {
    const m = await member(t);
    await imdbListing(t, m.id);
    const res = await t.call(exchange.updateAllowed, { allowed }, m.token);
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe('Please say whether to list your page on the View-For-View exchange.');
    expect(await optInRow(m.id)).toBeUndefined();
  });

  it('refuses free members and unknown tokens', async () => {
    const free = await buildMember(t.db, t.clock);
    await imdbListing(t, free.id);
    const refused = await t.call(exchange.updateAllowed, { allowed: 1 }, free.token);
    expect(refused.statusCode).toBe(403);
    expect(await optInRow(free.id)).toBeUndefined();
    const anonymous = await t.call(exchange.updateAllowed, { allowed: 1 });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body.extra).toBe('logged_out');
  });

  it("changes only the caller's own switch", async () => {
    const a = await swapper(t);
    const b = await member(t);
    await imdbListing(t, b.id);
    await t.call(exchange.updateAllowed, { allowed: 2 }, b.token);
    expect(await optInRow(a.member.id)).toMatchObject({ allowed: 1 });
  });
});

describe('exchange/imdb/fetchListings (EX11)', () => {
  it('offers the listed pages of other eligible members, as exchange offers worth no points', async () => {
    const viewer = await swapper(t);
    const owner = await swapper(t, 734591);
    const res = await fetchExchange(t, viewer.member);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', message: '', extra: '', actions_today: 0 });
    expect(res.body.daily_max).toBeGreaterThan(0);
    expect(res.body.listings).toHaveLength(1);
    expect(res.body.listings[0]).toMatchObject({
      id: owner.listing.id,
      type: 'imdb-view',
      platform: 'imdb',
      user_id: owner.member.id,
      points: 0,
      bonus: 0,
      sponsored: false,
      pro_view: false,
      question: 'How many Actor credits does this page list?',
      expires_in: 180,
      viewed_you: false,
    });
    expect(res.body.listings[0]?.open_url).toContain('/sim/imdb/');
    // D5.2: the expected answer never leaves the server.
    expect(res.response.body).not.toContain('734591');
    const made = await t.db.select().from(offers).where(eq(offers.earnerId, viewer.member.id));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ exchange: true, points: 0, cost: 0, bonus: 0, sponsored: false });
  });

  it("leaves out the owner's points, give, rate limit and pending point change", async () => {
    const viewer = await swapper(t);
    const owner = await member(t);
    const listing = await imdbListing(t, owner.id, 12, { give: 0, rlSelection: 20, changingTo: 5 });
    await t.db.update(listings).set({ actedOn: pacificDay(t.clock.now()), actedCount: 20 });
    await t.call(exchange.updateAllowed, { allowed: 1 }, owner.token);
    expect(await listedIds(viewer.member)).toEqual([listing.id]);
  });

  it('answers error with no_listing, then not_opted_in, for a member who cannot swap yet', async () => {
    await swapper(t);
    const m = await member(t);
    const none = await fetchExchange(t, m);
    expect(none.statusCode).toBe(200);
    expect(none.body).toMatchObject({
      status: 'error',
      extra: 'no_listing',
      message: IMDB_EXCHANGE_MESSAGES.noListing,
      listings: [],
    });
    await imdbListing(t, m.id);
    const unlisted = await fetchExchange(t, m);
    expect(unlisted.body).toMatchObject({ status: 'error', extra: 'not_opted_in', listings: [] });
    expect(await t.db.select().from(offers).where(eq(offers.earnerId, m.id))).toEqual([]);
  });

  it('answers nolistings with the spec text when nobody else is listed', async () => {
    const viewer = await swapper(t);
    const res = await fetchExchange(t, viewer.member);
    expect(res.body).toMatchObject({
      status: 'nolistings',
      message: exchange.EXCHANGE_MESSAGES.noListings,
      listings: [],
    });
  });

  it('answers done once the daily actions are used up, with earning’s text (EX12)', async () => {
    const viewer = await swapper(t);
    await swapper(t);
    const box = await t.call(points.updatePointBalance, {}, viewer.member.token);
    await t.db
      .insert(dailyActions)
      .values({ userId: viewer.member.id, day: pacificDay(t.clock.now()), actions: box.body.max });
    const res = await fetchExchange(t, viewer.member);
    expect(res.body).toMatchObject({
      status: 'done',
      listings: [],
      actions_today: box.body.max,
      message: `You have used all ${box.body.max} of your Daily Actions for today. They start again at midnight Pacific time.`,
    });
  });

  it('leaves out unlisted pages, the caller’s own, inactive listings and owners, and free owners (EX1)', async () => {
    const viewer = await swapper(t);
    await imdbListing(t, viewer.member.id);
    const unlisted = await member(t);
    await imdbListing(t, unlisted.id);
    await t.call(exchange.updateAllowed, { allowed: 1 }, unlisted.token);
    await t.call(exchange.updateAllowed, { allowed: 2 }, unlisted.token);
    const paused = await swapper(t);
    await t.db.update(listings).set({ status: 'paused' }).where(eq(listings.id, paused.listing.id));
    const gone = await swapper(t);
    await setStatus(t.db, gone.member.id, 'deactivated');
    const lapsed = await swapper(t);
    await t.db
      .update(users)
      .set({ premiumExpires: new Date(t.clock.now().getTime() - SECOND) })
      .where(eq(users.id, lapsed.member.id));
    const managed = await swapper(t, 12, { membership: 'managed' });
    const pro = await swapper(t, 12, { membership: 'pro' });
    const ids = await listedIds(viewer.member);
    expect(ids.sort()).toEqual([managed.listing.id, pro.listing.id].sort());
  });

  it('leaves out members blocked either way (D4.1)', async () => {
    const viewer = await swapper(t);
    const blocked = await swapper(t);
    const blocker = await swapper(t);
    const other = await swapper(t);
    const at = t.clock.now();
    await t.db.insert(blocks).values([
      { blockerId: viewer.member.id, blockedId: blocked.member.id, createdAt: at },
      { blockerId: blocker.member.id, blockedId: viewer.member.id, createdAt: at },
    ]);
    expect(await listedIds(viewer.member)).toEqual([other.listing.id]);
  });

  it('leaves out a listing hidden in this login only (D4.6)', async () => {
    const viewer = await swapper(t);
    const hidden = await swapper(t);
    const shown = await swapper(t);
    await fetchExchange(t, viewer.member);
    const hide = await t.call(earn.hideListing, { id: hidden.listing.id }, viewer.member.token);
    expect(hide.body.status).toBe('success');
    expect(await listedIds(viewer.member)).toEqual([shown.listing.id]);
    // Another login of the same member sees it again.
    const token = newToken();
    const at = t.clock.now();
    await t.db
      .insert(sessions)
      .values({ tokenHash: hashToken(token), userId: viewer.member.id, createdAt: at, lastUsedAt: at });
    const fresh = await t.call(exchange.fetchListings, {}, token);
    expect(fresh.body.listings.map((l) => l.id).sort()).toEqual([hidden.listing.id, shown.listing.id].sort());
  });

  it('leaves out a page the caller viewed today in any way, until the next Pacific day (D4.4)', async () => {
    const viewer = await swapper(t);
    const earned = await swapper(t, 12, { points: 100 });
    const swapped = await swapper(t);
    // Viewed through earning: an earning offer and answer.
    await t.call(
      earn.fetchListings,
      { listingType: 'user', user_id: earned.member.id, maxItems: 10 },
      viewer.member.token,
    );
    await t.call(earn.startAction, { listing_id: earned.listing.id }, viewer.member.token);
    t.clock.advance(10 * SECOND);
    const paid = await t.call(
      earn.recordCorrectAnswer,
      { listing_id: earned.listing.id, answer: 12 },
      viewer.member.token,
    );
    expect(paid.body.status).toBe('success');
    expect(await listedIds(viewer.member)).toEqual([swapped.listing.id]);
    await view(t, viewer.member, swapped.listing.id);
    const after = await fetchExchange(t, viewer.member);
    expect(after.body.status).toBe('nolistings');
    t.clock.advance(DAY);
    expect((await listedIds(viewer.member)).sort()).toEqual([earned.listing.id, swapped.listing.id].sort());
  });

  it('puts first the members who viewed yours in the last 7 days and whom you have not viewed since', async () => {
    const viewer = await swapper(t);
    const [old, fan, repaid] = [await swapper(t), await swapper(t), await swapper(t)];
    // 8 days ago `old` viewed the viewer; 2 days ago `fan` and `repaid` did, and the viewer viewed `repaid` back.
    await view(t, old.member, viewer.listing.id);
    t.clock.advance(6 * DAY);
    await view(t, fan.member, viewer.listing.id);
    await view(t, repaid.member, viewer.listing.id);
    t.clock.advance(61 * SECOND);
    await view(t, viewer.member, repaid.listing.id);
    t.clock.advance(2 * DAY);
    for (let i = 0; i < 9; i++) await swapper(t);
    for (let round = 0; round < 5; round++) {
      const res = await fetchExchange(t, viewer.member);
      expect(res.body.listings).toHaveLength(10);
      expect(res.body.listings[0]).toMatchObject({ id: fan.listing.id, viewed_you: true });
      expect(res.body.listings.slice(1).every((l) => !l.viewed_you)).toBe(true);
    }
    // Viewing them back takes them off the top.
    await view(t, viewer.member, fan.listing.id);
    t.clock.advance(DAY);
    const res = await fetchExchange(t, viewer.member);
    expect(res.body.listings.some((l) => l.viewed_you)).toBe(false);
  });

  it('refuses free members (403) and unknown tokens (401)', async () => {
    await swapper(t);
    const free = await buildMember(t.db, t.clock);
    const refused = await fetchExchange(t, free);
    expect(refused.statusCode).toBe(403);
    expect(refused.body.message).toBe(exchange.NOT_FOR_FREE);
    expect(await t.db.select().from(offers).where(eq(offers.earnerId, free.id))).toEqual([]);
    const anonymous = await t.call(exchange.fetchListings, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body.extra).toBe('logged_out');
  });

  it("offers a member's opted-in page to every other member, each with their own offers", async () => {
    const owner = await swapper(t);
    const a = await swapper(t);
    const b = await swapper(t);
    for (const v of [a, b]) {
      const ids = await listedIds(v.member);
      expect(ids).toContain(owner.listing.id);
      expect(ids).not.toContain(v.listing.id);
    }
    const made = await t.db
      .select()
      .from(offers)
      .where(and(eq(offers.listingId, owner.listing.id), eq(offers.exchange, true)));
    expect(made.map((o) => o.earnerId).sort()).toEqual([a.member.id, b.member.id].sort());
  });

  it('holds the Start of the card, and the offer closes as an earning offer does (D5.1)', async () => {
    const viewer = await swapper(t);
    const owner = await swapper(t);
    await offerAndStart(t, viewer.member, owner.listing.id, 181);
    const late = await answerView(t, viewer.member, owner.listing.id, 12);
    expect(late.statusCode).toBe(409);
  });
});
