import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { earn, points } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildListing, buildMember, setImdbFact, type BuiltMember } from '../../../test/factories.js';
import { users } from '../members/members.tables.js';
import { listings } from '../listings/listings.tables.js';
import { ledgerEntries } from '../points/points.tables.js';
import { checkLedger, houseTill } from '../points/index.js';
import { actions } from './earn.tables.js';

/**
 * Two members crediting actions on each other's listings at the same moment (D3.2, D6.4, D11.4).
 * A sponsored credit locks only its earner's row, yet writing its action takes a key-share lock on
 * the listing owner's row through the foreign key; the earner's own lock must not conflict with
 * that, or A crediting on B's listing while B credits on A's waits in a circle. On PostgreSQL
 * (TEST_DB=postgres) both calls run on the pool's connections at once; on PGlite they queue on its
 * one connection. Either way both are credited once, each paid as its offer said, and the ledger
 * holds.
 */
const t = useTestApp({ ownDatabase: true });
const SECOND = 1000;
const ANSWER = 30;
const SPONSORED_GIVE = 12;
const PAID_GIVE = 18;

const balance = async (id: number) =>
  (await t.db.select({ points: users.points }).from(users).where(eq(users.id, id)))[0]?.points;

/** An IMDb person listing of the owner's whose page lists ANSWER actor credits (D5.2). */
async function imdbListing(ownerId: number, sponsored: boolean) {
  const listing = await buildListing(
    t.db,
    t.clock,
    ownerId,
    sponsored ? { sponsorBought: 5, give: SPONSORED_GIVE } : { give: PAID_GIVE },
  );
  await setImdbFact(t.db, t.clock, listing.externalId, 'credits:actor', ANSWER);
  return listing;
}

/** The owner's listings fetched, so the earner holds an offer of it (sponsored as asked), and Start pressed. */
async function offerAndStart(earner: BuiltMember, ownerId: number, listingId: number, sponsored: boolean) {
  const fetched = await t.call(
    earn.fetchListings,
    { listingType: 'user', user_id: ownerId, maxItems: 10 },
    earner.token,
  );
  expect(fetched.body.status, fetched.body.message).toBe('success');
  expect(fetched.body.listings.find((l) => l.id === listingId)).toMatchObject({ sponsored });
  const started = await t.call(earn.startAction, { listing_id: listingId }, earner.token);
  expect(started.body.status, started.body.message).toBe('success');
}

const answer = (earner: BuiltMember, listingId: number) =>
  t.call(earn.recordCorrectAnswer, { listing_id: listingId, answer: ANSWER }, earner.token);

const actionsOf = (earnerId: number) => t.db.select().from(actions).where(eq(actions.earnerId, earnerId));

const sponsorUsed = async (listingId: number) =>
  (await t.db.select({ used: listings.sponsorUsed }).from(listings).where(eq(listings.id, listingId)))[0]
    ?.used;

const ledgerKinds = async (accountId: number) =>
  (
    await t.db
      .select({ kind: ledgerEntries.kind, delta: ledgerEntries.delta })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.accountId, accountId))
  )
    .filter((r) => r.kind !== 'admin_adjust')
    .map((r) => `${r.kind} ${r.delta}`)
    .sort();

/** The tills' balances, to see each sponsored credit paid from its earner's till once (D6.4). */
async function tillsOf(earners: BuiltMember[]) {
  const tills = [...new Set(earners.map((e) => houseTill(e.id)))];
  return new Map(await Promise.all(tills.map(async (id) => [id, (await balance(id)) ?? 0] as const)));
}

