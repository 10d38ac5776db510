import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { earn, exchange, history, points } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember, type BuiltMember } from '../../../test/factories.js';
import { users } from '../members/members.tables.js';
import { listings } from '../listings/listings.tables.js';
import { actions, offers } from '../earn/earn.tables.js';
import { ESTABLISHED_AFTER_ANSWERS } from '../earn/earn.policy.js';
import { CHECKING_ANSWER } from '../earn/index.js';
import { weekStart } from './imdb-exchange.policy.js';
import {
  DAY,
  SECOND,
  answerView,
  fetchExchange,
  ledgerOf,
  member,
  offerAndStart,
  swapper,
  unlistEveryone,
  view,
} from './imdb-exchange.test-support.js';

// Its own database on PostgreSQL too: the exchange lists every member who is listed, so each test
// starts from nobody listed (unlistEveryone), which must not reach another file's members.
const t = useTestApp({ ownDatabase: true });

beforeEach(async () => {
  await unlistEveryone(t);
  // A minute between tests keeps every member under the speed limit (D11.1).
  t.clock.advance(61 * SECOND);
});

const NOT_OFFERED = 'This listing is no longer offered to you. Please reload the list.';
const actionsOf = (earnerId: number) => t.db.select().from(actions).where(eq(actions.earnerId, earnerId));
const listingRow = async (id: number) => (await t.db.select().from(listings).where(eq(listings.id, id)))[0];
const actionsToday = async (m: BuiltMember) =>
  (await t.call(points.updatePointBalance, {}, m.token)).body.actions;

