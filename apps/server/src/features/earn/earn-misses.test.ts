import { describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { earn } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildListing, buildMember, setImdbFact, type BuiltMember } from '../../../test/factories.js';
import { users } from '../members/members.tables.js';
import { listings } from '../listings/listings.tables.js';
import { alerts } from '../alerts/alerts.tables.js';
import { actions, answerMisses, imdbFacts } from './earn.tables.js';
import { ESTABLISHED_AFTER_ANSWERS, ESTABLISHED_AFTER_DAYS, TOO_MANY_TRIES } from './earn.policy.js';
import { CHECK_YOUR_ANSWER } from './earn.service.js';

// D5.3 and docs/domain.md "Wrong answers": misses count per member, an offer settles once, one alert.
const t = useTestApp();
const SECOND = 1000;
const HOUR = 3600 * SECOND;

const balance = async (id: number) =>
  (await t.db.select({ points: users.points }).from(users).where(eq(users.id, id)))[0]?.points;

async function imdbListing(ownerId: number, credits = 12) {
  const listing = await buildListing(t.db, t.clock, ownerId);
  await setImdbFact(t.db, t.clock, listing.externalId, 'credits:actor', credits);
  return listing;
}

/** A fresh offer of the listing to the earner, started, with the dwell (D11.1) waited out. */
async function startOffer(earner: BuiltMember, ownerId: number, listingId: number) {
  const fetched = await t.call(
    earn.fetchListings,
    { listingType: 'user', user_id: ownerId, maxItems: 10 },
    earner.token,
  );
  expect(fetched.body.listings.map((l) => l.id)).toContain(listingId);
  const started = await t.call(earn.startAction, { listing_id: listingId }, earner.token);
  expect(started.body.status).toBe('success');
  t.clock.advance(10 * SECOND);
}

const check = (earner: BuiltMember, listingId: number, answer: number) =>
  t.call(earn.checkIncorrectAnswer, { listing_id: listingId, answer }, earner.token);

/**
 * A wrong answer as the card sends it (D5.3): recordCorrectAnswer finds it wrong and counts the try,
 * then checkIncorrectAnswer checks that same number again.
 */
async function wrong(earner: BuiltMember, listingId: number, answer: number) {
  await t.call(earn.recordCorrectAnswer, { listing_id: listingId, answer }, earner.token);
  return check(earner, listingId, answer);
}

/** A different wrong number every time, so no two misses agree on a crowd correction. */
let nextWrong = 100;
const another = () => (nextWrong += 7);

async function miss(earner: BuiltMember, ownerId: number, listingId: number, answer = another()) {
  await startOffer(earner, ownerId, listingId);
  const res = await wrong(earner, listingId, answer);
  expect(res.body.status).toMatch(/^(other|confirmed)$/);
  return res;
}

const listingRow = async (id: number) => (await t.db.select().from(listings).where(eq(listings.id, id)))[0];
const disabledAlerts = async (ownerId: number) =>
  t.db
    .select()
    .from(alerts)
    .where(and(eq(alerts.userId, ownerId), eq(alerts.kind, 'listing_disabled')));
const missRows = async (listingId: number) =>
  (await t.db.select({ n: count() }).from(answerMisses).where(eq(answerMisses.listingId, listingId)))[0]?.n;
type MemberOptions = Parameters<typeof buildMember>[2];
/** Confirmed, a member for 30 days and with enough IMDb answers of their own (D5.3 "Who counts"). */
const ESTABLISHED = { imdbAnswers: ESTABLISHED_AFTER_ANSWERS };
const members = (n: number, opts: MemberOptions = ESTABLISHED) =>
  Promise.all(Array.from({ length: n }, () => buildMember(t.db, t.clock, opts)));
const factOf = async (pageCode: string) =>
  (await t.db.select().from(imdbFacts).where(eq(imdbFacts.pageCode, pageCode)))[0];

