import { describe, expect, it } from 'vitest';
import { DAY_CHOICES, shortfall, tradeCost, tradeSummary } from './trade';

describe('trade-ins (spec 3 §5, §9)', () => {
  it('offers 2 to 10 days', () => {
    expect(DAY_CHOICES).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('costs 190 or 380 points a day, 300 or 600 referral points a day', () => {
    expect(tradeCost('points', 'premium', 10)).toBe(1900);
    expect(tradeCost('points', 'pro', 2)).toBe(760);
    expect(tradeCost('referral_points', 'premium', 4)).toBe(1200);
    expect(tradeCost('referral_points', 'pro', 10)).toBe(6000);
  });

  it('summarises the trade before it is sent', () => {
    expect(tradeSummary('points', 'pro', 3, 2000)).toEqual({
      question: 'Trade 1,140 points for 3 days of Pro?',
      after: 'Your balance goes from 2,000 to 860 points, and 3 days of Pro are added to your membership.',
    });
    expect(tradeSummary('referral_points', 'premium', 2, 600).question).toBe(
      'Trade 600 referral points for 2 days of Premium?',
    );
  });

  it('says what is missing', () => {
    expect(shortfall('referral_points', 'premium', 2, 450)).toBe(
      'You need 150 more referral points for this trade.',
    );
    expect(shortfall('points', 'premium', 2, 380)).toBeNull();
  });
});
