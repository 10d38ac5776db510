/**
 * Which page numbers a pager shows: the first and last `margin`, `range` around the current one,
 * and null where a run is left out (shown as an ellipsis).
 */
export function pagerItems(current: number, total: number, range: number, margin: number): (number | null)[] {
  const shown = new Set<number>();
  for (let p = 1; p <= Math.min(margin, total); p++) shown.add(p);
  for (let p = Math.max(1, total - margin + 1); p <= total; p++) shown.add(p);
  const half = Math.floor(range / 2);
  for (let p = Math.max(1, current - half); p <= Math.min(total, current + half); p++) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: (number | null)[] = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev > 1) items.push(null);
    items.push(p);
  });
  return items;
}

/** How an amount reads in the History table (spec 2 §3): 99 and -99 are V4V, gains carry a +. */
export function amountLabel(amount: number): string {
  if (isSwap(amount)) return 'V4V';
  return amount > 0 ? `+${amount}` : String(amount);
}

/** A view-for-view swap (EX12): 99 and -99 move no points. */
export const isSwap = (amount: number) => amount === 99 || amount === -99;

/** What a screen reader hears for the amount: a swap is not a gain or a loss of points. */
export const amountWords = (amount: number) =>
  isSwap(amount) ? 'View-For-View swap, no points' : `${amountLabel(amount)} points`;

/** The amount's colour class: gains and costs, none for a swap. */
export const amountClass = (amount: number) =>
  isSwap(amount) ? 'is-swap' : amount > 0 ? 'is-gain' : amount < 0 ? 'is-cost' : '';

/** A reversed or invalid action: its row moves no points any more (docs/domain.md History). */
export function undone(item: { verify: string }): boolean {
  return item.verify === 'Reversed' || item.verify === 'Invalid';
}
