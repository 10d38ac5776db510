import { describe, expect, it } from 'vitest';
import {
  canBuySponsored,
  defaultSponsorCount,
  imdbSponsorPennies,
  prettyEnd,
  specialCounts,
  sponsoredDescription,
  sponsorOptions,
  type RunningSpecial,
} from './sponsored.policy.js';

const special: RunningSpecial = {
  id: 7,
  minimum: 500,
  maximum: 2000,
  pricePennies: 900,
  types: ['imdb-view'],
};

describe('sponsorOptions (spec 2 §9, D6.4)', () => {
  it('IMDb: 250 views at the current price', () => {
    expect(sponsorOptions('imdb-view', { imdbPricePennies: 1200 })).toEqual([
      { count: 250, pennies: 1200, price: '$12.00', special: false, special_id: null },
    ]);
    expect(sponsorOptions('imdb-view', { imdbPricePennies: 1850 })[0]?.price).toBe('$18.50');
  });

  it('keeps the IMDb price within $5-$25 whatever is stored', () => {
    expect(sponsorOptions('imdb-view', { imdbPricePennies: 100 })[0]?.pennies).toBe(500);
    expect(sponsorOptions('imdb-view', { imdbPricePennies: 9999 })[0]?.pennies).toBe(2500);
    expect(imdbSponsorPennies(499)).toBe(500);
    expect(imdbSponsorPennies(2501)).toBe(2500);
    expect(imdbSponsorPennies(Number.NaN)).toBe(1200);
  });

  it('other types: 100 for $8, 200 for $16, 300 for $24, 500 for $35', () => {
    for (const type of ['twitter-follow', 'youtube-view', 'facebook-like'] as const) {
      expect(sponsorOptions(type, { imdbPricePennies: 2000 }).map((o) => [o.count, o.price])).toEqual([
        [100, '$8.00'],
        [200, '$16.00'],
        [300, '$24.00'],
        [500, '$35.00'],
      ]);
    }
  });

  it('a running special that covers the type adds multiples of its minimum up to its maximum, at its price', () => {
    const options = sponsorOptions('imdb-view', { imdbPricePennies: 1200 }, special);
    expect(options.map((o) => [o.count, o.pennies, o.special, o.special_id])).toEqual([
      [250, 1200, false, null],
      [500, 900, true, 7],
      [1000, 1800, true, 7],
      [1500, 2700, true, 7],
      [2000, 3600, true, 7],
    ]);
  });

  it('a special that does not cover the type adds nothing', () => {
    expect(sponsorOptions('youtube-view', { imdbPricePennies: 1200 }, special)).toHaveLength(4);
    expect(sponsorOptions('youtube-view', { imdbPricePennies: 1200 }, null)).toHaveLength(4);
  });

  it('special counts stop at the last multiple within the maximum', () => {
    expect(specialCounts({ minimum: 300, maximum: 1000 })).toEqual([300, 600, 900]);
    expect(specialCounts({ minimum: 100, maximum: 100 })).toEqual([100]);
    expect(specialCounts({ minimum: 0, maximum: 100 })).toEqual([]);
  });

  it('the form starts on 250 for IMDb and 100 otherwise', () => {
    expect(defaultSponsorCount('imdb-view')).toBe(250);
    expect(defaultSponsorCount('twitter-follow')).toBe(100);
    expect(defaultSponsorCount('youtube-view')).toBe(100);
  });

  it('is sold only for active listings', () => {
    expect(canBuySponsored('active')).toBe(true);
    for (const status of ['paused', 'pending', 'disabled', 'invalid', 'deleted']) {
      expect(canBuySponsored(status)).toBe(false);
    }
  });
});

describe('words', () => {
  it('names a purchase the way the checkout shows it', () => {
    expect(sponsoredDescription(250, 'imdb-view', 'Jane Doe')).toBe(
      '250 sponsored IMDb views for "Jane Doe"',
    );
    expect(sponsoredDescription(1500, 'twitter-follow', '@jane')).toBe(
      '1,500 sponsored Twitter follows for "@jane"',
    );
  });

  it('says when a special ends on Pacific time (D1.1)', () => {
    // Midnight Pacific at the end of Sunday 6 December 2026 (PST, UTC-8).
    expect(prettyEnd(new Date('2026-12-07T08:00:00Z'))).toBe('Sunday, December 6 at 11:59pm PT');
    // Summer time (PDT, UTC-7): 3:30pm, to the minute.
    expect(prettyEnd(new Date('2026-07-01T22:30:00Z'))).toBe('Wednesday, July 1 at 3:30pm PT');
    expect(prettyEnd(new Date('2026-07-01T22:30:45Z'))).toBe('Wednesday, July 1 at 3:30pm PT');
    expect(prettyEnd(new Date('2026-07-02T07:00:00Z'))).toBe('Wednesday, July 1 at 11:59pm PT');
  });
});
