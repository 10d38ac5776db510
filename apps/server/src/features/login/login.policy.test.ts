import { describe, expect, it } from 'vitest';
import { addDays } from '../../platform/time.js';
import {
  imdbPageCode,
  signInDelayMs,
  unconfirmedRemovalCutoff,
  unconfirmedRemovalDay,
  waitInWords,
} from './login.policy.js';

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

describe('the day an unconfirmed account is removed (U6)', () => {
  it('is the first Pacific day that begins once 7 days have passed', () => {
    // 11:00 on March 10 in Los Angeles (PDT): the link lapses at 11:00 on March 17.
    expect(unconfirmedRemovalDay(new Date('2026-03-10T18:00:00Z'))).toBe('2026-03-18');
    // 23:30 PST on November 30: lapses late on December 7, removed as December 8 begins.
    expect(unconfirmedRemovalDay(new Date('2026-12-01T07:30:00Z'))).toBe('2026-12-08');
    // Started exactly at midnight: lapses exactly as the 7th day after begins, removed that day.
    expect(unconfirmedRemovalDay(new Date('2026-12-01T08:00:00Z'))).toBe('2026-12-08');
  });
  it('removes on that day exactly the accounts whose day it is or was', () => {
    for (const started of ['2026-03-10T18:00:00Z', '2026-12-01T07:30:00Z', '2026-12-01T08:00:00Z']) {
      const at = new Date(started);
      const day = unconfirmedRemovalDay(at);
      expect(at.getTime()).toBeLessThanOrEqual(unconfirmedRemovalCutoff(day).getTime());
      expect(at.getTime()).toBeGreaterThan(unconfirmedRemovalCutoff(addDays(day, -1)).getTime());
    }
  });
});
