import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { earn, history, linkedAccounts, login as loginCalls } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import {
  buildListing,
  buildMember,
  linkAccount,
  setImdbFact,
  simulateClick,
  type BuiltMember,
} from '../../../test/factories.js';
import { simClicks, simProfiles } from '../../simulated/simulated.tables.js';
import { actions } from '../earn/earn.tables.js';

const t = useTestApp();

/** `earner` credits one IMDb view on a new listing of `owner`'s. */
async function creditView(earner: BuiltMember, owner: BuiltMember, name = 'Casting reel') {
  const listing = await buildListing(t.db, t.clock, owner.id, { name });
  await setImdbFact(t.db, t.clock, listing.externalId, 'credits:actor', 7);
  await t.call(earn.fetchListings, { listingType: 'user', user_id: owner.id, maxItems: 10 }, earner.token);
  await t.call(earn.startAction, { listing_id: listing.id }, earner.token);
  t.clock.advance(10_000);
  const res = await t.call(earn.recordCorrectAnswer, { listing_id: listing.id, answer: 7 }, earner.token);
  expect(res.body.status).toBe('success');
  return listing;
}

describe('history (spec 2 §2, §7)', () => {
  it('shows a credit on both sides: + for the earner, - for the owner', async () => {
    const earner = await buildMember(t.db, t.clock);
    const owner = await buildMember(t.db, t.clock, { points: 200 });
    const listing = await creditView(earner, owner);
    const mine = await t.call(history.fetchRecentHistoryList, {}, earner.token);
    expect(mine.body.history_count).toBe(1);
    expect(mine.body.histories[0]).toMatchObject({
      amount: 18,
      profile_id: owner.id,
      icon: 'imdb',
      listing_name: listing.name,
      action: `You viewed Test ${owner.username.replace('member_', 'Member ')}'s IMDb page`,
      ago: 'just now',
    });
    const theirs = await t.call(history.fetchRecentHistoryList, {}, owner.token);
    expect(theirs.body.histories[0]).toMatchObject({ amount: -18, profile_id: earner.id });
    expect(theirs.body.histories[0]?.action).toMatch(/viewed your IMDb page$/);
  });

  it('filters mine, theirs and one listing of mine, with titles and pages of 25', async () => {
    const member = await buildMember(t.db, t.clock, { points: 1000, membership: 'premium' });
    const other = await buildMember(t.db, t.clock, { points: 1000, membership: 'premium' });
    const myListing = await creditView(other, member, 'My page');
    await creditView(member, other, 'Their page');
    const call = (filter: string, page = 1) =>
      t.call(history.fetchHistoryList, { filter, page }, member.token);
    expect((await call('all')).body).toMatchObject({
      history_count: 2,
      pageCount: 1,
      historyTitle: 'Your History',
    });
    const mine = await call('mine');
    expect(mine.body.historyTitle).toBe("Your Actions on Others' Listings");
    expect(mine.body.histories.map((h) => h.listing_name)).toEqual(['Their page']);
    const theirs = await call('theirs');
    expect(theirs.body.historyTitle).toBe("Others' Actions on Your Listings");
    expect(theirs.body.histories.map((h) => h.listing_name)).toEqual(['My page']);
    const one = await call(String(myListing.id));
    expect(one.body).toMatchObject({ historyTitle: 'History of "My page"', history_count: 1 });
    // Another member's listing is not theirs to see.
    const notMine = await t.call(history.fetchHistoryList, { filter: String(myListing.id) }, other.token);
    expect(notMine.statusCode).toBe(404);
    expect((await call('all', 2)).body.histories).toEqual([]);
  });

  it('keeps six months of history', async () => {
    const earner = await buildMember(t.db, t.clock);
    const owner = await buildMember(t.db, t.clock, { points: 200 });
    await creditView(earner, owner);
    t.clock.advance(184 * 24 * 3600 * 1000);
    // Sessions end after 30 idle days (D2.6): sign in again.
    const login = await t.call(loginCalls.checkCredentials, {
      username: earner.username,
      password: earner.password,
    });
    const res = await t.call(history.fetchHistoryList, { filter: 'all', page: 1 }, login.body.token);
    expect(res.body).toMatchObject({ history_count: 0, histories: [], pageCount: 1 });
  });

  it('verifies a follow again for its owner, and sends an unfollow back to the missing actions', async () => {
    const earner = await buildMember(t.db, t.clock);
    const owner = await buildMember(t.db, t.clock, { points: 200 });
    const handle = `fan${earner.id}`;
    await linkAccount(t.db, t.clock, earner.id, 'twitter', handle);
    const listing = await buildListing(t.db, t.clock, owner.id, { type: 'twitter-follow', give: 10 });
    await t.db
      .insert(simProfiles)
      .values({ platform: 'twitter', handle: listing.externalId, displayName: 'X' });
    await simulateClick(t.db, t.clock, 'twitter', handle, listing.externalId);
    await t.call(earn.fetchListings, { listingType: 'user', user_id: owner.id, maxItems: 10 }, earner.token);
    await t.call(earn.startAction, { listing_id: listing.id }, earner.token);
    t.clock.advance(5000);
    await t.call(earn.confirmAction['twitter-follow'], { listing_id: listing.id }, earner.token);
    const [row] = await t.db.select().from(actions).where(eq(actions.earnerId, earner.id));
    const id = row?.id as number;
    expect((await t.call(history.fetchRecentHistoryList, {}, owner.token)).body.histories[0]).toMatchObject({
      verify: 'yes',
      canVerify: true,
    });
    const still = await t.call(history.verify.twitter, { history_id: id }, owner.token);
    expect(still.body.status).toBe('verified');
    await t.db.update(simClicks).set({ active: false }).where(eq(simClicks.actor, handle));
    const gone = await t.call(history.verify.twitter, { history_id: id }, owner.token);
    expect(gone.body.status).toBe('unverified');
    const [after] = await t.db.select().from(actions).where(eq(actions.id, id));
    expect(after?.status).toBe('missing');
    const stranger = await buildMember(t.db, t.clock);
    expect((await t.call(history.verify.twitter, { history_id: id }, stranger.token)).statusCode).toBe(404);
    expect((await t.call(history.verify.facebook, { history_id: id }, owner.token)).statusCode).toBe(404);
  });

  it('shows a reversed follow as Reversed with no points on either side, and nothing to verify (docs/domain.md History)', async () => {
    const earner = await buildMember(t.db, t.clock);
    const owner = await buildMember(t.db, t.clock, { points: 200 });
    await linkAccount(t.db, t.clock, earner.id, 'twitter', `fan${earner.id}`);
    const listing = await buildListing(t.db, t.clock, owner.id, { type: 'twitter-follow', give: 25 });
    await t.db
      .insert(simProfiles)
      .values({ platform: 'twitter', handle: listing.externalId, displayName: 'X' });
    // No click on the simulated site: the follow was never made.
    await t.call(earn.fetchListings, { listingType: 'user', user_id: owner.id, maxItems: 10 }, earner.token);
    await t.call(earn.startAction, { listing_id: listing.id }, earner.token);
    t.clock.advance(5000);
    const confirmed = await t.call(
      earn.confirmAction['twitter-follow'],
      { listing_id: listing.id },
      earner.token,
    );
    expect(confirmed.body.extra).toBe('action_missing');
    const [row] = await t.db.select().from(actions).where(eq(actions.earnerId, earner.id));
    const id = row?.id as number;
    const held = (await t.call(history.fetchRecentHistoryList, {}, earner.token)).body.histories[0];
    expect(held).toMatchObject({ amount: 25, verify: 'no', canVerify: true });

    const reversed = await t.call(linkedAccounts.reverse, { history_id: id }, earner.token);
    expect(reversed.statusCode).toBe(200);
    for (const member of [earner, owner]) {
      const [item] = (await t.call(history.fetchHistoryList, { filter: 'all', page: 1 }, member.token)).body
        .histories;
      expect(item).toMatchObject({ id, amount: 0, verify: 'Reversed', canVerify: false });
    }
    expect((await t.call(history.verify.twitter, { history_id: id }, owner.token)).statusCode).toBe(409);
  });

  it('refuses bad filters and pages, and signed-out callers', async () => {
    const member = await buildMember(t.db, t.clock);
    const bad = await t.call(history.fetchHistoryList, { filter: 'everything', page: 1 }, member.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.body.message).toBe('Please choose which history to show.');
    const page0 = await t.call(history.fetchHistoryList, { filter: 'all', page: 0 }, member.token);
    expect(page0.body.message).toBe('Pages start at 1.');
    expect((await t.call(history.fetchRecentHistoryList, {})).statusCode).toBe(401);
  });
});
