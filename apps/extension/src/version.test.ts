import { describe, expect, it } from 'vitest';
import { isNewer } from './version.ts';

describe('versions', () => {
  it('compares part by part, as numbers', () => {
    expect(isNewer('1.10.0', '1.9.9')).toBe(true);
    expect(isNewer('1.0.0', '1.0.0')).toBe(false);
    expect(isNewer('0.9.0', '1.0.0')).toBe(false);
    expect(isNewer('2.0', '1.9.9')).toBe(true);
  });
});