describe('exchange/imdb/recordCorrectAnswer (EX11, EX12)', () => {
  it('credits a right answer with no points: one daily action, the ledger and the listing untouched', async () => {
    const viewer = await swapper(t, 12, { points: 40 });
    const owner = await swapper(t, 12, { points: 70 });
    await t.db
      .update(listings)
      .set({ sponsorBought: 5, sponsorUsed: 1 })
      .where(eq(listings.id, owner.listing.id));
    const listingBefore = await listingRow(owner.listing.id);
    const before = await ledgerOf(t, [viewer.member.id, owner.member.id]);
    await offerAndStart(t, viewer.member, owner.listing.id);
    const res = await answerView(t, viewer.member, owner.listing.id, '1,1');
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      status: 'success',
      message: 'Success! You got credited for that View.',
      actions_today: 1,
      daily_max: expect.any(Number),
    });
    expect(await ledgerOf(t, [viewer.member.id, owner.member.id])).toEqual(before);
    const listingAfter = await listingRow(owner.listing.id);
    expect(listingAfter).toMatchObject({
      actedOn: listingBefore?.actedOn,
      actedCount: listingBefore?.actedCount,
      sponsorUsed: 1,
    });
    const [action] = await actionsOf(viewer.member.id);
    expect(action).toMatchObject({
      ownerId: owner.member.id,
      listingId: owner.listing.id,
      exchange: true,
      points: 0,
      cost: 0,
      bonus: 0,
      sponsored: false,
      proView: false,
      status: 'credited',
    });
    expect(await actionsToday(viewer.member)).toBe(1);
    expect(await actionsToday(owner.member)).toBe(0);
  });

  it('answers a repeated call with the first result, crediting once (D3.2)', async () => {
    const viewer = await swapper(t);
    const owner = await swapper(t);
    await offerAndStart(t, viewer.member, owner.listing.id);
    const first = await answerView(t, viewer.member, owner.listing.id, 12);
    const again = await answerView(t, viewer.member, owner.listing.id, 12);
    expect(again.body).toEqual(first.body);
    expect(await actionsOf(viewer.member.id)).toHaveLength(1);
    expect(await actionsToday(viewer.member)).toBe(1);
  });

  it('refuses an answer before Start or within 5 s of it (D11.1)', async () => {
    const viewer = await swapper(t);
    const owner = await swapper(t);
    await fetchExchange(t, viewer.member);
    const noStart = await answerView(t, viewer.member, owner.listing.id, 12);
    expect(noStart.statusCode).toBe(400);
    expect(noStart.body.message).toBe(
      'Please press Start and complete the action before asking for the points.',
    );
    await t.call(earn.startAction, { listing_id: owner.listing.id }, viewer.member.token);
    t.clock.advance(3 * SECOND);
    const tooFast = await answerView(t, viewer.member, owner.listing.id, 12);
    expect(tooFast.statusCode).toBe(400);
    expect(tooFast.body.message).toContain('quicker than anyone can read the page');
    expect(await actionsOf(viewer.member.id)).toEqual([]);
    t.clock.advance(3 * SECOND);
    expect((await answerView(t, viewer.member, owner.listing.id, 12)).body.status).toBe('success');
  });

  it('refuses a second view of the listing the same Pacific day, however it is offered (D4.4)', async () => {
    const viewer = await swapper(t);
    const owner = await swapper(t, 12, { points: 100 });
    await view(t, viewer.member, owner.listing.id);
    // Neither list offers it again today.
    expect((await fetchExchange(t, viewer.member)).body.status).toBe('nolistings');
    const earning = await t.call(
      earn.fetchListings,
      { listingType: 'user', user_id: owner.member.id, maxItems: 10 },
      viewer.member.token,
    );
    expect(earning.body.status).toBe('nolistings');
    // An offer made anyway is refused by the credit itself.
    const now = t.clock.now();
    await t.db.insert(offers).values({
      earnerId: viewer.member.id,
      listingId: owner.listing.id,
      points: 0,
      cost: 0,
      exchange: true,
      offeredAt: now,
      startedAt: new Date(now.getTime() - 10 * SECOND),
      expiresAt: new Date(now.getTime() + 100 * SECOND),
    });
    const second = await answerView(t, viewer.member, owner.listing.id, 12);
    expect(second.statusCode).toBe(409);
    expect(second.body.message).toBe('You have already been credited for this listing.');
    expect(await actionsOf(viewer.member.id)).toHaveLength(1);
    expect(await actionsToday(viewer.member)).toBe(1);
  });

  it('answers incorrect to a wrong number, and the check that follows logs the miss (D5.3)', async () => {
    const viewer = await swapper(t);
    const owner = await swapper(t, 300);
    await offerAndStart(t, viewer.member, owner.listing.id);
    const wrong = await answerView(t, viewer.member, owner.listing.id, 250);
    expect(wrong.statusCode).toBe(200);
    expect(wrong.body).toEqual({ status: 'incorrect', message: CHECKING_ANSWER });
    expect(wrong.response.body).not.toContain('300');
    const checked = await t.call(
      earn.checkIncorrectAnswer,
      { listing_id: owner.listing.id, answer: 250, category: 'actor' },
      viewer.member.token,
    );
    expect(checked.body).toMatchObject({ status: 'other', points_earned: 0, recently_missed: 1 });
    expect(await actionsOf(viewer.member.id)).toEqual([]);
    // The wrong answer closed the offer (D5.3).
    expect((await answerView(t, viewer.member, owner.listing.id, 300)).statusCode).toBe(409);
  });

  it('credits a crowd-corrected answer through checkIncorrectAnswer, with 0 points (D5.3)', async () => {
    const established = { imdbAnswers: ESTABLISHED_AFTER_ANSWERS };
    const owner = await swapper(t, 40, { points: 200 });
    // Two established members read 44 on the page through earning.
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
      const missed = await t.call(
        earn.checkIncorrectAnswer,
        { listing_id: owner.listing.id, answer: 44 },
        m.token,
      );
      expect(missed.body.status).toBe('other');
    }
    const viewer = await swapper(t, 12, established);
    const before = await ledgerOf(t, [viewer.member.id, owner.member.id]);
    await offerAndStart(t, viewer.member, owner.listing.id);
    expect((await answerView(t, viewer.member, owner.listing.id, 44)).body.status).toBe('incorrect');
    // The spec's address of the check (spec 4 §7), with the card's category.
    const res = await t.app.inject({
      method: 'POST',
      url: '/v4/operations/earnPoints/checkIncorrectAnswer/',
      headers: { authorization: `Bearer ${viewer.member.token}` },
      payload: { listing_id: owner.listing.id, answer: '44', category: 'actor' },
    });
    expect(res.json()).toMatchObject({ status: 'updated', points_earned: 0 });
    const own = (await actionsOf(viewer.member.id)).filter((a) => a.listingId === owner.listing.id);
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ exchange: true, points: 0, cost: 0 });
    expect(await ledgerOf(t, [viewer.member.id, owner.member.id])).toEqual(before);
    expect(await actionsToday(viewer.member)).toBe(1);
  });

  it('credits each kind of offer only through its own call', async () => {
    const viewer = await swapper(t);
    const owner = await swapper(t, 12, { points: 100 });
    // An exchange offer answered through earning's call.
    await offerAndStart(t, viewer.member, owner.listing.id);
    const viaEarning = await t.call(
      earn.recordCorrectAnswer,
      { listing_id: owner.listing.id, answer: 12 },
      viewer.member.token,
    );
    expect(viaEarning.statusCode).toBe(409);
    expect(viaEarning.body.message).toBe(NOT_OFFERED);
    // An earning offer answered through the exchange's call.
    await t.call(
      earn.fetchListings,
      { listingType: 'user', user_id: owner.member.id, maxItems: 10 },
      viewer.member.token,
    );
    await t.call(earn.startAction, { listing_id: owner.listing.id }, viewer.member.token);
    t.clock.advance(10 * SECOND);
    const viaExchange = await answerView(t, viewer.member, owner.listing.id, 12);
    expect(viaExchange.statusCode).toBe(409);
    expect(viaExchange.body.message).toBe(NOT_OFFERED);
    expect(await actionsOf(viewer.member.id)).toEqual([]);
  });

  it("refuses another member's offer, a free member, an unknown token and bad input, changing nothing", async () => {
    const viewer = await swapper(t);
    const owner = await swapper(t);
    const stranger = (await swapper(t)).member;
    await offerAndStart(t, viewer.member, owner.listing.id);
    const notYours = await answerView(t, stranger, owner.listing.id, 12);
    expect(notYours.statusCode).toBe(409);
    expect(notYours.body.message).toBe(NOT_OFFERED);
    for (const [answer, message] of [
      ['abc', 'Please type the number you found, digits only.'],
      ['1234567890', 'That number is too long.'],
    ]) {
      const bad = await answerView(t, viewer.member, owner.listing.id, answer as string);
      expect(bad.statusCode).toBe(400);
      expect(bad.body.message).toBe(message);
    }
    const badId = await t.call(
      exchange.recordCorrectAnswer,
      { listing_id: 'x', answer: 12 },
      viewer.member.token,
    );
    expect(badId.statusCode).toBe(400);
    const anonymous = await t.call(exchange.recordCorrectAnswer, {
      listing_id: owner.listing.id,
      answer: 12,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body.extra).toBe('logged_out');
    // Paid time ran out between the list and the answer (EX1).
    await t.db
      .update(users)
      .set({ premiumExpires: new Date(t.clock.now().getTime() - SECOND) })
      .where(eq(users.id, viewer.member.id));
    const lapsed = await answerView(t, viewer.member, owner.listing.id, 12);
    expect(lapsed.statusCode).toBe(403);
    expect(lapsed.body.message).toBe(exchange.NOT_FOR_FREE);
    expect(await actionsOf(viewer.member.id)).toEqual([]);
    expect(await actionsOf(stranger.id)).toEqual([]);
  });

  it('slows down a 7th credit within a minute (D11.1)', async () => {
    const viewer = await swapper(t);
    const owners = [];
    for (let i = 0; i < 7; i++) owners.push(await swapper(t));
    const listed = await fetchExchange(t, viewer.member);
    expect(listed.body.listings).toHaveLength(7);
    for (const o of owners) await t.call(earn.startAction, { listing_id: o.listing.id }, viewer.member.token);
    t.clock.advance(6 * SECOND);
    const answers = [];
    for (const o of owners) answers.push(await answerView(t, viewer.member, o.listing.id, 12));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 429]);
    expect(await actionsToday(viewer.member)).toBe(6);
  });
});

