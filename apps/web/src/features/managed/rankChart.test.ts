import { describe, expect, it } from 'vitest';
import { rankSpan, shortWeek } from './rankChart';

describe('the rank chart (MR10)', () => {
  it('names the weeks on its axis in few words', () => {
    expect(shortWeek('March 22, 2026')).toBe('Mar 22');
    expect(shortWeek('November 1, 2026')).toBe('Nov 1');
    expect(shortWeek('not a week')).toBe('not a week');
  });

  it('spans the ranks and the target, with room above and below, never below 0', () => {
    expect(rankSpan([100_000, 200_000], 45_000)).toEqual({ min: 26_400, max: 218_600 });
    expect(rankSpan([100_000, 200_000], null)).toEqual({ min: 88_000, max: 212_000 });
    expect(rankSpan([50_000], null)).toEqual({ min: 48_800, max: 51_200 });
    expect(rankSpan([10, 20_000], 45_000).min).toBe(0);
  });
});
