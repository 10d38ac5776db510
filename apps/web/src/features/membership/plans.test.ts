import { describe, expect, it } from 'vitest';
import { defaultRow, expiryNotice, levelTagline, paidNotice } from './plans';

describe('membership plans (spec 1 §2, §5; D2.3)', () => {
  it('starts the premium table on its fourth row and the pro table on its second', () => {
    expect(defaultRow('premium', 4)).toBe(3);
    expect(defaultRow('pro', 4)).toBe(1);
    expect(defaultRow('premium', 2)).toBe(1);
  });

  it('says what a level gives from the abilities the server sends, never from its name', () => {
    const premium = {
      dailyActions: 60,
      referralBonus: { each: 2, max: 20 },
      listingsPerType: null,
      photos: null,
      startConversations: true,
      askProViews: true,
      proTools: false,
      imdbPointsCap: 10_000,
    };
    expect(levelTagline(premium)).toBe(
      '60 Daily Actions, unlimited listings, direct messages and the Exchange.',
    );
    expect(levelTagline({ ...premium, dailyActions: 70, startConversations: false })).toBe(
      '70 Daily Actions, unlimited listings and the Exchange.',
    );
    expect(levelTagline({ ...premium, proTools: true })).toBe(
      'Everything in Premium, plus the IMDb extension, rank history and no ads.',
    );
  });

  const user = {
    membership: 'premium' as const,
    expires_soon: true,
    expired_recently: false,
    expire_type: 'premium' as const,
    expire_show_time: '2026-12-01T20:00:00.000Z',
  };

  it('says when a paid level ends soon, or ended lately, on Pacific dates', () => {
    expect(expiryNotice(user)).toEqual({
      tone: 'soon',
      text: 'Your Premium membership ends on December 1, 2026.',
    });
    expect(
      expiryNotice({
        ...user,
        membership: 'free',
        expires_soon: false,
        expired_recently: true,
        expire_type: 'pro',
      }),
    ).toEqual({ tone: 'ended', text: 'Your Pro membership ended on December 1, 2026.' });
    // 07:30 UTC on 1 December is still 30 November in California.
    expect(expiryNotice({ ...user, expire_show_time: '2026-12-01T07:30:00.000Z' })?.text).toContain(
      'November 30, 2026',
    );
  });

  it('shows no banner for managed members or a level with time to spare', () => {
    expect(expiryNotice({ ...user, membership: 'managed' })).toBeNull();
    expect(expiryNotice({ ...user, expires_soon: false, expire_type: '' })).toBeNull();
  });

  it('says the level paid for and the date it runs until (docs/domain.md Payments)', () => {
    expect(paidNotice({ membership: 'premium', expire_show_time: '2026-12-01T20:00:00.000Z' })).toBe(
      'You are now a Premium member until December 1, 2026.',
    );
    expect(paidNotice({ membership: 'pro', expire_show_time: '2027-01-05T20:00:00.000Z' })).toBe(
      'You are now a Pro member until January 5, 2027.',
    );
    expect(paidNotice({ membership: 'free', expire_show_time: '' })).toBe('Your payment went through.');
  });
});
