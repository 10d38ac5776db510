import { useSyncExternalStore } from 'react';

/**
 * Which pages a pager offers (spec 3 §9): `margin` pages at each end, `range` pages around the
 * current one, and null where pages are left out (an ellipsis). Pages count from 0. With no margin
 * (narrow windows) only the range is shown, Previous and Next reaching the rest.
 */
export function pagerItems(current: number, total: number, range: number, margin: number): (number | null)[] {
  if (total <= 0) return [];
  const shown = new Set<number>();
  for (let p = 0; p < Math.min(margin, total); p++) shown.add(p);
  for (let p = Math.max(0, total - margin); p < total; p++) shown.add(p);
  // The window keeps its width near either end: page 0 of 20 with a range of 3 shows 0, 1, 2.
  const width = Math.min(range, total);
  let start = Math.max(0, current - Math.floor((width - 1) / 2));
  start = Math.min(start, total - width);
  for (let p = start; p < start + width; p++) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: (number | null)[] = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev === 2) items.push(p - 1);
    else if (prev !== undefined && p - prev > 2 && margin > 0) items.push(null);
    items.push(p);
  });
  return items;
}

/** The spec's pager widths (spec 3 §9): 2 margin and 3 range pages, 0 and 4 at 400 px or less. */
export const pagerShape = (narrow: boolean) => (narrow ? { range: 4, margin: 0 } : { range: 3, margin: 2 });

const NARROW = '(max-width: 400px)';

/** The window is 400 px wide or less: pagers show 4 pages and no ends (spec 3 §9). */
export function useNarrowPager(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const query = window.matchMedia(NARROW);
      query.addEventListener('change', notify);
      return () => query.removeEventListener('change', notify);
    },
    () => window.matchMedia(NARROW).matches,
  );
}
