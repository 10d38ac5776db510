import { describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { and, eq, sql } from 'drizzle-orm';
import { earn, points } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildListing, buildMember, setImdbFact, type BuiltMember } from '../../../test/factories.js';
import { users } from '../members/members.tables.js';
import { listings } from '../listings/listings.tables.js';
import { alerts } from '../alerts/alerts.tables.js';
import { ledgerEntries } from '../points/points.tables.js';
import { actions, imdbFacts } from './earn.tables.js';
import { ESTABLISHED_AFTER_ANSWERS } from './earn.policy.js';
import { HOUSE_ID, movePoints } from '../points/ledger.js';

const t = useTestApp();
const original = pg.Client.prototype.query;
const SECOND = 1000;

const balance = async (id: number) =>
  (await t.db.select({ points: users.points }).from(users).where(eq(users.id, id)))[0]?.points;

/** An IMDb person listing whose page lists `credits` actor credits. */
async function imdbListing(ownerId: number, credits = 12, opts: Parameters<typeof buildListing>[3] = {}) {
  const listing = await buildListing(t.db, t.clock, ownerId, opts);
  await setImdbFact(t.db, t.clock, listing.externalId, 'credits:actor', credits);
  return listing;
}

/** Fetch the owner's listings, then press Start on one and wait `seconds` on the app's clock. */
async function offerAndStart(earner: BuiltMember, ownerId: number, listingId: number, seconds = 10) {
  const fetched = await t.call(
    earn.fetchListings,
    { listingType: 'user', user_id: ownerId, maxItems: 10 },
    earner.token,
  );
  expect(fetched.body.listings.map((l) => l.id)).toContain(listingId);
  const started = await t.call(earn.startAction, { listing_id: listingId }, earner.token);
  expect(started.body.status).toBe('success');
  t.clock.advance(seconds * SECOND);
  return fetched.body;
}

