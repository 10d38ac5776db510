import { describe, expect, it } from 'vitest';
import { pro } from '@marquee/contract';
import { pacificDay } from '../../platform/time.js';
import {
  bonusTopUp,
  daysOfWeekSoFar,
  formatRankChange,
  isMinimumOption,
  mayUseProPanels,
  presentWeek,
  weekdayOf,
} from './pro.policy.js';
import { addDays, pacificMidnight, weekOf } from '../../platform/time.js';

describe('the rank change colour (spec 2 §9)', () => {
  it('is red above 10000, black above 0, green otherwise', () => {
    expect(pro.rankChangeColour(10001)).toBe('red');
    expect(pro.rankChangeColour(10000)).toBe('black');
    expect(pro.rankChangeColour(1)).toBe('black');
    expect(pro.rankChangeColour(0)).toBe('green');
    expect(pro.rankChangeColour(-25000)).toBe('green');
  });
});

describe('rank changes', () => {
  it('carry their sign and thousands separators', () => {
    expect(formatRankChange(1204)).toBe('+1,204');
    expect(formatRankChange(-87)).toBe('-87');
    expect(formatRankChange(-1234567)).toBe('-1,234,567');
    expect(formatRankChange(0)).toBe('0');
  });

  it('are this week’s rank minus last week’s, unknown when either was not read', () => {
    expect(presentWeek({ weekEnding: '2026-03-08', views: 3, rank: 5000, previousRank: 16500 })).toEqual({
      weekEnding: '2026-03-08',
      views: 3,
      rank: 5000,
      change: '-11,500',
      changeInt: -11500,
    });
    expect(
      presentWeek({ weekEnding: '2026-03-08', views: 0, rank: 22000, previousRank: 9000 }),
    ).toMatchObject({
      change: '+13,000',
      changeInt: 13000,
    });
    expect(presentWeek({ weekEnding: '2026-03-08', views: 0, rank: 5000, previousRank: null })).toMatchObject(
      {
        change: '',
        changeInt: null,
      },
    );
  });
});

describe('Pacific weeks (D1.2)', () => {
  it('run Monday to Sunday, across months and years', () => {
    expect(weekOf('2026-03-08')).toEqual({ monday: '2026-03-02', sunday: '2026-03-08' });
    expect(weekOf('2026-03-09')).toEqual({ monday: '2026-03-09', sunday: '2026-03-15' });
    expect(weekOf('2027-01-01')).toEqual({ monday: '2026-12-28', sunday: '2027-01-03' });
    expect(weekdayOf('2026-03-09')).toBe('Monday');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(daysOfWeekSoFar('2026-03-11')).toEqual(['2026-03-09', '2026-03-10', '2026-03-11']);
    expect(daysOfWeekSoFar('2026-03-09')).toEqual(['2026-03-09']);
  });

  it('begin at Pacific midnight on either side of a clock change', () => {
    // 8 March 2026: clocks go forward at 2am; the week of 2 March began in standard time.
    expect(pacificMidnight('2026-03-02').toISOString()).toBe('2026-03-02T08:00:00.000Z');
    expect(pacificMidnight('2026-03-08').toISOString()).toBe('2026-03-08T08:00:00.000Z');
    expect(pacificMidnight('2026-03-09').toISOString()).toBe('2026-03-09T07:00:00.000Z');
    // 1 November 2026: clocks go back at 2am.
    expect(pacificMidnight('2026-11-01').toISOString()).toBe('2026-11-01T07:00:00.000Z');
    expect(pacificMidnight('2026-11-02').toISOString()).toBe('2026-11-02T08:00:00.000Z');
    for (const day of ['2026-03-08', '2026-03-09', '2026-11-01', '2026-11-02']) {
      const start = pacificMidnight(day);
      expect(pacificDay(start)).toBe(day);
      expect(pacificDay(new Date(start.getTime() - 1))).toBe(addDays(day, -1));
    }
  });
});

describe('pro settings', () => {
  it('are for pro members only, with the minimum values of the panel', () => {
    expect(mayUseProPanels('pro')).toBe(true);
    for (const level of ['free', 'premium', 'managed'] as const) expect(mayUseProPanels(level)).toBe(false);
    for (const value of [0, 5, 10, 12, 15, 18]) expect(isMinimumOption(value)).toBe(true);
    for (const value of [1, 11, 20, -5]) expect(isMinimumOption(value)).toBe(false);
  });

  it('top a bonus title up to 25 sponsored views left, never more', () => {
    expect(bonusTopUp(0, 0)).toBe(25);
    expect(bonusTopUp(25, 10)).toBe(10);
    expect(bonusTopUp(250, 10)).toBe(0);
    expect(bonusTopUp(25, 0)).toBe(0);
    // Used past the bought count by offers open at the time: the full 25 are still added.
    expect(bonusTopUp(100, 103)).toBe(25);
    // A negative count from the old site counts as its absolute value (spec 2 §3).
    expect(bonusTopUp(-20, 0)).toBe(5);
  });
});
