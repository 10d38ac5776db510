import { describe, expect, it } from 'vitest';
import { exchangeListingOf, weekStart } from './imdb-exchange.policy.js';

const listing = (id: number, externalId: string, createdAt: string) => ({
  id,
  externalId,
  createdAt: new Date(createdAt),
});

describe('exchangeListingOf (EX10)', () => {
  const older = listing(7, 'tt0133093', '2026-01-01T00:00:00Z');
  const own = listing(9, 'nm0000206', '2026-02-01T00:00:00Z');
  const newer = listing(8, 'nm1111111', '2026-03-01T00:00:00Z');

  it("is the person page of the profile's IMDb address, however the address is written", () => {
    for (const url of [
      'https://www.imdb.com/name/nm0000206/',
      'imdb.com/name/NM0000206',
      'https://m.imdb.com/name/nm0000206/?ref_=x',
    ])
      expect(exchangeListingOf(url, [newer, own, older])?.id).toBe(9);
  });

  it('is the oldest listing otherwise, the lower id first when two were made at once', () => {
    expect(exchangeListingOf('https://www.imdb.com/name/nm9999999/', [newer, own, older])?.id).toBe(7);
    expect(exchangeListingOf(null, [newer, own])?.id).toBe(9);
    const twin = listing(3, 'nm2222222', '2026-01-01T00:00:00Z');
    expect(exchangeListingOf(null, [older, twin])?.id).toBe(3);
  });

  it('is null without an active IMDb listing', () => {
    expect(exchangeListingOf('https://www.imdb.com/name/nm0000206/', [])).toBeNull();
  });
});

describe('weekStart (D1.2)', () => {
  it('is Monday 12am Pacific, daylight saving included', () => {
    // Tuesday 10 March 2026, 11am PDT.
    expect(weekStart(new Date('2026-03-10T18:00:00Z')).toISOString()).toBe('2026-03-09T07:00:00.000Z');
    // Sunday 8 March 2026, 11pm PDT: the week began before the clocks changed (PST).
    expect(weekStart(new Date('2026-03-09T06:00:00Z')).toISOString()).toBe('2026-03-02T08:00:00.000Z');
    // Monday 12:00:30am PDT is already the new week.
    expect(weekStart(new Date('2026-03-09T07:00:30Z')).toISOString()).toBe('2026-03-09T07:00:00.000Z');
  });
});