describe('recordCorrectAnswer (D5.2, D5.7, D11.1)', () => {
  it('credits a correct answer: the owner pays, the earner gains, one action, a balanced ledger', async () => {
    const earner = await buildMember(t.db, t.clock);
    const owner = await buildMember(t.db, t.clock, { points: 500 });
    const listing = await imdbListing(owner.id, 12);
    await offerAndStart(earner, owner.id, listing.id);
    const res = await t.call(
      earn.recordCorrectAnswer,
      { listing_id: listing.id, answer: '12' },
      earner.token,
    );
    expect(res.body).toEqual({
      status: 'success',
      points_earned: 18,
      limit_raised: 'no',
      update_listing: 'no',
      message: 'Success! You got credited for that View.',
    });
    expect(await balance(earner.id)).toBe(18);
    expect(await balance(owner.id)).toBe(482);
    const box = await t.call(points.updatePointBalance, {}, earner.token);
    expect(box.body).toMatchObject({ points: 18, actions: 1 });
    const rows = await t.db.select().from(actions).where(eq(actions.earnerId, earner.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ownerId: owner.id, points: 18, cost: 18, status: 'credited' });
  });

  it('accepts answers within 2, with commas and spaces stripped, and refuses others as incorrect', async () => {
    const earner = await buildMember(t.db, t.clock);
    const owner = await buildMember(t.db, t.clock, { points: 500 });
    const listing = await imdbListing(owner.id, 1200);
    await offerAndStart(earner, owner.id, listing.id);
    const wrong = await t.call(
      earn.recordCorrectAnswer,
      { listing_id: listing.id, answer: '1,197' },
      earner.token,
    );
    expect(wrong.body).toMatchObject({ status: 'incorrect', points_earned: 0, pro_view: false });
    const right = await t.call(
      earn.recordCorrectAnswer,
      { listing_id: listing.id, answer: '1,198' },
      earner.token,
    );
    expect(right.body.status).toBe('success');
  });

  it('never sends the answer to the browser (D5.2)', async () => {
    const earner = await buildMember(t.db, t.clock);
    const owner = await buildMember(t.db, t.clock, { points: 500 });
    await imdbListing(owner.id, 734591);
    const res = await t.call(
      earn.fetchListings,
      { listingType: 'user', user_id: owner.id, maxItems: 10 },
      earner.token,
    );
    expect(res.response.body).not.toContain('734591');
    expect(res.response.body).not.toMatch(/"cor"/);
  });

  it('refuses a listing that was never offered, and an answer before Start or within 5 s of it', async () => {
    const earner = await buildMember(t.db, t.clock);
    const owner = await buildMember(t.db, t.clock, { points: 500 });
    const listing = await imdbListing(owner.id, 12);
    const never = await t.call(
      earn.recordCorrectAnswer,
      { listing_id: listing.id, answer: 12 },
      earner.token,
    );
    expect(never.statusCode).toBe(409);
    expect(never.body.message).toBe('This listing is no longer offered to you. Please reload the list.');
    await t.call(earn.fetchListings, { listingType: 'user', user_id: owner.id, maxItems: 10 }, earner.token);
    const noStart = await t.call(
      earn.recordCorrectAnswer,
      { listing_id: listing.id, answer: 12 },
      earner.token,
    );
    expect(noStart.statusCode).toBe(400);
    await t.call(earn.startAction, { listing_id: listing.id }, earner.token);
    t.clock.advance(2 * SECOND);
    const tooFast = await t.call(
      earn.recordCorrectAnswer,
      { listing_id: listing.id, answer: 12 },
      earner.token,
    );
    expect(tooFast.statusCode).toBe(400);
    expect(tooFast.body.message).toContain('quicker than anyone can read the page');
    expect(await balance(earner.id)).toBe(0);
  });

  it('closes the offer 180 s after Start (D5.1)', async () => {
    const earner = await buildMember(t.db, t.clock);
    const owner = await buildMember(t.db, t.clock, { points: 500 });
    const listing = await imdbListing(owner.id, 12);
    await offerAndStart(earner, owner.id, listing.id, 181);
    const late = await t.call(earn.recordCorrectAnswer, { listing_id: listing.id, answer: 12 }, earner.token);
    expect(late.statusCode).toBe(409);
  });

  it('credits once and offers the listing again only on the next Pacific day (D4.4, D3.2)', async () => {
    const earner = await buildMember(t.db, t.clock);
    const owner = await buildMember(t.db, t.clock, { points: 500 });
    const listing = await imdbListing(owner.id, 12);
    await offerAndStart(earner, owner.id, listing.id);
    const first = await t.call(
      earn.recordCorrectAnswer,
      { listing_id: listing.id, answer: 12 },
      earner.token,
    );
    const again = await t.call(
      earn.recordCorrectAnswer,
      { listing_id: listing.id, answer: 12 },
      earner.token,
    );
    expect(again.body).toEqual(first.body);
    expect(await balance(earner.id)).toBe(18);
    const sameDay = await t.call(
      earn.fetchListings,
      { listingType: 'user', user_id: owner.id, maxItems: 10 },
      earner.token,
    );
    expect(sameDay.body.status).toBe('nolistings');
    t.clock.advance(24 * 3600 * SECOND);
    const nextDay = await t.call(
      earn.fetchListings,
      { listingType: 'user', user_id: owner.id, maxItems: 10 },
      earner.token,
    );
    expect(nextDay.body.status).toBe('success');
  });

  it('gives one credit for 50 simultaneous identical calls, and the ledger holds (D3.2)', async () => {
    const earner = await buildMember(t.db, t.clock);
    const owner = await buildMember(t.db, t.clock, { points: 500 });
    const listing = await imdbListing(owner.id, 12);
    await offerAndStart(earner, owner.id, listing.id);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.call(earn.recordCorrectAnswer, { listing_id: listing.id, answer: 12 }, earner.token),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200 && a.body.status === 'success')).toBe(true);
    expect(await t.db.select().from(actions).where(eq(actions.earnerId, earner.id))).toHaveLength(1);
    expect(await balance(earner.id)).toBe(18);
    expect(await balance(owner.id)).toBe(482);
  });

  it("credits two members acting on each other's listings at the same moment, without a deadlock (D3.2)", async () => {
    const a = await buildMember(t.db, t.clock, { points: 500 });
    const b = await buildMember(t.db, t.clock, { points: 500 });
    const listingOfA = await imdbListing(a.id, 12);
    const listingOfB = await imdbListing(b.id, 12);
    await offerAndStart(a, b.id, listingOfB.id);
    await offerAndStart(b, a.id, listingOfA.id);
    const [fromA, fromB] = await Promise.all([
      t.call(earn.recordCorrectAnswer, { listing_id: listingOfB.id, answer: 12 }, a.token),
      t.call(earn.recordCorrectAnswer, { listing_id: listingOfA.id, answer: 12 }, b.token),
    ]);
    expect([fromA.statusCode, fromB.statusCode]).toEqual([200, 200]);
    expect(await balance(a.id)).toBe(500);
    expect(await balance(b.id)).toBe(500);
  });

  it("pays sponsored actions from the earner's house till (D6.4)", async () => {
    const { houseTill } = await import('../points/ledger.js');
    const earner = await buildMember(t.db, t.clock);
    const owner = await buildMember(t.db, t.clock, { points: 0 });
    const listing = await imdbListing(owner.id, 30, { sponsorBought: 2, give: 12 });
    const till = houseTill(earner.id);
    const before = await balance(till);
    await offerAndStart(earner, owner.id, listing.id);
    const paid = await t.call(earn.recordCorrectAnswer, { listing_id: listing.id, answer: 30 }, earner.token);
    expect(paid.body.status).toBe('success');
    expect(await balance(till)).toBe((before ?? 0) - 12);
    const [after] = await t.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(after).toMatchObject({ sponsorUsed: 1, sponsorLeft: true, actedCount: 1 });
  });

  it('refuses when the owner can no longer pay, and pays sponsored actions from the house (D6.4)', async () => {
    const earner = await buildMember(t.db, t.clock);
    const owner = await buildMember(t.db, t.clock, { points: 20 });
    const listing = await imdbListing(owner.id, 12);
    await offerAndStart(earner, owner.id, listing.id);
    await t.db.update(listings).set({ give: 18 }).where(eq(listings.id, listing.id));
    // The owner spends their points elsewhere meanwhile.
    const spent = await buildMember(t.db, t.clock);
    const { movePoints } = await import('../points/ledger.js');
    await t.db.transaction((tx) =>
      movePoints(tx, { from: owner.id, to: spent.id, amount: 15, kind: 'admin_adjust', at: t.clock.now() }),
    );
    const res = await t.call(earn.recordCorrectAnswer, { listing_id: listing.id, answer: 12 }, earner.token);
    expect(res.statusCode).toBe(409);
    expect(res.body.message).toContain('run out of points');

    const sponsoredListing = await imdbListing(owner.id, 30, { sponsorBought: 5, give: 12 });
    await offerAndStart(earner, owner.id, sponsoredListing.id);
    const paid = await t.call(
      earn.recordCorrectAnswer,
      { listing_id: sponsoredListing.id, answer: 30 },
      earner.token,
    );
    expect(paid.body).toMatchObject({ status: 'success', points_earned: 12, limit_raised: 'yes' });
    expect(await balance(owner.id)).toBe(5);
    const [row] = await t.db.select().from(listings).where(eq(listings.id, sponsoredListing.id));
    expect(row?.sponsorUsed).toBe(1);
    const kinds = await t.db
      .select({ kind: ledgerEntries.kind })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.accountId, earner.id), eq(ledgerEntries.kind, 'sponsored')));
    expect(kinds).toHaveLength(1);
    const box = await t.call(points.updatePointBalance, {}, earner.token);
    expect(box.body.max).toBe(30);
  });

  it('pays a pro view 2 more from the owner and answers the Whoops message when wrong (D5.3, D5.7)', async () => {
    const earner = await buildMember(t.db, t.clock, { membership: 'pro' });
    const owner = await buildMember(t.db, t.clock, { points: 500, membership: 'premium' });
    const listing = await buildListing(t.db, t.clock, owner.id, { allowProViews: true });
    await setImdbFact(t.db, t.clock, listing.externalId, 'starmeter', 48210);
    await t.call(earn.updateShowMePreference, { showMePro: 'yes' }, earner.token);
    await offerAndStart(earner, owner.id, listing.id);
    const wrong = await t.call(
      earn.recordCorrectAnswer,
      { listing_id: listing.id, answer: 4821, proView: true },
      earner.token,
    );
    expect(wrong.body).toEqual({
      status: 'incorrect',
      points_earned: 0,
      message: 'Whoops! That was incorrect. Make sure you only add the number, with no commas!',
      pro_view: true,
    });
    const right = await t.call(
      earn.recordCorrectAnswer,
      { listing_id: listing.id, answer: '48,210' },
      earner.token,
    );
    expect(right.body.points_earned).toBe(20);
    expect(await balance(owner.id)).toBe(480);
  });

  it('slows down a member crediting more than 6 actions in a minute (D11.1)', async () => {
    const earner = await buildMember(t.db, t.clock, { membership: 'premium' });
    const owner = await buildMember(t.db, t.clock, { points: 2000 });
    const made = [];
    for (let i = 0; i < 7; i++) made.push(await imdbListing(owner.id, 10 + i));
    await t.call(earn.fetchListings, { listingType: 'user', user_id: owner.id, maxItems: 10 }, earner.token);
    for (const l of made) await t.call(earn.startAction, { listing_id: l.id }, earner.token);
    t.clock.advance(6 * SECOND);
    const results = [];
    for (const [i, l] of made.entries()) {
      results.push(
        await t.call(earn.recordCorrectAnswer, { listing_id: l.id, answer: 10 + i }, earner.token),
      );
    }
    expect(results.slice(0, 6).every((r) => r.body.status === 'success')).toBe(true);
    expect(results[6]?.statusCode).toBe(429);
    expect(results[6]?.response.headers['retry-after']).toBe('60');
  });

  it('credits exactly 6 of 7 concurrent answers on started offers, the ledger balanced (D11.1, L2)', async () => {
    const earner = await buildMember(t.db, t.clock, { membership: 'premium' });
    const owner = await buildMember(t.db, t.clock, { points: 2000 });
    const made = [];
    for (let i = 0; i < 7; i++) made.push(await imdbListing(owner.id, 10 + i));
    await t.call(earn.fetchListings, { listingType: 'user', user_id: owner.id, maxItems: 10 }, earner.token);
    for (const l of made) await t.call(earn.startAction, { listing_id: l.id }, earner.token);
    t.clock.advance(6 * SECOND);
    const results = await Promise.all(
      made.map((l, i) =>
        t.call(earn.recordCorrectAnswer, { listing_id: l.id, answer: 10 + i }, earner.token),
      ),
    );
    expect(results.filter((r) => r.body.status === 'success')).toHaveLength(6);
    const refused = results.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.body.message).toBe(
      'You are earning faster than we can check. Please wait a minute before the next action.',
    );
    expect(refused[0]?.response.headers['retry-after']).toBe('60');
    expect(await t.db.select().from(actions).where(eq(actions.earnerId, earner.id))).toHaveLength(6);
    const [total] = await t.db
      .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.delta}), 0)::int` })
      .from(ledgerEntries);
    expect(total?.sum).toBe(0);
    for (const id of [earner.id, owner.id]) {
      const [mine] = await t.db
        .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.delta}), 0)::int` })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.accountId, id));
      expect(mine?.sum).toBe(await balance(id));
    }
    expect(await balance(earner.id)).toBe(6 * 18);
  });

  it('does not count a credit that is refused in its transaction towards the speed limit (D11.1)', async () => {
    const earner = await buildMember(t.db, t.clock, { membership: 'premium' });
    const broke = await buildMember(t.db, t.clock, { points: 500 });
    const owner = await buildMember(t.db, t.clock, { points: 2000 });
    const unpaid = await imdbListing(broke.id, 9);
    const made = [];
    for (let i = 0; i < 7; i++) made.push(await imdbListing(owner.id, 10 + i));
    for (const who of [broke, owner])
      await t.call(earn.fetchListings, { listingType: 'user', user_id: who.id, maxItems: 10 }, earner.token);
    for (const l of [unpaid, ...made]) await t.call(earn.startAction, { listing_id: l.id }, earner.token);
    t.clock.advance(6 * SECOND);
    // The owner spends their points after the offer (through the ledger, so files sharing the
    // database never see a drifted balance): the credit is refused and rolled back.
    const adjust = (from: number, to: number) =>
      t.db.transaction((tx) =>
        movePoints(tx, { from, to, amount: 500, kind: 'admin_adjust', at: t.clock.now() }),
      );
    await adjust(broke.id, HOUSE_ID);
    const refused = await t.call(
      earn.recordCorrectAnswer,
      { listing_id: unpaid.id, answer: 9 },
      earner.token,
    );
    expect(refused.statusCode).toBe(409);
    await adjust(HOUSE_ID, broke.id);
    const results = [];
    for (const [i, l] of made.entries()) {
      results.push(
        await t.call(earn.recordCorrectAnswer, { listing_id: l.id, answer: 10 + i }, earner.token),
      );
    }
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 429]);
  });

  it('refuses bad answers and signed-out callers', async () => {
    const member = await buildMember(t.db, t.clock);
    const letters = await t.call(earn.recordCorrectAnswer, { listing_id: 5, answer: 'abc' }, member.token);
    expect(letters.statusCode).toBe(400);
    expect(letters.body.message).toBe('Please type the number you found, digits only.');
    const noId = await t.call(earn.recordCorrectAnswer, { answer: 5 }, member.token);
    expect(noId.statusCode).toBe(400);
    const out = await t.call(earn.recordCorrectAnswer, { listing_id: 5, answer: 5 });
    expect(out.statusCode).toBe(401);
  });
});

