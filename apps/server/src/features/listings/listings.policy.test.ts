import { describe, expect, it } from 'vitest';
import { listings as contract } from '@marquee/contract';
import {
  listingPageOf,
  listingStatusWords,
  pacificWeeks,
  planPointChange,
  realUrlOfSimulated,
  testCategoryOf,
} from './listings.policy.js';

const OTHER = [0, 5, 10, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25];

describe('point choices (spec 2 §5, §6, D6.1)', () => {
  it('for a new listing: IMDb free [0,18], paid [0,12..18], other types [0,5,10,15..25], managed [0]', () => {
    expect(contract.newListingPointOptions('imdb-view', 'free')).toEqual([0, 18]);
    expect(contract.newListingPointOptions('imdb-view', 'premium')).toEqual([0, 12, 13, 14, 15, 16, 17, 18]);
    expect(contract.newListingPointOptions('imdb-view', 'pro')).toEqual([0, 12, 13, 14, 15, 16, 17, 18]);
    for (const type of ['twitter-follow', 'youtube-view', 'facebook-like'] as const) {
      expect(contract.newListingPointOptions(type, 'free')).toEqual(OTHER);
      expect(contract.newListingPointOptions(type, 'pro')).toEqual(OTHER);
    }
    expect(contract.newListingPointOptions('twitter-follow', 'managed')).toEqual([0]);
  });

  it('starts a new listing on 18, or 0 where 18 is not a choice', () => {
    expect(contract.defaultNewPoints('imdb-view', 'free')).toBe(18);
    expect(contract.defaultNewPoints('youtube-view', 'premium')).toBe(18);
    expect(contract.defaultNewPoints('imdb-view', 'managed')).toBe(0);
  });

  it('for an existing listing, always with its current points', () => {
    const imdb = (give: number, page_category: 3 | 4 | null = 3) => ({
      type: 'imdb-view' as const,
      page_category,
      give,
    });
    expect(contract.listingPointOptions(imdb(18), 'free')).toEqual([0, 18]);
    expect(contract.listingPointOptions(imdb(14), 'free')).toEqual([0, 14, 18]);
    expect(contract.listingPointOptions(imdb(18), 'premium')).toEqual([0, 12, 13, 14, 15, 16, 17, 18]);
    expect(contract.listingPointOptions(imdb(18, 4), 'pro')).toEqual([
      0, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18,
    ]);
    // Free members give 0 or 18 on IMDb whatever the page (spec 2 §6).
    expect(contract.listingPointOptions(imdb(18, 4), 'free')).toEqual([0, 18]);
    expect(contract.listingPointOptions(imdb(18), 'managed')).toEqual([0, 18]);
    expect(contract.listingPointOptions(imdb(0), 'managed')).toEqual([0]);
    const follow = { type: 'twitter-follow' as const, page_category: null, give: 7 };
    expect(contract.listingPointOptions(follow, 'free')).toEqual([
      0, 5, 7, 10, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25,
    ]);
  });
});

describe('rate limits (spec 2 §5, D4.5)', () => {
  it('are off, automatic, 20 to 100 by 5, 150 and 200', () => {
    expect(contract.RATE_LIMIT_VALUES).toEqual([
      500, 99, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80, 85, 90, 95, 100, 150, 200,
    ]);
  });

  it('give free members off, automatic or the current value; YouTube never automatic', () => {
    expect(contract.rateLimitChoices({ type: 'imdb-view', rl_selection: 500 }, 'free')).toEqual([500, 99]);
    expect(contract.rateLimitChoices({ type: 'imdb-view', rl_selection: 60 }, 'free')).toEqual([500, 99, 60]);
    expect(contract.rateLimitChoices({ type: 'youtube-view', rl_selection: 500 }, 'free')).toEqual([500]);
    expect(contract.rateLimitChoices({ type: 'youtube-view', rl_selection: 500 }, 'premium')).not.toContain(
      99,
    );
    expect(contract.rateLimitChoices({ type: 'twitter-follow', rl_selection: 500 }, 'managed')).toEqual(
      contract.RATE_LIMIT_VALUES,
    );
    // A value that is not a rate limit at all is never offered back.
    expect(contract.rateLimitChoices({ type: 'imdb-view', rl_selection: 33 }, 'free')).toEqual([500, 99]);
  });

  it('are labelled Off, with the automatic label, or per day', () => {
    expect(contract.rateLimitLabel(500, 'Automatic (3 a day)')).toBe('Off');
    expect(contract.rateLimitLabel(99, 'Automatic (3 a day)')).toBe('Automatic (3 a day)');
    expect(contract.rateLimitLabel(45, '')).toBe('45 a day');
    expect(contract.distributionLabel(3)).toBe('12am, 8am, 4pm');
    expect(contract.distributionLabel(4)).toBe('12am, 6am, 12pm, 6pm');
  });
});

describe('sponsored counts (spec 2 §4)', () => {
  it('colour green, orange or red', () => {
    expect(contract.sponsorCountColour(100, 90)).toBe('green');
    expect(contract.sponsorCountColour(100, 91)).toBe('orange');
    expect(contract.sponsorCountColour(100, 99)).toBe('orange');
    expect(contract.sponsorCountColour(100, 100)).toBe('red');
    expect(contract.sponsorCountColour(0, 0)).toBe('red');
    expect(contract.sponsorCountColour(-5, 40)).toBe('green');
  });

  it('show the pause button while bought is above 0 and used below it', () => {
    expect(contract.sponsoredPausable(100, 99)).toBe(true);
    expect(contract.sponsoredPausable(100, 100)).toBe(false);
    expect(contract.sponsoredPausable(0, 0)).toBe(false);
    expect(contract.sponsoredPausable(-10, 0)).toBe(false);
  });

  it('counts down a point change in the spec’s words', () => {
    expect(contract.changingText(12, 300)).toBe('Changing to 12 in 300 seconds');
    expect(contract.changingText(12, 0.4)).toBe('Changing to 12 in 1 second');
    expect(contract.changingText(12, -3)).toBe('Changing to 12 in 0 seconds');
  });
});

