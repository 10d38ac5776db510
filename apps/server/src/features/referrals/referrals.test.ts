import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { points, referrals } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember } from '../../../test/factories.js';
import { DAY_MS } from '../../platform/time.js';
import { users } from '../members/members.tables.js';
import { ledgerEntries } from '../points/points.tables.js';
import { HOUSE_ID } from '../points/ledger.js';
import { membershipCredits } from './referrals.tables.js';

const t = useTestApp();

async function member(id: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row as typeof users.$inferSelect;
}

async function setRefPoints(id: number, refPoints: number) {
  await t.db.update(users).set({ refPoints }).where(eq(users.id, id));
}

async function creditsOf(id: number) {
  return t.db.select().from(membershipCredits).where(eq(membershipCredits.userId, id));
}

describe('account/tradePoints (spec 3 §7, §9, D10.3)', () => {
  it('moves exactly days × 190 points to the house (D3, kind trade) and adds premium days', async () => {
    const m = await buildMember(t.db, t.clock, { points: 2000 });
    const now = t.clock.now().getTime();
    const { statusCode, body } = await t.call(
      referrals.tradePoints,
      { level: 'premium', days: 10, multiplier: 190 },
      m.token,
    );
    expect(statusCode).toBe(200);
    expect(body).toMatchObject({
      status: 'success',
      message: 'Success! You traded 1,900 points for 10 days of Premium.',
      user: { id: m.id, membership: 'premium', tradeablePremium: 10 },
    });
    const after = await member(m.id);
    expect(after.points).toBe(100);
    expect(after.premiumExpires?.getTime()).toBe(now + 10 * DAY_MS);
    const rows = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.kind, 'trade'), eq(ledgerEntries.accountId, m.id)));
    expect(rows.map((r) => r.delta)).toEqual([-1900]);
    const credits = await creditsOf(m.id);
    expect(credits).toMatchObject([{ paidWith: 'points', level: 'premium', days: 10, cost: 1900 }]);
    expect(rows[0]?.refId).toBe(String(credits[0]?.id));
    // The house's side of the same movement. Its balance is not compared: on PostgreSQL other files
    // move the house's points at the same time on the run's shared database.
    const house = await t.db
      .select()
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.kind, 'trade'),
          eq(ledgerEntries.refId, String(credits[0]?.id)),
          eq(ledgerEntries.accountId, HOUSE_ID),
        ),
      );
    expect(house.map((r) => r.delta)).toEqual([1900]);
  });

  it('pro days cost 380 each and run on from the pro date the member already has', async () => {
    const m = await buildMember(t.db, t.clock, { membership: 'pro', points: 800 });
    const proBefore = (await member(m.id)).proExpires as Date;
    const { body } = await t.call(referrals.tradePoints, { level: 'pro', days: 2, multiplier: 380 }, m.token);
    expect(body.message).toBe('Success! You traded 760 points for 2 days of Pro.');
    const after = await member(m.id);
    expect(after.points).toBe(40);
    expect(after.proExpires?.getTime()).toBe(proBefore.getTime() + 2 * DAY_MS);
    expect(after.premiumExpires).toBeNull();
  });

  it('refuses a trade the member cannot pay for, and changes nothing', async () => {
    const m = await buildMember(t.db, t.clock, { points: 1899 });
    const { statusCode, body } = await t.call(
      referrals.tradePoints,
      { level: 'premium', days: 10, multiplier: 190 },
      m.token,
    );
    expect(statusCode).toBe(409);
    expect(body).toEqual({
      status: 'not_enough',
      message: 'You need 1,900 points for 10 days of Premium, and you have 1,899.',
    });
    const after = await member(m.id);
    expect(after.points).toBe(1899);
    expect(after.premiumExpires).toBeNull();
    expect(await creditsOf(m.id)).toHaveLength(0);
  });

  it('refuses a price that is not the current one (multiplier is the price of a day the page showed)', async () => {
    const m = await buildMember(t.db, t.clock, { points: 5000 });
    const { statusCode, body } = await t.call(
      referrals.tradePoints,
      { level: 'pro', days: 5, multiplier: 190 },
      m.token,
    );
    expect(statusCode).toBe(409);
    expect(body.status).toBe('price_changed');
    expect(body.message).toBe('That price has changed. Please reload the page and try again.');
    expect((await member(m.id)).points).toBe(5000);
  });

  it('two trades at once cannot spend the same points twice', async () => {
    const m = await buildMember(t.db, t.clock, { points: 1000 });
    const trade = () =>
      t.call(referrals.tradePoints, { level: 'premium', days: 5, multiplier: 190 }, m.token);
    const answers = await Promise.all([trade(), trade()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await member(m.id)).points).toBe(50);
    expect(await creditsOf(m.id)).toHaveLength(1);
  });

  it('validates the level and the days (2 to 10)', async () => {
    const m = await buildMember(t.db, t.clock, { points: 5000 });
    const cases: [Record<string, unknown>, string][] = [
      [{ level: 'gold', days: 5, multiplier: 190 }, 'Please choose Premium or Pro days.'],
      [{ level: 'premium', days: 1, multiplier: 190 }, 'Please choose from 2 to 10 days.'],
      [{ level: 'premium', days: 11, multiplier: 190 }, 'Please choose from 2 to 10 days.'],
      [{ level: 'premium', days: 2.5, multiplier: 190 }, 'Please choose from 2 to 10 days.'],
      [{ level: 'premium', days: 'many', multiplier: 190 }, 'Please choose from 2 to 10 days.'],
      [{ level: 'premium', days: 2 }, 'Please reload the page to see the current price.'],
    ];
    for (const [input, message] of cases) {
      const { statusCode, body } = await t.call(referrals.tradePoints, input, m.token);
      expect(statusCode, JSON.stringify(input)).toBe(400);
      expect(body).toEqual({ status: 'error', message });
    }
    expect((await member(m.id)).points).toBe(5000);
  });

  it('is for signed-in members only', async () => {
    const { statusCode, body } = await t.call(referrals.tradePoints, {
      level: 'premium',
      days: 2,
      multiplier: 190,
    });
    expect(statusCode).toBe(401);
    expect(body.extra).toBe('logged_out');
  });
});

