import { describe, expect, it } from 'vitest';
import { earn } from '@marquee/contract';
import { levelAbilities, membershipOf, proTradeChoices, tradeablePremiumDays } from './membership.policy.js';

const now = new Date('2026-05-01T12:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);
const facts = (f: Partial<Parameters<typeof membershipOf>[0]> = {}) => ({
  premiumExpires: null,
  proExpires: null,
  managedUntil: null,
  subscribed: false,
  ...f,
});

describe('membership is derived, never stored (D2.3)', () => {
  it('is free with no paid dates', () => {
    expect(membershipOf(facts(), now)).toMatchObject({
      membership: 'free',
      expires_soon: false,
      expired_recently: false,
    });
  });
  it('is managed while a managed subscription runs, above pro and premium', () => {
    expect(membershipOf(facts({ managedUntil: days(3), proExpires: days(30) }), now).membership).toBe(
      'managed',
    );
  });
  it('is pro while pro_expires is in the future, above premium', () => {
    expect(membershipOf(facts({ proExpires: days(30), premiumExpires: days(60) }), now).membership).toBe(
      'pro',
    );
  });
  it('is premium while premium_expires is in the future', () => {
    expect(membershipOf(facts({ premiumExpires: days(30) }), now).membership).toBe('premium');
  });
  it('ends exactly at the expiry instant', () => {
    expect(membershipOf(facts({ premiumExpires: now }), now).membership).toBe('free');
  });
  it('expires_soon under 7 days left, not at 7', () => {
    expect(membershipOf(facts({ premiumExpires: days(6.9) }), now)).toMatchObject({
      expires_soon: true,
      expire_type: 'premium',
    });
    expect(membershipOf(facts({ premiumExpires: days(7) }), now).expires_soon).toBe(false);
  });
  it('a renewing subscription never expires soon', () => {
    expect(membershipOf(facts({ proExpires: days(2), subscribed: true }), now).expires_soon).toBe(false);
  });
  it('expired_recently under 14 days after a lapse, naming the level that lapsed last', () => {
    expect(membershipOf(facts({ proExpires: days(-13), premiumExpires: days(-40) }), now)).toMatchObject({
      membership: 'free',
      expired_recently: true,
      expire_type: 'pro',
    });
    expect(membershipOf(facts({ premiumExpires: days(-14) }), now).expired_recently).toBe(false);
  });
  it('managed members get no expiry banners', () => {
    expect(membershipOf(facts({ managedUntil: days(1) }), now)).toMatchObject({
      expires_soon: false,
      expire_type: '',
    });
  });
});

describe('tradeable premium days', () => {
  it('counts whole days left', () => {
    expect(tradeablePremiumDays(days(10.5), now)).toBe(10);
    expect(tradeablePremiumDays(days(-1), now)).toBe(0);
    expect(tradeablePremiumDays(null, now)).toBe(0);
  });
});

describe('what each level lets a member do (docs/domain.md MEM1)', () => {
  it('reads the features’ own rules', () => {
    expect(levelAbilities('free')).toEqual({
      dailyActions: 20,
      referralBonus: { each: 0, max: 0 },
      listingsPerType: 1,
      photos: 2,
      startConversations: false,
      askProViews: false,
      proTools: false,
      imdbPointsCap: earn.EARN.imdbPointsCapFree,
    });
    expect(levelAbilities('premium')).toMatchObject({
      dailyActions: 60,
      referralBonus: { each: 2, max: 20 },
      listingsPerType: null,
      photos: null,
      askProViews: true,
      proTools: false,
      imdbPointsCap: earn.EARN.imdbPointsCapPaid,
    });
    expect(levelAbilities('pro')).toMatchObject({ referralBonus: { each: 3, max: 30 }, proTools: true });
    expect(levelAbilities('managed')).toMatchObject({ askProViews: false, proTools: false });
  });
});

describe('the pro trade’s choices (spec 1 §5)', () => {
  it('offers premium days for pro days in steps of 2, up to 30 or what the member has', () => {
    expect(proTradeChoices(2)).toEqual([]);
    expect(proTradeChoices(3)).toEqual([{ premium: 2, pro: 1 }]);
    expect(proTradeChoices(7).map((c) => c.premium)).toEqual([2, 4, 6]);
    const many = proTradeChoices(365);
    expect(many).toHaveLength(15);
    expect(many.at(-1)).toEqual({ premium: 30, pro: 15 });
  });
});
