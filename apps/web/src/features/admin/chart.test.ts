import { describe, expect, it } from 'vitest';
import { niceCeiling } from './chart';

describe('the chart axis (AD3)', () => {
  it('tops the axis at the next 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 3, 7, 10, 11, 26, 180, 999, 1001].map(niceCeiling)).toEqual([
      1, 1, 5, 10, 10, 20, 50, 200, 1000, 2000,
    ]);
    expect(niceCeiling(0.3)).toBe(0.5);
    expect(niceCeiling(12.5)).toBe(20);
  });
});
