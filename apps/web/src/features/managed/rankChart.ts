/** The pure parts of the rank chart (MR10): its axis labels and the span of ranks it draws. */

/** A week's Sunday in few words, for the axis: 'Mar 22' from 'March 22, 2026'. */
export function shortWeek(weekEnding: string): string {
  const match = /^([A-Za-z]+) (\d{1,2}),/.exec(weekEnding);
  return match ? `${(match[1] as string).slice(0, 3)} ${match[2]}` : weekEnding;
}

/**
 * The ranks the chart's height spans: the weeks' and the target, with 12% of the span more
 * above and below so no point sits on the frame (never below 0); a single rank gets some room too.
 */
export function rankSpan(ranks: readonly number[], target: number | null): { min: number; max: number } {
  const all = target === null ? ranks : [...ranks, target];
  const lo = Math.min(...all);
  const hi = Math.max(...all);
  const pad = (hi - lo || hi * 0.2 || 1) * 0.12;
  return { min: Math.max(0, lo - pad), max: hi + pad };
}