describe('checkIncorrectAnswer (D5.3)', () => {
  async function miss(earner: BuiltMember, ownerId: number, listingId: number, answer: number) {
    await offerAndStart(earner, ownerId, listingId);
    // As the card sends it: recordCorrectAnswer finds it wrong, then the check (D5.3).
    await t.call(earn.recordCorrectAnswer, { listing_id: listingId, answer }, earner.token);
    return t.call(earn.checkIncorrectAnswer, { listing_id: listingId, answer }, earner.token);
  }

  it('logs a miss as other, then confirmed once someone answered correctly in the last day', async () => {
    const owner = await buildMember(t.db, t.clock, { points: 1000 });
    const listing = await imdbListing(owner.id, 12);
    const a = await buildMember(t.db, t.clock);
    const first = await miss(a, owner.id, listing.id, 40);
    expect(first.body).toMatchObject({ status: 'other', recently_missed: 1, points_earned: 0 });
    // The offer closed on the miss.
    const retry = await t.call(earn.checkIncorrectAnswer, { listing_id: listing.id, answer: 12 }, a.token);
    expect(retry.statusCode).toBe(409);
    const b = await buildMember(t.db, t.clock);
    await offerAndStart(b, owner.id, listing.id);
    await t.call(earn.recordCorrectAnswer, { listing_id: listing.id, answer: 12 }, b.token);
    const c = await buildMember(t.db, t.clock);
    expect((await miss(c, owner.id, listing.id, 41)).body.status).toBe('confirmed');
  });

  it('updates the fact and credits when two other members gave the same number', async () => {
    const owner = await buildMember(t.db, t.clock, { points: 1000 });
    const listing = await imdbListing(owner.id, 12);
    // Witnesses and answer from established members (D5.3 "Who counts").
    const established = { imdbAnswers: ESTABLISHED_AFTER_ANSWERS };
    for (let i = 0; i < 2; i++)
      await miss(await buildMember(t.db, t.clock, established), owner.id, listing.id, 15);
    const third = await buildMember(t.db, t.clock, established);
    const res = await miss(third, owner.id, listing.id, 15);
    expect(res.body).toMatchObject({ status: 'updated', points_earned: 18 });
    const [fact] = await t.db.select().from(imdbFacts).where(eq(imdbFacts.pageCode, listing.externalId));
    expect(fact).toMatchObject({ value: 15, source: 'crowd' });
    expect(await balance(third.id)).toBe(18);
  });

  it('disables the listing for a credit update after five misses with no correct answer, and tells the owner', async () => {
    const owner = await buildMember(t.db, t.clock, { points: 1000 });
    const listing = await imdbListing(owner.id, 12);
    for (let i = 0; i < 5; i++)
      await miss(
        await buildMember(t.db, t.clock, { imdbAnswers: ESTABLISHED_AFTER_ANSWERS }),
        owner.id,
        listing.id,
        100 + i * 10,
      );
    const [row] = await t.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(row).toMatchObject({ status: 'disabled', statusReason: 'credit_update' });
    const told = await t.db.select().from(alerts).where(eq(alerts.userId, owner.id));
    expect(told.map((a) => a.kind)).toContain('listing_disabled');
  });
});

