import { describe, expect, it } from 'vitest';
import { listings, type sponsored } from '@marquee/contract';
import { countsInWords, defaultOption, optionKey, specialCounts, typesInWords } from './sponsor';

const option = (count: number, special_id: number | null = null): sponsored.SponsorOption => ({
  count,
  pennies: count * 4,
  price: `$${count * 0.04}`,
  special: special_id !== null,
  special_id,
});

describe('sponsored counts colour (spec 2 §4)', () => {
  it('green while at least 10 are left, orange for the last ones, red when none are', () => {
    expect(listings.sponsorCountColour(250, 0)).toBe('green');
    expect(listings.sponsorCountColour(250, 240)).toBe('green');
    expect(listings.sponsorCountColour(250, 241)).toBe('orange');
    expect(listings.sponsorCountColour(250, 249)).toBe('orange');
    expect(listings.sponsorCountColour(250, 250)).toBe('red');
    expect(listings.sponsorCountColour(250, 252)).toBe('red');
    expect(listings.sponsorCountColour(0, 0)).toBe('red');
  });

  it('green when bought is negative', () => {
    expect(listings.sponsorCountColour(-40, 100)).toBe('green');
  });
});

describe('the purchase form (spec 2 §9)', () => {
  it('starts on 250 for IMDb and 100 otherwise, never on a special', () => {
    const imdb = [option(250), option(250, 3), option(500, 3)];
    expect(optionKey(defaultOption('imdb-view', imdb))).toBe('regular:250');
    const others = [option(100, 3), option(100), option(200), option(300), option(500)];
    expect(optionKey(defaultOption('twitter-follow', others))).toBe('regular:100');
    expect(optionKey(defaultOption('youtube-view', [option(500, 3)]))).toBe('3:500');
    expect(defaultOption('youtube-view', [])).toBeUndefined();
  });

  it('says a special’s counts and types in words', () => {
    expect(specialCounts({ minimum: 500, maximum: 2000 })).toEqual([500, 1000, 1500, 2000]);
    expect(specialCounts({ minimum: 300, maximum: 1000 })).toEqual([300, 600, 900]);
    expect(countsInWords([500, 1000, 1500, 2000])).toBe('500, 1,000, 1,500 or 2,000');
    expect(countsInWords([500])).toBe('500');
    expect(typesInWords(['imdb-view'])).toBe('IMDb views');
    expect(typesInWords(['imdb-view', 'twitter-follow', 'youtube-view'])).toBe(
      'IMDb views, Twitter follows and YouTube views',
    );
  });
});
