import { describe, expect, it } from 'vitest';
import { amountClass, amountLabel, amountWords, pagerItems, undone } from './pages';

describe('History pager and amounts', () => {
  it('shows every page when there are few', () => {
    expect(pagerItems(1, 4, 5, 1)).toEqual([1, 2, 3, 4]);
  });

  it('keeps the ends and a range around the current page, with gaps marked', () => {
    expect(pagerItems(10, 20, 5, 1)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20]);
    expect(pagerItems(2, 20, 3, 1)).toEqual([1, 2, 3, null, 20]);
  });

  it('uses fewer controls with a smaller range and margin (narrow windows, spec 2 §2)', () => {
    expect(pagerItems(10, 20, 1, 1)).toEqual([1, null, 10, null, 20]);
  });

  it('writes V4V for 99 and -99, a + before gains', () => {
    expect(amountLabel(99)).toBe('V4V');
    expect(amountLabel(-99)).toBe('V4V');
    expect(amountLabel(18)).toBe('+18');
    expect(amountWords(99)).toBe('View-For-View swap, no points');
    expect(amountWords(-18)).toBe('-18 points');
    expect([amountClass(-99), amountClass(5), amountClass(-5)]).toEqual(['is-swap', 'is-gain', 'is-cost']);
    expect(amountLabel(-18)).toBe('-18');
    expect(amountLabel(0)).toBe('0');
  });

  it('knows a reversed or invalid row, whose points were taken back', () => {
    expect(undone({ verify: 'Reversed' })).toBe(true);
    expect(undone({ verify: 'Invalid' })).toBe(true);
    expect(undone({ verify: 'yes' })).toBe(false);
    expect(undone({ verify: 'Not checked' })).toBe(false);
  });
});