describe('recordYouTubeView (D5.5)', () => {
  it('credits a view only 30 s after Start, by the server clock', async () => {
    const earner = await buildMember(t.db, t.clock);
    const owner = await buildMember(t.db, t.clock, { points: 500 });
    const listing = await buildListing(t.db, t.clock, owner.id, { type: 'youtube-view', give: 15 });
    await offerAndStart(earner, owner.id, listing.id, 20);
    const early = await t.call(earn.recordYouTubeView, { listing_id: listing.id, vc: 31 }, earner.token);
    expect(early.statusCode).toBe(400);
    expect(early.body.message).toBe(
      'Please watch at least 30 seconds of the video before asking for the points.',
    );
    t.clock.advance(10 * SECOND);
    const ok = await t.call(earn.recordYouTubeView, { listing_id: listing.id, vc: 31 }, earner.token);
    expect(ok.body).toMatchObject({ status: 'success', points_earned: 15, message: 'You earned 15 points!' });
    // A video is offered again only after 7 days (D4.4).
    t.clock.advance(3 * 24 * 3600 * SECOND);
    const later = await t.call(
      earn.fetchListings,
      { listingType: 'user', user_id: owner.id, maxItems: 10 },
      earner.token,
    );
    expect(later.body.status).toBe('nolistings');
  });

  it('refuses a video credit for another type of listing', async () => {
    const earner = await buildMember(t.db, t.clock);
    const owner = await buildMember(t.db, t.clock, { points: 500 });
    const listing = await imdbListing(owner.id, 12);
    await offerAndStart(earner, owner.id, listing.id, 40);
    const res = await t.call(earn.recordYouTubeView, { listing_id: listing.id }, earner.token);
    expect(res.statusCode).toBe(400);
  });
});

