import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { earn, points } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import type { BuiltMember } from '../../../test/factories.js';
import { actions } from '../earn/earn.tables.js';
import {
  SECOND,
  answerView,
  fetchExchange,
  imdbListing,
  ledgerOf,
  member,
  offerAndStart,
  swapper,
  unlistEveryone,
} from './imdb-exchange.test-support.js';

/**
 * Exchange views credited at once (EX11, EX12, D3.2): on PostgreSQL (TEST_DB=postgres) the calls run
 * on the pool's connections at the same moment, each waiting for the earner's row lock; on PGlite
 * they queue on its one connection. Either way one offer is credited once, today's actions go up
 * once per view, and two members viewing each other's pages at once never deadlock.
 */
const t = useTestApp({ ownDatabase: true });

beforeEach(async () => {
  await unlistEveryone(t);
  t.clock.advance(61 * SECOND);
});

const actionsOf = (earnerId: number) => t.db.select().from(actions).where(eq(actions.earnerId, earnerId));
const actionsToday = async (m: BuiltMember) =>
  (await t.call(points.updatePointBalance, {}, m.token)).body.actions;

describe('exchange views credited at the same moment', () => {
  it('credits one offer once when 5 answers arrive together: one action, one daily action', async () => {
    for (let round = 0; round < 3; round++) {
      const viewer = await swapper(t);
      const owner = await swapper(t);
      const before = await ledgerOf(t, [viewer.member.id, owner.member.id]);
      await offerAndStart(t, viewer.member, owner.listing.id);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => answerView(t, viewer.member, owner.listing.id, 12)),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(answers.every((a) => a.body.status === 'success')).toBe(true);
      expect(await actionsOf(viewer.member.id)).toHaveLength(1);
      expect(await actionsToday(viewer.member)).toBe(1);
      expect(await ledgerOf(t, [viewer.member.id, owner.member.id])).toEqual(before);
      await unlistEveryone(t);
    }
  });

  it("credits two members viewing each other's pages at once, without a deadlock", async () => {
    for (let round = 0; round < 5; round++) {
      const a = await swapper(t);
      const b = await swapper(t);
      await fetchExchange(t, a.member);
      await fetchExchange(t, b.member);
      await t.call(earn.startAction, { listing_id: b.listing.id }, a.member.token);
      await t.call(earn.startAction, { listing_id: a.listing.id }, b.member.token);
      t.clock.advance(10 * SECOND);
      const answers = await Promise.all([
        answerView(t, a.member, b.listing.id, 12),
        answerView(t, b.member, a.listing.id, 12),
        answerView(t, a.member, b.listing.id, 12),
        answerView(t, b.member, a.listing.id, 12),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      expect(await actionsOf(a.member.id)).toHaveLength(1);
      expect(await actionsOf(b.member.id)).toHaveLength(1);
      expect(await actionsToday(a.member)).toBe(1);
      expect(await actionsToday(b.member)).toBe(1);
      await unlistEveryone(t);
    }
  });

  it('credits an exchange view and an earning credit of the same member at once, each once', async () => {
    const viewer = await swapper(t);
    const swapped = await swapper(t);
    // A page not on the exchange, viewed for points.
    const owner = await member(t, { points: 100 });
    const paying = await imdbListing(t, owner.id);
    await t.call(
      earn.fetchListings,
      { listingType: 'user', user_id: owner.id, maxItems: 10 },
      viewer.member.token,
    );
    await t.call(earn.startAction, { listing_id: paying.id }, viewer.member.token);
    await offerAndStart(t, viewer.member, swapped.listing.id);
    const [viaExchange, viaEarning] = await Promise.all([
      answerView(t, viewer.member, swapped.listing.id, 12),
      t.call(earn.recordCorrectAnswer, { listing_id: paying.id, answer: 12 }, viewer.member.token),
    ]);
    expect([viaExchange.statusCode, viaEarning.statusCode]).toEqual([200, 200]);
    expect(await actionsOf(viewer.member.id)).toHaveLength(2);
    expect(await actionsToday(viewer.member)).toBe(2);
  });
});
