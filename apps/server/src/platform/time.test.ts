import { describe, expect, it } from 'vitest';
import { pacificDay, timeAgo } from './time.js';

describe('Pacific days (D1.1)', () => {
  it('a UTC morning is still the previous Pacific day', () => {
    expect(pacificDay(new Date('2026-07-02T06:59:00Z'))).toBe('2026-07-01'); // 11:59pm PDT
    expect(pacificDay(new Date('2026-07-02T07:00:00Z'))).toBe('2026-07-02'); // midnight PDT
  });
  it('follows standard time in winter', () => {
    expect(pacificDay(new Date('2026-01-15T07:59:00Z'))).toBe('2026-01-14'); // 11:59pm PST
    expect(pacificDay(new Date('2026-01-15T08:00:00Z'))).toBe('2026-01-15');
  });
  it('midnight across the spring-forward and fall-back changes', () => {
    expect(pacificDay(new Date('2026-03-08T07:59:00Z'))).toBe('2026-03-07'); // PST before the change
    expect(pacificDay(new Date('2026-03-09T07:00:00Z'))).toBe('2026-03-09'); // PDT after it
    expect(pacificDay(new Date('2026-11-01T06:59:00Z'))).toBe('2026-10-31');
    expect(pacificDay(new Date('2026-11-02T08:00:00Z'))).toBe('2026-11-02');
  });
});

describe('time ago', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  const back = (s: number) => new Date(now.getTime() - s * 1000);
  it('says how long ago in the largest whole unit', () => {
    expect(timeAgo(back(10), now)).toBe('just now');
    expect(timeAgo(back(60), now)).toBe('1 minute ago');
    expect(timeAgo(back(5 * 3600), now)).toBe('5 hours ago');
    expect(timeAgo(back(3 * 86400), now)).toBe('3 days ago');
    expect(timeAgo(back(400 * 86400), now)).toBe('1 year ago');
  });
  it('never goes negative', () => {
    expect(timeAgo(new Date(now.getTime() + 5000), now)).toBe('just now');
  });
});