describe('misses counted per member (D5.3)', () => {
  it('never lets one member disable a listing, however often they miss', async () => {
    const owner = await buildMember(t.db, t.clock, { points: 1000 });
    const listing = await imdbListing(owner.id);
    const earner = await buildMember(t.db, t.clock);
    // Three wrong tries a day on a listing are all one member has (docs/domain.md, Earning).
    for (let i = 0; i < 3; i++) {
      const res = await miss(earner, owner.id, listing.id);
      // Each miss still counts in the member's own recently missed.
      expect(res.body).toMatchObject({ status: 'other', recently_missed: i + 1 });
      t.clock.advance(HOUR);
    }
    await startOffer(earner, owner.id, listing.id);
    const fourth = await t.call(
      earn.recordCorrectAnswer,
      { listing_id: listing.id, answer: 99 },
      earner.token,
    );
    expect(fourth.statusCode).toBe(409);
    expect(fourth.body.message).toBe(TOO_MANY_TRIES);
    // Nor does the check take the number the card was refused (a way round the three tries).
    expect((await check(earner, listing.id, 99)).body.message).toBe(CHECK_YOUR_ANSWER);
    expect(await listingRow(listing.id)).toMatchObject({ status: 'active', statusReason: null });
    expect(await disabledAlerts(owner.id)).toHaveLength(0);
  });

  it('disables the listing when five different members missed it in a day, and alerts the owner once', async () => {
    const owner = await buildMember(t.db, t.clock, { points: 1000 });
    const listing = await imdbListing(owner.id);
    const missers = await members(6);
    // The first member misses twice: still one member of the five.
    await miss(missers[0]!, owner.id, listing.id);
    await miss(missers[0]!, owner.id, listing.id);
    for (const m of missers.slice(1, 4)) await miss(m, owner.id, listing.id);
    expect((await listingRow(listing.id))?.status).toBe('active');
    await miss(missers[4]!, owner.id, listing.id);
    expect(await listingRow(listing.id)).toMatchObject({ status: 'disabled', statusReason: 'credit_update' });
    expect(await disabledAlerts(owner.id)).toHaveLength(1);
  });

  it('counts only the last 24 hours', async () => {
    const owner = await buildMember(t.db, t.clock, { points: 1000 });
    const listing = await imdbListing(owner.id);
    const missers = await members(5);
    await miss(missers[0]!, owner.id, listing.id);
    t.clock.advance(25 * HOUR);
    for (const m of missers.slice(1)) await miss(m, owner.id, listing.id);
    expect((await listingRow(listing.id))?.status).toBe('active');
  });

  it('keeps the listing while someone answered it correctly in the last 24 hours', async () => {
    const owner = await buildMember(t.db, t.clock, { points: 1000 });
    const listing = await imdbListing(owner.id, 12);
    const missers = await members(5);
    for (const m of missers.slice(0, 4)) await miss(m, owner.id, listing.id);
    const reader = await buildMember(t.db, t.clock);
    await startOffer(reader, owner.id, listing.id);
    const right = await t.call(
      earn.recordCorrectAnswer,
      { listing_id: listing.id, answer: 12 },
      reader.token,
    );
    expect(right.body.status).toBe('success');
    const fifth = await miss(missers[4]!, owner.id, listing.id);
    expect(fifth.body.status).toBe('confirmed');
    expect((await listingRow(listing.id))?.status).toBe('active');
    expect(await disabledAlerts(owner.id)).toHaveLength(0);
  });
});

describe('the check is never a way to try more numbers (D5.2, D5.3)', () => {
  it('takes no number recordCorrectAnswer did not find wrong on the offer, right or wrong', async () => {
    const owner = await buildMember(t.db, t.clock, { points: 1000 });
    const listing = await imdbListing(owner.id, 50);
    const earner = await buildMember(t.db, t.clock);
    await startOffer(earner, owner.id, listing.id);
    // Straight to the check, with no answer on the card: refused, nothing recorded.
    for (const answer of [7, 50]) {
      const res = await check(earner, listing.id, answer);
      expect(res.statusCode).toBe(409);
      expect(res.body.message).toBe(CHECK_YOUR_ANSWER);
    }
    // Three wrong tries, then the right number through the check: refused, not credited.
    for (const answer of [1, 2, 3]) {
      expect(
        (await t.call(earn.recordCorrectAnswer, { listing_id: listing.id, answer }, earner.token)).body
          .status,
      ).toBe('incorrect');
    }
    expect((await check(earner, listing.id, 50)).statusCode).toBe(409);
    expect(await balance(earner.id)).toBe(0);
    expect(await missRows(listing.id)).toBe(0);
    // The last wrong number is the one the check settles.
    expect((await check(earner, listing.id, 3)).body.status).toBe('other');
  });
});