describe("two members crediting on each other's listings at the same moment", () => {
  it('credits both sponsored actions once, without a deadlock, five rounds (D3.2, D6.4, D11.4)', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await buildMember(t.db, t.clock);
      const b = await buildMember(t.db, t.clock);
      const listingOfA = await imdbListing(a.id, true);
      const listingOfB = await imdbListing(b.id, true);
      await offerAndStart(a, b.id, listingOfB.id, true);
      await offerAndStart(b, a.id, listingOfA.id, true);
      t.clock.advance(10 * SECOND);
      const tillsBefore = await tillsOf([a, b]);

      const [fromA, fromB] = await Promise.all([answer(a, listingOfB.id), answer(b, listingOfA.id)]);

      expect([fromA.statusCode, fromB.statusCode], `round ${round}: ${fromA.body.message ?? ''}`).toEqual([
        200, 200,
      ]);
      for (const res of [fromA, fromB]) {
        expect(res.body).toMatchObject({
          status: 'success',
          points_earned: SPONSORED_GIVE,
          limit_raised: 'yes',
        });
      }
      for (const [earner, owner, listing] of [
        [a, b, listingOfB],
        [b, a, listingOfA],
      ] as const) {
        const rows = await actionsOf(earner.id);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({
          ownerId: owner.id,
          listingId: listing.id,
          sponsored: true,
          points: SPONSORED_GIVE,
          status: 'credited',
        });
        expect(await balance(earner.id)).toBe(SPONSORED_GIVE);
        expect(await sponsorUsed(listing.id)).toBe(1);
        expect(await ledgerKinds(earner.id)).toEqual([`sponsored ${SPONSORED_GIVE}`]);
        expect((await t.call(points.updatePointBalance, {}, earner.token)).body.actions).toBe(1);
      }
      // Each earner's till paid their action once (both may share one till).
      const expected = new Map(tillsBefore);
      for (const e of [a, b])
        expected.set(houseTill(e.id), (expected.get(houseTill(e.id)) ?? 0) - SPONSORED_GIVE);
      expect(await tillsOf([a, b])).toEqual(expected);
    }
    expect((await checkLedger(t.db)).problems).toEqual([]);
  });

  it("credits a paid action racing a sponsored one on each other's listings, each once (D3.2, D6.4)", async () => {
    for (let round = 0; round < 3; round++) {
      // The paid credit locks both members in id order, the lower first: its earner is made first,
      // so it holds its own row while waiting for the other's, whose sponsored action points at it.
      const payer = await buildMember(t.db, t.clock);
      const owner = await buildMember(t.db, t.clock, { points: 100 });
      expect(payer.id).toBeLessThan(owner.id);
      const sponsoredOfPayer = await imdbListing(payer.id, true);
      const paidOfOwner = await imdbListing(owner.id, false);
      await offerAndStart(payer, owner.id, paidOfOwner.id, false);
      await offerAndStart(owner, payer.id, sponsoredOfPayer.id, true);
      t.clock.advance(10 * SECOND);
      const tillsBefore = await tillsOf([owner]);

      const [paid, sponsored] = await Promise.all([
        answer(payer, paidOfOwner.id),
        answer(owner, sponsoredOfPayer.id),
      ]);

      expect([paid.statusCode, sponsored.statusCode], `round ${round}: ${paid.body.message ?? ''}`).toEqual([
        200, 200,
      ]);
      expect(paid.body).toMatchObject({ status: 'success', points_earned: PAID_GIVE });
      expect(sponsored.body).toMatchObject({ status: 'success', points_earned: SPONSORED_GIVE });
      const [paidAction] = await actionsOf(payer.id);
      const [sponsoredAction] = await actionsOf(owner.id);
      expect(await actionsOf(payer.id)).toHaveLength(1);
      expect(await actionsOf(owner.id)).toHaveLength(1);
      expect(paidAction).toMatchObject({ ownerId: owner.id, sponsored: false, points: PAID_GIVE });
      expect(sponsoredAction).toMatchObject({ ownerId: payer.id, sponsored: true, points: SPONSORED_GIVE });
      expect(await balance(payer.id)).toBe(PAID_GIVE);
      expect(await balance(owner.id)).toBe(100 - PAID_GIVE + SPONSORED_GIVE);
      expect(await ledgerKinds(payer.id)).toEqual([`earn ${PAID_GIVE}`]);
      expect(await ledgerKinds(owner.id)).toEqual([`earn -${PAID_GIVE}`, `sponsored ${SPONSORED_GIVE}`]);
      expect(await sponsorUsed(sponsoredOfPayer.id)).toBe(1);
      expect(await sponsorUsed(paidOfOwner.id)).toBe(0);
      const till = houseTill(owner.id);
      expect(await balance(till)).toBe((tillsBefore.get(till) ?? 0) - SPONSORED_GIVE);
    }
    expect((await checkLedger(t.db)).problems).toEqual([]);
  });
});