describe('a credit call on PostgreSQL (decision 0032)', () => {
  it('makes six round trips: the session, begin, the offer with its locks, the checks, the write, commit', async (ctx) => {
    if (!t.databaseUrl) ctx.skip();
    const earner = await buildMember(t.db, t.clock);
    const owner = await buildMember(t.db, t.clock, { points: 500 });
    const listing = await imdbListing(owner.id, 12);
    await offerAndStart(earner, owner.id, listing.id);
    const sent: string[] = [];
    // Every statement goes through a pg.Client's query(): its name, or the start of its text.
    const query = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
      this: pg.Client,
      ...args: unknown[]
    ) {
      const first = args[0] as string | { text?: string; name?: string };
      sent.push(typeof first === 'string' ? first : (first.name ?? first.text ?? ''));
      return original.apply(this, args as never);
    } as never);
    let res;
    try {
      res = await t.call(earn.recordCorrectAnswer, { listing_id: listing.id, answer: '12' }, earner.token);
    } finally {
      query.mockRestore();
    }
    expect(res.body.status).toBe('success');
    expect(sent).toHaveLength(6);
    expect(sent[1]).toMatch(/^begin/i);
    expect(sent[2]).toMatch(/^latest_offer_locked/);
    expect(sent[3]).toMatch(/^credit_state/);
    expect(sent[4]).toMatch(/^credit_write_/);
    expect(sent[5]).toMatch(/^commit/i);
  });
});