describe('one settlement per offer (D5.3, D3.2)', () => {
  it('records one miss for ten checks of a wrong answer on one offer at once', async () => {
    const owner = await buildMember(t.db, t.clock, { points: 1000 });
    const listing = await imdbListing(owner.id, 12);
    const earner = await buildMember(t.db, t.clock);
    await startOffer(earner, owner.id, listing.id);
    await t.call(earn.recordCorrectAnswer, { listing_id: listing.id, answer: 40 }, earner.token);
    const answers = await Promise.all(Array.from({ length: 10 }, () => check(earner, listing.id, 40)));
    const settled = answers.filter((a) => a.statusCode === 200);
    expect(settled).toHaveLength(1);
    expect(settled[0]?.body).toMatchObject({ status: 'other', recently_missed: 1, points_earned: 0 });
    // The others find the offer already settled.
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode).toBe(409);
      expect(a.body.message).toBe('This listing is no longer offered to you. Please reload the list.');
    }
    expect(await missRows(listing.id)).toBe(1);
  });

  it('gives a right and a wrong answer sent together on one offer exactly one outcome', async () => {
    const owner = await buildMember(t.db, t.clock, { points: 1000 });
    const earner = await buildMember(t.db, t.clock);
    for (let round = 0; round < 4; round++) {
      const listing = await imdbListing(owner.id, 12);
      await startOffer(earner, owner.id, listing.id);
      const pointsBefore = await balance(earner.id);
      const calls = [
        t.call(earn.recordCorrectAnswer, { listing_id: listing.id, answer: 12 }, earner.token),
        wrong(earner, listing.id, 40),
      ];
      // Half the rounds send the wrong answer first.
      const [right, miss] =
        round % 2 === 0 ? await Promise.all(calls) : (await Promise.all(calls.reverse())).reverse();
      const credited = (
        await t.db.select({ n: count() }).from(actions).where(eq(actions.listingId, listing.id))
      )[0]?.n;
      const missed = await missRows(listing.id);
      expect((credited ?? 0) + (missed ?? 0)).toBe(1);
      if (credited === 1) {
        expect(right?.body).toMatchObject({ status: 'success', points_earned: 18 });
        expect(miss?.body).toMatchObject({ status: 'updated', points_earned: 0 });
        expect(await balance(earner.id)).toBe((pointsBefore ?? 0) + 18);
      } else {
        expect(right?.statusCode).toBe(409);
        expect(miss?.body).toMatchObject({ status: 'other', points_earned: 0 });
        expect(await balance(earner.id)).toBe(pointsBefore);
      }
      // A minute between rounds keeps under the speed limit (D11.1).
      t.clock.advance(61 * SECOND);
    }
  });

  it('credits a crowd-corrected answer once when it arrives several times at once', async () => {
    const owner = await buildMember(t.db, t.clock, { points: 1000 });
    const listing = await imdbListing(owner.id, 12);
    for (const m of await members(2)) await miss(m, owner.id, listing.id, 15);
    const third = await buildMember(t.db, t.clock, ESTABLISHED);
    await startOffer(third, owner.id, listing.id);
    await t.call(earn.recordCorrectAnswer, { listing_id: listing.id, answer: 15 }, third.token);
    const answers = await Promise.all(Array.from({ length: 5 }, () => check(third, listing.id, 15)));
    expect(answers.every((a) => a.body.status === 'updated')).toBe(true);
    expect(answers.map((a) => a.body.points_earned).sort()).toEqual([0, 0, 0, 0, 18]);
    expect(await balance(third.id)).toBe(18);
    const own = await t.db.select().from(answerMisses).where(eq(answerMisses.earnerId, third.id));
    expect(own).toHaveLength(0);
  });

  it('disables and alerts once when the fifth and sixth members miss at the same moment', async () => {
    const owner = await buildMember(t.db, t.clock, { points: 1000 });
    const listing = await imdbListing(owner.id);
    const missers = await members(6);
    for (const m of missers.slice(0, 4)) await miss(m, owner.id, listing.id);
    for (const m of missers.slice(4)) await startOffer(m, owner.id, listing.id);
    const answers = await Promise.all(missers.slice(4).map((m) => wrong(m, listing.id, another())));
    expect(answers.map((a) => a.body.status)).toEqual(['other', 'other']);
    expect(await listingRow(listing.id)).toMatchObject({ status: 'disabled', statusReason: 'credit_update' });
    expect(await disabledAlerts(owner.id)).toHaveLength(1);
  });

  it('disables when the fourth, fifth and sixth members miss at the same moment', async () => {
    const owner = await buildMember(t.db, t.clock, { points: 1000 });
    const listing = await imdbListing(owner.id);
    const missers = await members(6);
    for (const m of missers.slice(0, 3)) await miss(m, owner.id, listing.id);
    for (const m of missers.slice(3)) await startOffer(m, owner.id, listing.id);
    await Promise.all(missers.slice(3).map((m) => wrong(m, listing.id, another())));
    expect((await listingRow(listing.id))?.status).toBe('disabled');
    expect(await disabledAlerts(owner.id)).toHaveLength(1);
  });
});

