import { describe, expect, it } from 'vitest';
import { imdbPageCode, signInDelayMs, waitInWords } from './login.policy.js';

describe('sign-in delays per account and address (S1)', () => {
  it('lets the first four failures through, then doubles the wait from 1 s', () => {
    expect([0, 1, 2, 3].map(signInDelayMs)).toEqual([0, 0, 0, 0]);
    expect([4, 5, 6, 7, 8].map(signInDelayMs)).toEqual([1000, 2000, 4000, 8000, 16_000]);
  });
  it('never waits more than 15 minutes, however many failures', () => {
    expect(signInDelayMs(13)).toBe(512_000);
    expect(signInDelayMs(14)).toBe(15 * 60_000);
    expect(signInDelayMs(500)).toBe(15 * 60_000);
  });
});

describe('waits in words', () => {
  it.each([
    [0.2, '1 second'],
    [1, '1 second'],
    [40, '40 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [3600, '60 minutes'],
    [5400, '90 minutes'],
    [72_000, '20 hours'],
  ])('%s s reads "%s"', (seconds, words) => {
    expect(waitInWords(seconds)).toBe(words);
  });
});

describe('IMDb page codes', () => {
  it('reads the nm or tt code of any way of writing the page', () => {
    expect(imdbPageCode('https://www.imdb.com/name/nm0000123/')).toBe('nm0000123');
    expect(imdbPageCode('http://m.imdb.com/name/NM0000123?ref_=x')).toBe('nm0000123');
    expect(imdbPageCode('https://www.imdb.com/de/title/tt7654321/')).toBe('tt7654321');
  });
  it('is null for other pages', () => {
    expect(imdbPageCode('https://example.com/name/nm0000123')).toBeNull();
    expect(imdbPageCode('nm0000123')).toBeNull();
  });
});
