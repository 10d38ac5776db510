import { describe, expect, it } from 'vitest';
import {
  RANK_LABELS,
  WEEKLY_VIEWS_BASE,
  WEEKLY_VIEWS_MAX,
  WEEKLY_VIEWS_MIN,
  formatStarmeter,
  questionCategory,
  rankLabels,
  targetOf,
  tierNameOf,
  weeklyViews,
} from './managed.policy.js';

const TARGET = 45_000;

describe('sizing the week’s views (MR8)', () => {
  it('sends the base when nothing is known of the page', () => {
    expect(weeklyViews({ target: TARGET, ranks: [], views: [] })).toBe(WEEKLY_VIEWS_BASE);
    expect(weeklyViews({ target: TARGET, ranks: [null, null], views: [] })).toBe(250);
  });

  it('keeps the week before’s views while no rank has been read', () => {
    expect(weeklyViews({ target: TARGET, ranks: [null], views: [640] })).toBe(640);
  });

  it('sends more the further the page is from the target: the base times the gap', () => {
    expect(weeklyViews({ target: TARGET, ranks: [90_000], views: [] })).toBe(500);
    expect(weeklyViews({ target: TARGET, ranks: [180_000], views: [] })).toBe(1_000);
    const near = weeklyViews({ target: TARGET, ranks: [50_000], views: [] });
    const far = weeklyViews({ target: TARGET, ranks: [300_000], views: [] });
    expect(near).toBeLessThan(far);
  });

  it('sends fewer at or better than the target than just short of it', () => {
    const atTarget = weeklyViews({ target: TARGET, ranks: [45_000], views: [] });
    const justShort = weeklyViews({ target: TARGET, ranks: [45_001], views: [] });
    expect(atTarget).toBe(150);
    expect(justShort).toBe(250);
    expect(weeklyViews({ target: TARGET, ranks: [22_500], views: [] })).toBe(75);
  });

  it('gives a page slipping short of its target a quarter more', () => {
    const steady = weeklyViews({ target: TARGET, ranks: [90_000, 95_000], views: [] });
    const slipping = weeklyViews({ target: TARGET, ranks: [90_000, 80_000], views: [] });
    expect(steady).toBe(500);
    expect(slipping).toBe(625);
    // The ranks are read newest first, skipping weeks that could not be read.
    expect(weeklyViews({ target: TARGET, ranks: [null, 90_000, null, 80_000], views: [] })).toBe(625);
  });

  it('never more than doubles or halves the week before’s views', () => {
    expect(weeklyViews({ target: TARGET, ranks: [450_000], views: [300] })).toBe(600);
    expect(weeklyViews({ target: TARGET, ranks: [20_000], views: [1_000] })).toBe(500);
    // The worked example of the rule's comment.
    expect(weeklyViews({ target: TARGET, ranks: [90_000, 180_000], views: [1_000] })).toBe(500);
    expect(weeklyViews({ target: TARGET, ranks: [45_000, 90_000], views: [500] })).toBe(250);
    expect(weeklyViews({ target: TARGET, ranks: [30_000, 45_000], views: [250] })).toBe(125);
  });

  it('stays between 50 and 2,000, a whole number', () => {
    expect(weeklyViews({ target: TARGET, ranks: [5_000_000], views: [] })).toBe(WEEKLY_VIEWS_MAX);
    expect(weeklyViews({ target: TARGET, ranks: [5_000_000], views: [1_500] })).toBe(WEEKLY_VIEWS_MAX);
    expect(weeklyViews({ target: TARGET, ranks: [1], views: [] })).toBe(WEEKLY_VIEWS_MIN);
    expect(weeklyViews({ target: TARGET, ranks: [1], views: [60] })).toBe(WEEKLY_VIEWS_MIN);
    expect(weeklyViews({ target: TARGET, ranks: [null], views: [9_000] })).toBe(WEEKLY_VIEWS_MAX);
    expect(weeklyViews({ target: TARGET, ranks: [null], views: [3] })).toBe(WEEKLY_VIEWS_MIN);
    for (const rank of [1, 999, 44_999, 45_000, 45_001, 61_234, 175_000, 899_999]) {
      const views = weeklyViews({ target: TARGET, ranks: [rank], views: [] });
      expect(Number.isInteger(views)).toBe(true);
      expect(views).toBeGreaterThanOrEqual(WEEKLY_VIEWS_MIN);
      expect(views).toBeLessThanOrEqual(WEEKLY_VIEWS_MAX);
    }
  });

  it('sizes each tier on its own target', () => {
    const ranks = [120_000];
    expect(weeklyViews({ target: targetOf(3) as number, ranks, views: [] })).toBe(667);
    expect(weeklyViews({ target: targetOf(2) as number, ranks, views: [] })).toBe(353);
    expect(weeklyViews({ target: targetOf(1) as number, ranks, views: [] })).toBe(103);
  });
});

describe('the labels of the rank history (MR7)', () => {
  const week = (rank: number, target: number | null = TARGET) => ({ rank, target });

  it('calls the first week the starting point, whatever its rank', () => {
    expect(rankLabels([week(30_000)])).toEqual([RANK_LABELS.start]);
    expect(rankLabels([week(300_000)])).toEqual(['Starting point']);
    expect(rankLabels([])).toEqual([]);
  });

  it('says On target at or better than the target, else compares with the week before', () => {
    expect(
      rankLabels([
        week(45_000), // at the target
        week(60_000), // better than 70,000
        week(70_000), // 5% worse than 66,667 at most
        week(66_667), // far worse than 40,000
        week(40_000), // better than the target
        week(90_000),
      ]),
    ).toEqual(['On target', 'Closing in', 'Holding', 'Slipping', 'On target', 'Starting point']);
  });

  it('holds at the same rank and up to 5% worse, slips beyond', () => {
    expect(rankLabels([week(100_000), week(100_000)])[0]).toBe('Holding');
    expect(rankLabels([week(105_000), week(100_000)])[0]).toBe('Holding');
    expect(rankLabels([week(105_001), week(100_000)])[0]).toBe('Slipping');
    expect(rankLabels([week(99_999), week(100_000)])[0]).toBe('Closing in');
  });

  it('reads each week against its own tier’s target', () => {
    expect(rankLabels([week(80_000, 85_000), week(90_000, 45_000)])[0]).toBe('On target');
    expect(rankLabels([week(80_000, 45_000), week(90_000, 45_000)])[0]).toBe('Closing in');
    expect(rankLabels([week(80_000, null), week(70_000, null)])[0]).toBe('Slipping');
  });
});

describe('the service’s small rules', () => {
  it('formats the STARmeter as IMDb shows it', () => {
    expect(formatStarmeter(45_210)).toBe('45,210');
    expect(formatStarmeter(987)).toBe('987');
    expect(formatStarmeter(1_234_567)).toBe('1,234,567');
  });

  it('knows the three tiers’ targets and names, and nothing else', () => {
    expect([targetOf(3), targetOf(2), targetOf(1)]).toEqual([45_000, 85_000, 175_000]);
    expect([tierNameOf(3), tierNameOf(2), tierNameOf(1)]).toEqual(['Top 60K', 'Top 100K', 'Top 200K']);
    expect(targetOf(null)).toBeNull();
    expect(targetOf(4)).toBeNull();
    expect(tierNameOf(0)).toBeNull();
  });

  it('asks about the category with the most credits, as Add Listing does', () => {
    expect(questionCategory({ actor: 4, director: 9, writer: 9 })).toBe('director');
    expect(questionCategory({ actor: 0 })).toBeNull();
    expect(questionCategory({})).toBeNull();
  });
});
