import { describe, expect, it } from 'vitest';
import { attemptAllowed, imdbPageCode } from './login.policy.js';

const now = new Date('2026-05-01T12:00:00Z');
const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

describe('sign-in attempt limits', () => {
  it('allows attempts below the limit', () => {
    expect(attemptAllowed({ failures: [ago(3), ago(2)], limit: 5, windowMs: 15 * 60_000 }, now)).toEqual({
      allowed: true,
    });
  });
  it('refuses at the limit and says how long until the oldest failure leaves the window', () => {
    const failures = [ago(10), ago(8), ago(6), ago(4), ago(2)];
    expect(attemptAllowed({ failures, limit: 5, windowMs: 15 * 60_000 }, now)).toEqual({
      allowed: false,
      waitMinutes: 5,
    });
  });
  it('waits at least one minute', () => {
    const failures = [new Date(now.getTime() - 15 * 60_000 + 1000), ago(1)];
    expect(attemptAllowed({ failures, limit: 2, windowMs: 15 * 60_000 }, now)).toEqual({
      allowed: false,
      waitMinutes: 1,
    });
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
