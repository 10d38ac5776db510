import { describe, expect, it } from 'vitest';
import { dailyActionCap } from './points.policy.js';

describe('daily action caps (D6.3, spec 1 §9)', () => {
  it('free: 20, plus 10 once a sponsored action raised the limit; referrals do not count', () => {
    expect(dailyActionCap({ membership: 'free', limitRaised: false, qualifiedReferrals: 5 })).toBe(20);
    expect(dailyActionCap({ membership: 'free', limitRaised: true, qualifiedReferrals: 0 })).toBe(30);
  });
  it('premium: 60 + 2 per qualified referral, at most +20 (80 with 10 referrals)', () => {
    expect(dailyActionCap({ membership: 'premium', limitRaised: false, qualifiedReferrals: 0 })).toBe(60);
    expect(dailyActionCap({ membership: 'premium', limitRaised: false, qualifiedReferrals: 3 })).toBe(66);
    expect(dailyActionCap({ membership: 'premium', limitRaised: false, qualifiedReferrals: 10 })).toBe(80);
    expect(dailyActionCap({ membership: 'premium', limitRaised: false, qualifiedReferrals: 25 })).toBe(80);
  });
  it('pro: 60 + 3 per qualified referral, at most +30 (90)', () => {
    expect(dailyActionCap({ membership: 'pro', limitRaised: false, qualifiedReferrals: 4 })).toBe(72);
    expect(dailyActionCap({ membership: 'pro', limitRaised: false, qualifiedReferrals: 11 })).toBe(90);
  });
  it('managed: as premium', () => {
    expect(dailyActionCap({ membership: 'managed', limitRaised: false, qualifiedReferrals: 2 })).toBe(64);
  });
});