describe('referrals/tradePoints (spec 3 §7, §9)', () => {
  it('spends exactly days × 300 referral points for premium days; no ledger points move', async () => {
    const m = await buildMember(t.db, t.clock, { points: 50 });
    await setRefPoints(m.id, 1000);
    const ledgerBefore = await t.db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries);
    const now = t.clock.now().getTime();
    const { statusCode, body } = await t.call(
      referrals.tradeReferralPoints,
      { level: 'premium', days: 3, multiplier: 300 },
      m.token,
    );
    expect(statusCode).toBe(200);
    expect(body).toMatchObject({
      status: 'success',
      message: 'Success! You traded 900 referral points for 3 days of Premium.',
      user: { membership: 'premium' },
    });
    const after = await member(m.id);
    expect(after.refPoints).toBe(100);
    expect(after.points).toBe(50);
    expect(after.premiumExpires?.getTime()).toBe(now + 3 * DAY_MS);
    const ledgerAfter = await t.db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries);
    expect(ledgerAfter).toEqual(ledgerBefore);
    expect(await creditsOf(m.id)).toMatchObject([
      { paidWith: 'referral_points', level: 'premium', days: 3, cost: 900 },
    ]);
  });

  it('pro days cost 600 referral points each', async () => {
    const m = await buildMember(t.db, t.clock);
    await setRefPoints(m.id, 6000);
    const { body } = await t.call(
      referrals.tradeReferralPoints,
      { level: 'pro', days: 10, multiplier: 600 },
      m.token,
    );
    expect(body.user.membership).toBe('pro');
    expect((await member(m.id)).refPoints).toBe(0);
  });

  it('refuses too few referral points, a changed price and bad input, changing nothing', async () => {
    const m = await buildMember(t.db, t.clock);
    await setRefPoints(m.id, 599);
    const short = await t.call(
      referrals.tradeReferralPoints,
      { level: 'premium', days: 2, multiplier: 300 },
      m.token,
    );
    expect(short.statusCode).toBe(409);
    expect(short.body).toEqual({
      status: 'not_enough',
      message: 'You need 600 referral points for 2 days of Premium, and you have 599.',
    });
    const price = await t.call(
      referrals.tradeReferralPoints,
      { level: 'premium', days: 2, multiplier: 190 },
      m.token,
    );
    expect(price.body.status).toBe('price_changed');
    const bad = await t.call(referrals.tradeReferralPoints, { level: 'premium', days: 0 }, m.token);
    expect(bad.statusCode).toBe(400);
    expect((await member(m.id)).refPoints).toBe(599);
    expect(await creditsOf(m.id)).toHaveLength(0);
    const anonymous = await t.call(referrals.tradeReferralPoints, { level: 'pro', days: 2, multiplier: 600 });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('referrals/fetchReferralStats (spec 3 §3)', () => {
  it('counts referrals, referral trade days, balances, qualified referrals and the bonus (D6.3)', async () => {
    const me = await buildMember(t.db, t.clock, { membership: 'premium' });
    await t.db
      .update(users)
      .set({ refPoints: 2000, featurePoints: 75, featuredOn: '2026-02-01' })
      .where(eq(users.id, me.id));
    // Qualified: 14 days a member and not free. The others: too new, free, deactivated.
    await buildMember(t.db, t.clock, { referrerId: me.id, membership: 'pro', joinedDaysAgo: 14 });
    await buildMember(t.db, t.clock, { referrerId: me.id, membership: 'premium', joinedDaysAgo: 13 });
    await buildMember(t.db, t.clock, { referrerId: me.id, joinedDaysAgo: 40 });
    await buildMember(t.db, t.clock, { referrerId: me.id, membership: 'premium', status: 'deactivated' });
    await t.call(referrals.tradeReferralPoints, { level: 'premium', days: 2, multiplier: 300 }, me.token);
    t.clock.advance(60_000);
    await t.call(referrals.tradeReferralPoints, { level: 'pro', days: 2, multiplier: 600 }, me.token);

    const { statusCode, body } = await t.call(referrals.fetchReferralStats, {}, me.token);
    expect(statusCode).toBe(200);
    expect(body.stats).toEqual({
      ref_count: 4,
      days_premium: 2,
      days_pro: 2,
      ref_points: 200,
      held_ref_points: 0,
      feature_points: 75,
      last_featured: '2026-02-01',
      qualified_count: 1,
      // The member is pro after the second trade: +3 per qualified referral.
      extra_actions: 3,
    });
    expect(body.credits).toEqual([
      { level: 'pro', days: 2, date: t.clock.now().toISOString() },
      { level: 'premium', days: 2, date: new Date(t.clock.now().getTime() - 60_000).toISOString() },
    ]);
    // The same qualified referral raises the point box's cap (D6.3).
    expect((await t.call(points.updatePointBalance, {}, me.token)).body.max).toBe(63);
  });

  it('a new member has nothing yet; a free member gets no bonus', async () => {
    const me = await buildMember(t.db, t.clock);
    await buildMember(t.db, t.clock, { referrerId: me.id, membership: 'premium', joinedDaysAgo: 20 });
    const { body } = await t.call(referrals.fetchReferralStats, {}, me.token);
    expect(body.stats).toMatchObject({ ref_count: 1, ref_points: 0, last_featured: '', qualified_count: 1 });
    expect(body.stats.extra_actions).toBe(0);
    expect(body.credits).toEqual([]);
  });

  it('is for signed-in members only', async () => {
    expect((await t.call(referrals.fetchReferralStats, {})).statusCode).toBe(401);
  });
});

describe('referrals/fetchRecentReferrals (spec 3 §7)', () => {
  it('lists who joined, newest first, and whether each qualifies (D6.3)', async () => {
    const me = await buildMember(t.db, t.clock);
    const old = await buildMember(t.db, t.clock, { referrerId: me.id, membership: 'pro', joinedDaysAgo: 15 });
    const fresh = await buildMember(t.db, t.clock, {
      referrerId: me.id,
      membership: 'premium',
      joinedDaysAgo: 2,
    });
    await buildMember(t.db, t.clock, { referrerId: me.id, status: 'deactivated', joinedDaysAgo: 1 });
    const { body } = await t.call(referrals.fetchRecentReferrals, {}, me.token);
    expect(body.status).toBe('success');
    expect(body.users.map((u) => [u.id, u.qualified])).toEqual([
      [fresh.id, false],
      [old.id, true],
    ]);
    expect(body.users[1]).toMatchObject({
      full_name: expect.stringMatching(/^Test Member /),
      avatar: null,
      joined: new Date(t.clock.now().getTime() - 15 * DAY_MS).toISOString(),
    });

    // 12 days on, the fresh referral has been a member 14 days: qualified.
    t.clock.advance(12 * DAY_MS);
    const later = await t.call(referrals.fetchRecentReferrals, {}, me.token);
    expect(later.body.users.map((u) => u.qualified)).toEqual([true, true]);
    t.clock.set(new Date(t.clock.now().getTime() - 12 * DAY_MS));
  });

  it('answers noresults when nobody joined with the link', async () => {
    const me = await buildMember(t.db, t.clock);
    expect((await t.call(referrals.fetchRecentReferrals, {}, me.token)).body).toEqual({
      status: 'noresults',
      users: [],
    });
    expect((await t.call(referrals.fetchRecentReferrals, {})).statusCode).toBe(401);
  });
});
