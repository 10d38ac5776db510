import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { earn, exchange } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember } from '../../../test/factories.js';
import { users } from '../members/members.tables.js';
import { listings } from '../listings/listings.tables.js';
import { actions } from '../earn/earn.tables.js';
import { ESTABLISHED_AFTER_ANSWERS } from '../earn/earn.policy.js';
import { SECOND, answerView, offerAndStart, swapper, unlistEveryone } from './imdb-exchange.test-support.js';

// Its own database on PostgreSQL too: the exchange lists every member who is listed.
const t = useTestApp({ ownDatabase: true });

beforeEach(async () => {
  await unlistEveryone(t);
  t.clock.advance(61 * SECOND);
});

const actionsOf = (earnerId: number) => t.db.select().from(actions).where(eq(actions.earnerId, earnerId));

describe('a view-for-view view is credited only to a viewer who is still on the exchange (EX1, EX11)', () => {
  it('refuses a view once the viewer takes their own page off the exchange after the list was fetched', async () => {
    const viewer = await swapper(t);
    const owner = await swapper(t);
    await offerAndStart(t, viewer.member, owner.listing.id);
    expect((await t.call(exchange.updateAllowed, { allowed: 2 }, viewer.member.token)).statusCode).toBe(200);
    const res = await answerView(t, viewer.member, owner.listing.id, 12);
    expect(res.statusCode).toBe(409);
    expect(res.body.message).toBe(exchange.EXCHANGE_MESSAGES.notOptedIn);
    expect(await actionsOf(viewer.member.id)).toHaveLength(0);
  });

  it('refuses a view once the viewer’s own IMDb listing is gone', async () => {
    const viewer = await swapper(t);
    const owner = await swapper(t);
    await offerAndStart(t, viewer.member, owner.listing.id);
    await t.db.update(listings).set({ status: 'deleted' }).where(eq(listings.id, viewer.listing.id));
    expect((await answerView(t, viewer.member, owner.listing.id, 12)).statusCode).toBe(409);
    expect(await actionsOf(viewer.member.id)).toHaveLength(0);
  });

  it('refuses a lapsed viewer through the crowd correction too (earnPoints/checkIncorrectAnswer)', async () => {
    const established = { imdbAnswers: ESTABLISHED_AFTER_ANSWERS };
    const owner = await swapper(t, 40, { points: 200 });
    for (let i = 0; i < 2; i++) {
      const m = await buildMember(t.db, t.clock, established);
      await t.call(
        earn.fetchListings,
        { listingType: 'user', user_id: owner.member.id, maxItems: 10 },
        m.token,
      );
      await t.call(earn.startAction, { listing_id: owner.listing.id }, m.token);
      t.clock.advance(10 * SECOND);
      await t.call(earn.recordCorrectAnswer, { listing_id: owner.listing.id, answer: 44 }, m.token);
      await t.call(earn.checkIncorrectAnswer, { listing_id: owner.listing.id, answer: 44 }, m.token);
    }
    const viewer = await swapper(t, 12, established);
    const actionsBefore = (await actionsOf(viewer.member.id)).length;
    await offerAndStart(t, viewer.member, owner.listing.id);
    // The card's wrong answer, while still paid; the membership then lapses before the check.
    expect((await answerView(t, viewer.member, owner.listing.id, 44)).body.status).toBe('incorrect');
    await t.db
      .update(users)
      .set({ premiumExpires: new Date(t.clock.now().getTime() - SECOND) })
      .where(eq(users.id, viewer.member.id));
    const res = await t.call(
      earn.checkIncorrectAnswer,
      { listing_id: owner.listing.id, answer: 44, category: 'actor' },
      viewer.member.token,
    );
    expect(res.statusCode).toBe(403);
    expect(res.body.message).toBe(exchange.NOT_FOR_FREE);
    expect(await actionsOf(viewer.member.id)).toHaveLength(actionsBefore);
  });
});

describe('an IMDb answer cannot be found by guessing (D5.2, D11.1)', () => {
  it('takes three wrong answers on one offer, then closes it to further tries', async () => {
    const viewer = await swapper(t);
    const owner = await swapper(t, 37);
    await offerAndStart(t, viewer.member, owner.listing.id);
    for (const guess of [0, 5, 10]) {
      const res = await answerView(t, viewer.member, owner.listing.id, guess);
      expect(res.body.status).toBe('incorrect');
    }
    // The fourth is refused, right or wrong: a right answer would give the number away.
    for (const guess of [20, 37]) {
      const res = await answerView(t, viewer.member, owner.listing.id, guess);
      expect(res.statusCode).toBe(409);
      expect(res.body.message).toBe(
        'That is too many tries for this listing. Please reload the list and read the page carefully.',
      );
    }
    // A new offer of the same listing does not bring new tries within the day.
    t.clock.advance(61 * SECOND);
    await offerAndStart(t, viewer.member, owner.listing.id);
    expect((await answerView(t, viewer.member, owner.listing.id, 37)).statusCode).toBe(409);
    expect(await actionsOf(viewer.member.id)).toHaveLength(0);
  });
});
