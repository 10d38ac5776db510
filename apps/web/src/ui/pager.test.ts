import { describe, expect, it } from 'vitest';
import { pagerItems, pagerShape } from './pager';

const wide = pagerShape(false);
const narrow = pagerShape(true);

describe('the directory pager (spec 3 §9: 2 margin and 3 range pages, 0 and 4 at 400 px or less)', () => {
  it('shows every page when there are few, and nothing for no pages', () => {
    expect(pagerItems(0, 1, wide.range, wide.margin)).toEqual([0]);
    expect(pagerItems(2, 5, wide.range, wide.margin)).toEqual([0, 1, 2, 3, 4]);
    expect(pagerItems(0, 0, wide.range, wide.margin)).toEqual([]);
  });

  it('keeps two pages at each end and three around the current one, with gaps marked', () => {
    expect(pagerItems(10, 20, wide.range, wide.margin)).toEqual([0, 1, null, 9, 10, 11, null, 18, 19]);
    expect(pagerItems(0, 20, wide.range, wide.margin)).toEqual([0, 1, 2, null, 18, 19]);
    expect(pagerItems(19, 20, wide.range, wide.margin)).toEqual([0, 1, null, 17, 18, 19]);
  });

  it('shows a lone left-out page rather than an ellipsis standing for one page', () => {
    expect(pagerItems(4, 20, wide.range, wide.margin)).toEqual([0, 1, 2, 3, 4, 5, null, 18, 19]);
  });

  it('shows four pages around the current one and no ends on narrow screens', () => {
    expect(pagerItems(10, 20, narrow.range, narrow.margin)).toEqual([9, 10, 11, 12]);
    expect(pagerItems(0, 20, narrow.range, narrow.margin)).toEqual([0, 1, 2, 3]);
    expect(pagerItems(19, 20, narrow.range, narrow.margin)).toEqual([16, 17, 18, 19]);
    expect(pagerItems(1, 3, narrow.range, narrow.margin)).toEqual([0, 1, 2]);
  });
});