describe('who counts toward pausing a listing (D5.3 "Who counts")', () => {
  async function fiveMiss(opts: MemberOptions) {
    const owner = await buildMember(t.db, t.clock, { points: 1000 });
    const listing = await imdbListing(owner.id);
    for (const m of await members(5, opts)) {
      const res = await miss(m, owner.id, listing.id);
      // Still logged as the member's own miss.
      expect(res.body).toMatchObject({ status: 'other', recently_missed: 1 });
    }
    expect(await missRows(listing.id)).toBe(5);
    return { owner, listing };
  }

  it('does not pause a listing for five members who have not confirmed their email', async () => {
    const { owner, listing } = await fiveMiss({ ...ESTABLISHED, unconfirmed: true });
    expect(await listingRow(listing.id)).toMatchObject({ status: 'active', statusReason: null });
    expect(await disabledAlerts(owner.id)).toHaveLength(0);
  });

  it('does not pause a listing for five members who joined yesterday', async () => {
    const { owner, listing } = await fiveMiss({ ...ESTABLISHED, joinedDaysAgo: 1 });
    expect((await listingRow(listing.id))?.status).toBe('active');
    expect(await disabledAlerts(owner.id)).toHaveLength(0);
  });

  it(`does not pause a listing for five members with fewer than ${ESTABLISHED_AFTER_ANSWERS} IMDb answers credited`, async () => {
    const { listing } = await fiveMiss({ imdbAnswers: ESTABLISHED_AFTER_ANSWERS - 1 });
    expect((await listingRow(listing.id))?.status).toBe('active');
  });

  it(`counts a member once they have been with us ${ESTABLISHED_AFTER_DAYS} days`, async () => {
    const { listing } = await fiveMiss({ ...ESTABLISHED, joinedDaysAgo: ESTABLISHED_AFTER_DAYS });
    expect((await listingRow(listing.id))?.status).toBe('disabled');
  });

  it('pauses it on the fifth established member, however many others missed', async () => {
    const owner = await buildMember(t.db, t.clock, { points: 1000 });
    const listing = await imdbListing(owner.id);
    for (const m of await members(4)) await miss(m, owner.id, listing.id);
    for (const m of await members(3, { ...ESTABLISHED, unconfirmed: true }))
      await miss(m, owner.id, listing.id);
    for (const m of await members(3, { ...ESTABLISHED, joinedDaysAgo: 0 }))
      await miss(m, owner.id, listing.id);
    expect((await listingRow(listing.id))?.status).toBe('active');
    await miss((await members(1))[0]!, owner.id, listing.id);
    expect(await listingRow(listing.id)).toMatchObject({ status: 'disabled', statusReason: 'credit_update' });
    expect(await disabledAlerts(owner.id)).toHaveLength(1);
  });
});