describe('the view in both histories (EX12, spec 2 §3: ±99 reads V4V)', () => {
  it('swaps both ways between two premium members, each history showing +99 and -99', async () => {
    const a = await swapper(t);
    const b = await swapper(t);
    await t.db.update(users).set({ first: 'Jane', last: 'Doe' }).where(eq(users.id, a.member.id));
    await t.db.update(users).set({ first: 'Omar', last: 'Reyes' }).where(eq(users.id, b.member.id));
    const before = await ledgerOf(t, [a.member.id, b.member.id]);

    await view(t, a.member, b.listing.id);
    const listForB = await fetchExchange(t, b.member);
    expect(listForB.body.listings[0]).toMatchObject({ id: a.listing.id, viewed_you: true, first: 'Jane' });
    await t.call(earn.startAction, { listing_id: a.listing.id }, b.member.token);
    t.clock.advance(10 * SECOND);
    expect((await answerView(t, b.member, a.listing.id, 12)).body.status).toBe('success');
    expect(await ledgerOf(t, [a.member.id, b.member.id])).toEqual(before);

    const forA = await t.call(exchange.fetchHistory, {}, a.member.token);
    expect(forA.statusCode).toBe(200);
    expect(forA.body).toMatchObject({ status: 'success', completed: 1, received: 1, history_count: 2 });
    expect(forA.body.histories.map((h) => [h.amount, h.action])).toEqual([
      [-99, 'Omar Reyes viewed your IMDb page (View-For-View)'],
      [99, "View-For-View of Omar Reyes's IMDb page"],
    ]);
    expect(forA.body.histories[0]).toMatchObject({
      profile_id: b.member.id,
      link_pic: `/profile/${b.member.id}`,
      first_name: 'Omar',
      icon: 'imdb',
      listing_url: a.listing.url,
      verify: '',
      canVerify: false,
    });
    const forB = await t.call(exchange.fetchHistory, {}, b.member.token);
    expect(forB.body.histories.map((h) => [h.amount, h.action])).toEqual([
      [99, "View-For-View of Jane Doe's IMDb page"],
      [-99, 'Jane Doe viewed your IMDb page (View-For-View)'],
    ]);

    // The History page and Recent History show the same rows.
    const recent = await t.call(history.fetchRecentHistoryList, {}, a.member.token);
    expect(recent.body.histories.map((h) => h.amount)).toEqual([-99, 99]);
    const page = await t.call(history.fetchHistoryList, { filter: 'all', page: 1 }, b.member.token);
    expect(page.body.histories.map((h) => h.amount)).toEqual([99, -99]);
    const mine = await t.call(history.fetchHistoryList, { filter: 'mine', page: 1 }, b.member.token);
    expect(mine.body.histories.map((h) => h.action)).toEqual(["View-For-View of Jane Doe's IMDb page"]);
  });

  it("counts this Pacific week only, and shows a member's own views only", async () => {
    const a = await swapper(t);
    const b = await swapper(t);
    const c = await member(t);
    // Late on Sunday, then into Monday (D1.2).
    const nextMonday = weekStart(new Date(t.clock.now().getTime() + 7 * DAY));
    t.clock.set(new Date(nextMonday.getTime() - 5 * 60 * SECOND));
    await view(t, a.member, b.listing.id);
    const sunday = await t.call(exchange.fetchHistory, {}, a.member.token);
    expect(sunday.body).toMatchObject({ completed: 1, received: 0, history_count: 1 });
    t.clock.set(new Date(nextMonday.getTime() + 60 * SECOND));
    const monday = await t.call(exchange.fetchHistory, {}, a.member.token);
    expect(monday.body).toEqual({
      status: 'success',
      histories: [],
      history_count: 0,
      completed: 0,
      received: 0,
    });
    const mondayForB = await t.call(exchange.fetchHistory, {}, b.member.token);
    expect(mondayForB.body).toMatchObject({ completed: 0, received: 0, history_count: 0 });
    await view(t, a.member, b.listing.id);
    const forB = await t.call(exchange.fetchHistory, {}, b.member.token);
    expect(forB.body).toMatchObject({ completed: 0, received: 1, history_count: 1 });
    const forC = await t.call(exchange.fetchHistory, {}, c.token);
    expect(forC.body).toMatchObject({ completed: 0, received: 0, history_count: 0, histories: [] });
  });

  it('keeps the last 10 views either way', async () => {
    const viewer = await swapper(t);
    const owners = [];
    for (let i = 0; i < 8; i++) owners.push(await swapper(t));
    for (const o of owners) {
      await view(t, viewer.member, o.listing.id);
      await view(t, o.member, viewer.listing.id);
      t.clock.advance(61 * SECOND);
    }
    const res = await t.call(exchange.fetchHistory, {}, viewer.member.token);
    expect(res.body).toMatchObject({ completed: 8, received: 8, history_count: 10 });
    expect(res.body.histories).toHaveLength(10);
  });

  it('refuses free members and unknown tokens', async () => {
    const free = await buildMember(t.db, t.clock);
    const refused = await t.call(exchange.fetchHistory, {}, free.token);
    expect(refused.statusCode).toBe(403);
    const anonymous = await t.call(exchange.fetchHistory, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body.extra).toBe('logged_out');
  });

  it('leaves earning actions out of the exchange history', async () => {
    const viewer = await swapper(t);
    const owner = await swapper(t, 12, { points: 100 });
    await t.call(
      earn.fetchListings,
      { listingType: 'user', user_id: owner.member.id, maxItems: 10 },
      viewer.member.token,
    );
    await t.call(earn.startAction, { listing_id: owner.listing.id }, viewer.member.token);
    t.clock.advance(10 * SECOND);
    await t.call(earn.recordCorrectAnswer, { listing_id: owner.listing.id, answer: 12 }, viewer.member.token);
    const res = await t.call(exchange.fetchHistory, {}, viewer.member.token);
    expect(res.body).toMatchObject({ completed: 0, received: 0, history_count: 0 });
  });
});