describe('point changes (D6.2)', () => {
  const now = new Date('2026-03-10T18:00:00Z');
  it('apply from 0 at once, otherwise 300 s later; the current points withdraw a change', () => {
    expect(planPointChange(0, 15, now)).toEqual({ kind: 'now', give: 15 });
    expect(planPointChange(18, 0, now)).toEqual({
      kind: 'later',
      changingTo: 0,
      changeAt: new Date('2026-03-10T18:05:00Z'),
    });
    expect(planPointChange(18, 18, now)).toEqual({ kind: 'keep' });
  });
});

describe('listing addresses (spec 2 §5)', () => {
  it('take IMDb name and title pages, X handles, YouTube videos and Facebook pages, in canonical form', () => {
    expect(listingPageOf('imdb-view', 'https://m.imdb.com/name/nm0000123/?ref_=nv')).toEqual({
      externalId: 'nm0000123',
      url: 'https://www.imdb.com/name/nm0000123/',
    });
    expect(listingPageOf('imdb-view', 'imdb.com/de/title/tt7654321')).toEqual({
      externalId: 'tt7654321',
      url: 'https://www.imdb.com/title/tt7654321/',
    });
    expect(listingPageOf('imdb-view', 'https://www.imdb.com/list/ls000000001/')).toBeNull();
    expect(listingPageOf('twitter-follow', 'https://twitter.com/@Maya_F')).toEqual({
      externalId: 'Maya_F',
      url: 'https://x.com/Maya_F',
    });
    expect(listingPageOf('twitter-follow', 'https://www.instagram.com/maya')).toBeNull();
    expect(listingPageOf('youtube-view', 'https://youtu.be/dQw4w9WgXcQ?t=3')?.externalId).toBe('dQw4w9WgXcQ');
    expect(listingPageOf('youtube-view', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=x')).toEqual({
      externalId: 'dQw4w9WgXcQ',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
    expect(listingPageOf('youtube-view', 'https://www.youtube.com/@channel')).toBeNull();
    expect(listingPageOf('facebook-like', 'https://www.facebook.com/maya.official')?.externalId).toBe(
      'maya.official',
    );
  });

  it('read a simulated page’s address as the real page it stands for (D9.2)', () => {
    expect(realUrlOfSimulated('http://localhost:3000/sim/imdb/name/nm0000123/')).toBe(
      'https://www.imdb.com/name/nm0000123/',
    );
    expect(realUrlOfSimulated('/sim/x/maya')).toBe('https://x.com/maya');
    expect(realUrlOfSimulated('/sim/youtube/watch?v=dQw4w9WgXcQ')).toBe(
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    );
    expect(realUrlOfSimulated('/sim/facebook/maya.official')).toBe('https://www.facebook.com/maya.official');
    expect(realUrlOfSimulated('https://www.imdb.com/name/nm1/')).toBe('https://www.imdb.com/name/nm1/');
  });

  it('ask a person page about its biggest credit category, the first listed on a tie (D5.2)', () => {
    expect(testCategoryOf({ actor: 4, director: 9, writer: 9 })).toBe('director');
    expect(testCategoryOf({ actress: 3 })).toBe('actress');
    expect(testCategoryOf({ actor: 0 })).toBeNull();
    expect(testCategoryOf({})).toBeNull();
  });
});

describe('Pacific weeks (D1.1, D1.2)', () => {
  it('run Monday to Sunday in Los Angeles, daylight saving included', () => {
    // Tuesday 10 March 2026, 11:00 PDT.
    expect(pacificWeeks(new Date('2026-03-10T18:00:00Z'))).toMatchObject({
      today: '2026-03-10',
      thisMonday: '2026-03-09',
      lastMonday: '2026-03-02',
    });
    // Monday 9 March 2026 01:00 UTC is still Sunday 8 March in Los Angeles.
    expect(pacificWeeks(new Date('2026-03-09T01:00:00Z'))).toMatchObject({
      today: '2026-03-08',
      thisMonday: '2026-03-02',
      lastMonday: '2026-02-23',
    });
    const monday = pacificWeeks(new Date('2026-11-02T09:00:00Z'));
    expect(monday).toMatchObject({ today: '2026-11-02', thisMonday: '2026-11-02', lastMonday: '2026-10-26' });
    // The index bound is before last Monday began in Los Angeles.
    expect(monday.since.getTime()).toBeLessThan(new Date('2026-10-26T07:00:00Z').getTime());
  });
});

describe('status words', () => {
  const base = { status: 'active', give: 10, changingTo: null, sponsorLeft: false, ownerPoints: 100 };
  it('say what keeps a listing from being offered', () => {
    expect(listingStatusWords(base)).toBe('Active');
    expect(listingStatusWords({ ...base, changingTo: 5 })).toBe('Changing points');
    expect(listingStatusWords({ ...base, give: 0 })).toBe('Off (0 points)');
    expect(listingStatusWords({ ...base, ownerPoints: 9 })).toBe('Needs points');
    expect(listingStatusWords({ ...base, ownerPoints: 9, sponsorLeft: true })).toBe('Active');
    expect(listingStatusWords({ ...base, status: 'pending' })).toBe('Pending review');
    expect(listingStatusWords({ ...base, status: 'invalid' })).toBe('Invalid');
  });
});
