/** The smallest 'round' number at or above `n` (1, 2 or 5 times a power of ten), so an axis reads easily (AD3). */
export function niceCeiling(n: number): number {
  if (n <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(n));
  return ([1, 2, 5, 10].find((step) => step * power >= n) ?? 10) * power;
}
