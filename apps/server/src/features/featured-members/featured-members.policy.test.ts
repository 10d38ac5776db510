import { describe, expect, it } from 'vitest';
import { pickFeatured, type FeatureCandidate } from './featured-members.policy.js';

const c = (id: number, featurePoints: number, featuredOn: string | null = null): FeatureCandidate => ({
  id,
  featurePoints,
  featuredOn,
});

/** A fixed sequence of draws, so the random tie-break is repeatable. */
const draws = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length] as number;
};

describe('the daily featuring pick (D8.3)', () => {
  it('picks the two with the most feature points', () => {
    const picked = pickFeatured([c(1, 25), c(2, 300), c(3, 0), c(4, 75)]);
    expect(picked.map((p) => p.id)).toEqual([2, 4]);
  });

  it('ties go to whoever waited longest since last featured, never featured first', () => {
    const picked = pickFeatured([c(1, 50, '2026-03-01'), c(2, 50, '2026-02-01'), c(3, 50, null), c(4, 10)]);
    expect(picked.map((p) => p.id)).toEqual([3, 2]);
  });

  it('remaining ties are drawn at random, each tied member able to win', () => {
    const tied = [c(1, 0), c(2, 0), c(3, 0)];
    const winners = new Set<number>();
    for (const first of [0, 0.5, 0.9]) {
      for (const second of [0, 0.9])
        winners.add(pickFeatured(tied, 1, draws(first, second))[0]?.id as number);
    }
    expect([...winners].sort()).toEqual([1, 2, 3]);
  });

  it('fewer candidates than places: all of them; none: nobody', () => {
    expect(pickFeatured([c(9, 5)]).map((p) => p.id)).toEqual([9]);
    expect(pickFeatured([])).toEqual([]);
  });
});
