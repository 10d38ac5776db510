import { describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { membership, referrals, type PaidLevel } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember, type BuiltMember } from '../../../test/factories.js';
import { outboxMails } from '../../platform/mail.tables.js';
import { emailSettings } from '../account/account.tables.js';
import { users } from '../members/members.tables.js';
import { subscriptions } from '../membership/membership.tables.js';
import { purchases } from '../payments/payments.tables.js';
import type { TestEventData } from '../payments/providers/test.js';
import { payOnce as payOnceThrough, sendTestEvent } from '../payments/payments.test-support.js';
import { membershipCredits, referralRewards } from './referrals.tables.js';
import { REWARD_HOLD_DAYS, referralRewardsJob, releaseDueRewards } from './rewards.service.js';
import { runDueJobs } from '../../platform/jobs.js';
import { DAY_MS } from '../../platform/time.js';

const t = useTestApp();

async function balances(id: number) {
  const [row] = await t.db
    .select({ refPoints: users.refPoints, featurePoints: users.featurePoints })
    .from(users)
    .where(eq(users.id, id));
  return row as { refPoints: number; featurePoints: number };
}

async function rewardsOf(referrerId: number) {
  return t.db
    .select()
    .from(referralRewards)
    .where(eq(referralRewards.referrerId, referrerId))
    .orderBy(referralRewards.id);
}

async function mailsTo(email: string) {
  return t.db.select().from(outboxMails).where(eq(outboxMails.to, email)).orderBy(desc(outboxMails.id));
}

const payOnce = (m: BuiltMember, level: PaidLevel, months: number, kind: 'once' | 'subscription') =>
  payOnceThrough(t, m, level, months, kind);
const sendEvent = (data: TestEventData, id?: string) => sendTestEvent(t, data, id);

/** Pays out the rewards whose hold is over `days` from now, as the daily job would then. */
async function releaseAfter(days: number) {
  const later = new Date(t.clock.now().getTime() + days * DAY_MS);
  return t.db.transaction((tx) => releaseDueRewards(tx, { now: later }));
}
const AFTER_HOLD = REWARD_HOLD_DAYS + 1;

