import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../platform/time.js';
import { FEATURED_VIDEO_RULE, featuredVideoOrder, type VideoCandidate } from './featured-video.policy.js';

const dayStart = new Date('2026-05-10T07:00:00Z');
const v = (id: number, ups: number, downs: number, daysOld = 60): VideoCandidate => ({
  id,
  ups,
  downs,
  addedAt: new Date(dayStart.getTime() - daysOld * DAY_MS),
});
const days = Array.from({ length: 40 }, (_, i) =>
  new Date(Date.UTC(2026, 4, 1 + i)).toISOString().slice(0, 10),
);

describe('the featured video pick (docs/domain.md "Featured video")', () => {
  it('is the same all day: the order depends on the day and the ratings cast before it only', () => {
    const videos = [v(1, 9, 1), v(2, 4, 0), v(3, 0, 0, 3)];
    const a = featuredVideoOrder(videos, '2026-05-10', dayStart);
    expect(featuredVideoOrder([...videos].reverse(), '2026-05-10', dayStart)).toEqual(a);
    expect(a.sort()).toEqual([1, 2, 3]);
  });

  it('the best up-minus-down scores take turns, day by day', () => {
    const best = [v(1, 30, 2), v(2, 20, 0), v(3, 18, 1), v(4, 15, 0), v(5, 12, 2)];
    const firsts = new Set(days.map((day) => featuredVideoOrder(best, day, dayStart)[0]));
    expect([...firsts].sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('beyond the top five, an old low-scoring video waits; a new one with few ratings gets its turn', () => {
    const top = [v(1, 30, 0), v(2, 25, 0), v(3, 20, 0), v(4, 15, 0), v(5, 10, 0)];
    const oldLow = v(6, 1, 0, 90);
    const fresh = v(7, 0, 0, FEATURED_VIDEO_RULE.newForDays - 1);
    const seasoned = v(8, 3, 2, 5); // new, but already rated by five members
    const order = featuredVideoOrder([...top, oldLow, fresh, seasoned], '2026-05-10', dayStart);
    expect(order.slice(0, 6).sort()).toEqual([1, 2, 3, 4, 5, 7]);
    // The rest follow by rank, for members who may see none of the pool.
    expect(order.slice(6)).toEqual([6, 8]);
    const firsts = new Set(days.map((day) => featuredVideoOrder([...top, fresh], day, dayStart)[0]));
    expect(firsts.has(7)).toBe(true);
  });

  it('a video members turned down never shows; with no videos there is nothing', () => {
    const retired = v(1, 1, 1 - FEATURED_VIDEO_RULE.retiredAtScore);
    expect(featuredVideoOrder([retired, v(2, 0, 1)], '2026-05-10', dayStart)).toEqual([2]);
    expect(featuredVideoOrder([], '2026-05-10', dayStart)).toEqual([]);
  });
});