describe('who corrects a fact (D5.3 "Who counts")', () => {
  /** The page says 13; two witnesses built with `opts` answer 63, then `third` answers 63. */
  async function crowd(opts: MemberOptions, third: BuiltMember) {
    const owner = await buildMember(t.db, t.clock, { points: 1000 });
    const listing = await imdbListing(owner.id, 13);
    for (const m of await members(2, opts)) await miss(m, owner.id, listing.id, 63);
    await startOffer(third, owner.id, listing.id);
    const res = await wrong(third, listing.id, 63);
    return { listing, res };
  }

  async function notRewritten(opts: MemberOptions) {
    const third = await buildMember(t.db, t.clock, ESTABLISHED);
    const { listing, res } = await crowd(opts, third);
    expect(res.body).toMatchObject({ status: 'other', points_earned: 0, recently_missed: 1 });
    expect(await factOf(listing.externalId)).toMatchObject({ value: 13, source: 'seed' });
    expect(await balance(third.id)).toBe(0);
  }

  it('does not rewrite the fact for two witnesses who have not confirmed their email', async () => {
    await notRewritten({ ...ESTABLISHED, unconfirmed: true });
  });

  it('does not rewrite the fact for two witnesses who joined yesterday', async () => {
    await notRewritten({ ...ESTABLISHED, joinedDaysAgo: 1 });
  });

  it('does not rewrite the fact for two witnesses without IMDb answers of their own', async () => {
    await notRewritten({});
  });

  it('does not rewrite the fact when the third answer comes from a new member', async () => {
    const third = await buildMember(t.db, t.clock, { ...ESTABLISHED, unconfirmed: true });
    const { listing, res } = await crowd(ESTABLISHED, third);
    expect(res.body).toMatchObject({ status: 'other', points_earned: 0 });
    expect((await factOf(listing.externalId))?.value).toBe(13);
  });

  it('answers confirmed, not updated, when a member read the page right today', async () => {
    const owner = await buildMember(t.db, t.clock, { points: 1000 });
    const listing = await imdbListing(owner.id, 13);
    const reader = await buildMember(t.db, t.clock);
    await startOffer(reader, owner.id, listing.id);
    await t.call(earn.recordCorrectAnswer, { listing_id: listing.id, answer: 13 }, reader.token);
    for (const m of await members(2, { ...ESTABLISHED, unconfirmed: true }))
      await miss(m, owner.id, listing.id, 63);
    const third = await buildMember(t.db, t.clock, ESTABLISHED);
    await startOffer(third, owner.id, listing.id);
    const res = await wrong(third, listing.id, 63);
    expect(res.body).toMatchObject({ status: 'confirmed', points_earned: 0 });
    expect((await factOf(listing.externalId))?.value).toBe(13);
  });

  it('counts one witness once, however often they gave the number', async () => {
    const owner = await buildMember(t.db, t.clock, { points: 1000 });
    const listing = await imdbListing(owner.id, 13);
    const [witness] = await members(1);
    await miss(witness!, owner.id, listing.id, 63);
    await miss(witness!, owner.id, listing.id, 63);
    const third = await buildMember(t.db, t.clock, ESTABLISHED);
    await startOffer(third, owner.id, listing.id);
    expect((await wrong(third, listing.id, 63)).body.status).toBe('other');
    expect((await factOf(listing.externalId))?.value).toBe(13);
  });

  it('rewrites the fact and credits the answer for two established witnesses', async () => {
    const third = await buildMember(t.db, t.clock, ESTABLISHED);
    const { listing, res } = await crowd(ESTABLISHED, third);
    expect(res.body).toMatchObject({ status: 'updated', points_earned: 18 });
    expect(await factOf(listing.externalId)).toMatchObject({ value: 63, source: 'crowd' });
    expect(await balance(third.id)).toBe(18);
  });
});
