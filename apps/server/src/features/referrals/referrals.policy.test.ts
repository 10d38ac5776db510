import { describe, expect, it } from 'vitest';
import { referrals } from '@marquee/contract';
import { DAY_MS } from '../../platform/time.js';
import {
  extendedExpiry,
  isQualifiedReferral,
  referralActionBonus,
  referralReward,
  rewardToTakeBack,
  tradeCost,
} from './referrals.policy.js';

const now = new Date('2026-03-10T18:00:00Z');

describe('trade-in costs (spec 3 §9, D10.3)', () => {
  it('points: 190 a premium day, 380 a pro day; referral points: 300 and 600', () => {
    expect(tradeCost('points', 'premium', 2)).toBe(380);
    expect(tradeCost('points', 'premium', 10)).toBe(1900);
    expect(tradeCost('points', 'pro', 7)).toBe(2660);
    expect(tradeCost('referral_points', 'premium', 3)).toBe(900);
    expect(tradeCost('referral_points', 'pro', 10)).toBe(6000);
  });

  it('days run on from the level’s date, or from now once it has passed', () => {
    const later = new Date(now.getTime() + 5 * DAY_MS);
    expect(extendedExpiry(later, now, 3).getTime()).toBe(now.getTime() + 8 * DAY_MS);
    expect(extendedExpiry(new Date(now.getTime() - DAY_MS), now, 2).getTime()).toBe(
      now.getTime() + 2 * DAY_MS,
    );
    expect(extendedExpiry(null, now, 10).getTime()).toBe(now.getTime() + 10 * DAY_MS);
  });
});

describe('referral rewards', () => {
  it('one day of the level per month paid, and 25 feature points a month', () => {
    expect(referralReward('premium', 1)).toEqual({ refPoints: 300, featurePoints: 25 });
    expect(referralReward('premium', 12)).toEqual({ refPoints: 3600, featurePoints: 300 });
    expect(referralReward('pro', 3)).toEqual({ refPoints: 1800, featurePoints: 75 });
  });

  it('a refund takes back only what is unspent', () => {
    const reward = { refPoints: 600, featurePoints: 25 };
    expect(rewardToTakeBack(reward, { refPoints: 1000, featurePoints: 40 })).toEqual(reward);
    expect(rewardToTakeBack(reward, { refPoints: 150, featurePoints: 0 })).toEqual({
      refPoints: 150,
      featurePoints: 0,
    });
  });
});

describe('qualified referrals (D6.3)', () => {
  const daysAgo = (n: number) => new Date(now.getTime() - n * DAY_MS);

  it('a member 14 days and not free', () => {
    expect(isQualifiedReferral({ joined: daysAgo(14), membership: 'premium' }, now)).toBe(true);
    expect(isQualifiedReferral({ joined: daysAgo(200), membership: 'managed' }, now)).toBe(true);
    expect(isQualifiedReferral({ joined: new Date(daysAgo(14).getTime() + 1), membership: 'pro' }, now)).toBe(
      false,
    );
    expect(isQualifiedReferral({ joined: daysAgo(30), membership: 'free' }, now)).toBe(false);
  });

  it('premium +2 each up to 20, pro +3 each up to 30, free nothing (spec 1 §9)', () => {
    expect(referralActionBonus('premium', 3)).toBe(6);
    expect(referralActionBonus('premium', 15)).toBe(20);
    expect(referralActionBonus('managed', 1)).toBe(2);
    expect(referralActionBonus('pro', 4)).toBe(12);
    expect(referralActionBonus('pro', 11)).toBe(30);
    expect(referralActionBonus('free', 5)).toBe(0);
  });

  it('the contract’s benefit figures are the cap’s (D6.3)', () => {
    for (const level of ['premium', 'pro'] as const) {
      const { each, max } = referrals.REFERRAL_ACTION_BONUS[level];
      expect(referralActionBonus(level, 1)).toBe(each);
      expect(referralActionBonus(level, 100)).toBe(max);
    }
  });
});