describe('referral rewards when a referred member pays (spec 3 §3, D10.1)', () => {
  it('a one-time purchase earns 300 referral points and 25 feature points a premium month, paid after the hold', async () => {
    const referrer = await buildMember(t.db, t.clock);
    const referral = await buildMember(t.db, t.clock, { referrerId: referrer.id });
    const purchase = await payOnce(referral, 'premium', 3, 'once');
    expect(await balances(referrer.id)).toEqual({ refPoints: 0, featurePoints: 0 });
    expect(await rewardsOf(referrer.id)).toMatchObject([
      { referralId: referral.id, source: `purchase:${purchase.id}`, refPoints: 900, status: 'pending' },
    ]);
    const stats = await t.call(referrals.fetchReferralStats, {}, referrer.token);
    expect(stats.body.stats).toMatchObject({ ref_points: 0, held_ref_points: 900 });

    await releaseAfter(REWARD_HOLD_DAYS - 1);
    expect(await balances(referrer.id)).toEqual({ refPoints: 0, featurePoints: 0 });
    await releaseAfter(AFTER_HOLD);
    expect(await balances(referrer.id)).toEqual({ refPoints: 900, featurePoints: 75 });
    expect((await rewardsOf(referrer.id))[0]).toMatchObject({ status: 'released' });
    // Paid out once: a later release finds nothing more.
    await releaseAfter(AFTER_HOLD + 1);
    expect(await balances(referrer.id)).toEqual({ refPoints: 900, featurePoints: 75 });
    // The referral's own referral points are untouched.
    expect(await balances(referral.id)).toEqual({ refPoints: 0, featurePoints: 0 });
  });

  it('a replayed event adds nothing; a second event for the same purchase neither', async () => {
    const referrer = await buildMember(t.db, t.clock);
    const referral = await buildMember(t.db, t.clock, { referrerId: referrer.id });
    const started = await t.app.inject({
      method: 'POST',
      url: membership.CHECKOUT_PATHS.charge,
      headers: { authorization: `Bearer ${referral.token}` },
      payload: { level: 'pro', months: 1, amountPennies: 1695 },
    });
    const ref = (started.json() as { redirect: string }).redirect.split('/').pop() as string;
    const [purchase] = await t.db.select().from(purchases).where(eq(purchases.providerRef, ref));
    const data: TestEventData = {
      type: 'checkout.completed',
      purchaseId: purchase?.id as number,
      providerRef: ref,
      amountPennies: 1695,
    };
    expect(await sendEvent(data, `evt_ref_${referral.id}`)).toBe('granted');
    expect(await sendEvent(data, `evt_ref_${referral.id}`)).toBe('duplicate');
    expect(await sendEvent(data, `evt_ref_again_${referral.id}`)).toMatch(/^ignored/);
    await releaseAfter(AFTER_HOLD);
    expect(await balances(referrer.id)).toEqual({ refPoints: 600, featurePoints: 25 });
    expect(await rewardsOf(referrer.id)).toHaveLength(1);
  });

  it('a subscription earns for its first paid period and each renewal, once each; a payment of nothing earns nothing', async () => {
    const referrer = await buildMember(t.db, t.clock);
    const referral = await buildMember(t.db, t.clock, { referrerId: referrer.id });
    const purchase = await payOnce(referral, 'pro', 1, 'subscription');
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, referral.id));
    const event = (amountPennies: number, paidThrough: string): TestEventData => ({
      type: 'subscription.paid',
      subscriptionRef: sub?.providerRef as string,
      userId: referral.id,
      level: 'pro',
      months: 1,
      purchaseId: purchase.id,
      paidThrough,
      amountPennies,
    });
    // Like PayPal's activation beside its first sale: an event that carries no money earns nothing.
    expect(await sendEvent(event(0, '2026-04-10T18:00:00.000Z'), `evt_zero_${referral.id}`)).toBe('renewed');
    const renewal = event(1495, '2026-05-10T18:00:00.000Z');
    expect(await sendEvent(renewal, `evt_renew_${referral.id}`)).toBe('renewed');
    expect(await sendEvent(renewal, `evt_renew_${referral.id}`)).toBe('duplicate');
    await releaseAfter(AFTER_HOLD);
    expect(await balances(referrer.id)).toEqual({ refPoints: 1200, featurePoints: 50 });
    expect((await rewardsOf(referrer.id)).map((r) => r.source)).toEqual([
      `purchase:${purchase.id}`,
      `renewal:test:evt_renew_${referral.id}`,
    ]);
  });

  it('a refund during the hold withdraws the reward, so pay, trade and refund cannot be repeated', async () => {
    const referrer = await buildMember(t.db, t.clock);
    const referral = await buildMember(t.db, t.clock, { referrerId: referrer.id });
    const purchase = await payOnce(referral, 'pro', 12, 'once');
    const trade = await t.call(
      referrals.tradeReferralPoints,
      { level: 'pro', days: 2, multiplier: 600 },
      referrer.token,
    );
    expect(trade.statusCode).toBe(409);
    expect(await sendEvent({ type: 'charge.refunded', purchaseId: purchase.id })).toBe('refunded');
    expect((await rewardsOf(referrer.id))[0]).toMatchObject({ status: 'withdrawn', refPoints: 7200 });
    await releaseAfter(AFTER_HOLD);
    expect(await balances(referrer.id)).toEqual({ refPoints: 0, featurePoints: 0 });
  });

  it('a refund after the hold takes back what is left of the reward; points already traded stay traded', async () => {
    const referrer = await buildMember(t.db, t.clock);
    await t.db.update(users).set({ refPoints: 400 }).where(eq(users.id, referrer.id));
    const referral = await buildMember(t.db, t.clock, { referrerId: referrer.id });
    const purchase = await payOnce(referral, 'premium', 1, 'once');
    await releaseAfter(AFTER_HOLD);
    expect(await balances(referrer.id)).toEqual({ refPoints: 700, featurePoints: 25 });
    await t.call(
      referrals.tradeReferralPoints,
      { level: 'premium', days: 2, multiplier: 300 },
      referrer.token,
    );
    expect((await balances(referrer.id)).refPoints).toBe(100);

    expect(await sendEvent({ type: 'charge.refunded', purchaseId: purchase.id })).toBe('refunded');
    expect(await balances(referrer.id)).toEqual({ refPoints: 0, featurePoints: 0 });
    expect((await rewardsOf(referrer.id)).at(-1)).toMatchObject({
      source: `refund:purchase:${purchase.id}`,
      refPoints: -100,
      featurePoints: -25,
    });
    // A second refund event finds the purchase refunded already: nothing more is taken.
    expect(await sendEvent({ type: 'charge.refunded', purchaseId: purchase.id })).toMatch(/^ignored/);
    expect(await rewardsOf(referrer.id)).toHaveLength(2);
  });

  it('nothing for a member nobody referred, nor for a referrer deactivated before or during the hold', async () => {
    const alone = await buildMember(t.db, t.clock);
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(referralRewards);
    await payOnce(alone, 'premium', 1, 'once');
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(referralRewards)).toEqual(before);

    const gone = await buildMember(t.db, t.clock, { status: 'deactivated' });
    const referredByGone = await buildMember(t.db, t.clock, { referrerId: gone.id });
    await payOnce(referredByGone, 'premium', 1, 'once');
    expect(await rewardsOf(gone.id)).toHaveLength(0);

    const leaving = await buildMember(t.db, t.clock);
    const referral = await buildMember(t.db, t.clock, { referrerId: leaving.id });
    await payOnce(referral, 'premium', 1, 'once');
    await t.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, leaving.id));
    await releaseAfter(AFTER_HOLD);
    expect(await balances(leaving.id)).toEqual({ refPoints: 0, featurePoints: 0 });
    expect((await rewardsOf(leaving.id))[0]).toMatchObject({ status: 'withdrawn' });
  });

  it('referral points always equal what was paid out less what was traded (docs/domain.md)', async () => {
    const referrer = await buildMember(t.db, t.clock);
    const referral = await buildMember(t.db, t.clock, { referrerId: referrer.id });
    await payOnce(referral, 'pro', 3, 'once');
    await releaseAfter(AFTER_HOLD);
    await t.call(referrals.tradeReferralPoints, { level: 'pro', days: 2, multiplier: 600 }, referrer.token);
    const refund = await payOnce(referral, 'premium', 1, 'once');
    await sendEvent({ type: 'charge.refunded', purchaseId: refund.id });
    const [earned] = await t.db
      .select({ n: sql<number>`coalesce(sum(${referralRewards.refPoints}), 0)::int` })
      .from(referralRewards)
      .where(and(eq(referralRewards.referrerId, referrer.id), eq(referralRewards.status, 'released')));
    const [spent] = await t.db
      .select({ n: sql<number>`coalesce(sum(${membershipCredits.cost}), 0)::int` })
      .from(membershipCredits)
      .where(eq(membershipCredits.userId, referrer.id));
    expect(earned?.n).toBe(1800);
    expect(spent?.n).toBe(1200);
    expect((await balances(referrer.id)).refPoints).toBe(600);
  });

  // Last in the file: it moves the shared clock on by the hold.
  it('the daily job pays out what is due and tells each referrer, unless they switched that mail off', async () => {
    const referrer = await buildMember(t.db, t.clock);
    const quiet = await buildMember(t.db, t.clock);
    await t.db
      .insert(emailSettings)
      .values({ userId: quiet.id, name: 'referrals', enabled: false, updatedAt: t.clock.now() });
    await payOnce(await buildMember(t.db, t.clock, { referrerId: referrer.id }), 'premium', 3, 'once');
    await payOnce(await buildMember(t.db, t.clock, { referrerId: quiet.id }), 'pro', 3, 'once');
    t.clock.advance(AFTER_HOLD * DAY_MS);
    expect(await runDueJobs(t.app.deps, [referralRewardsJob])).toEqual(['referral-rewards']);
    expect(await balances(referrer.id)).toEqual({ refPoints: 900, featurePoints: 75 });
    expect(await balances(quiet.id)).toEqual({ refPoints: 1800, featurePoints: 75 });
    const [mail] = await mailsTo(referrer.email);
    expect(mail?.subject).toBe('You earned 900 referral points');
    expect(mail?.text).toContain('paid for 3 months of Premium');
    expect(await mailsTo(quiet.email)).toHaveLength(0);
  });
});
