import { describe, expect, it } from 'vitest';
import { isOlderVersion } from '@marquee/contract/pro-extension';

describe('versions (the popup offers a newer one)', () => {
  it('compares part by part, as numbers', () => {
    expect(isOlderVersion('1.9.9', '1.10.0')).toBe(true);
    expect(isOlderVersion('1.0.0', '1.0.0')).toBe(false);
    expect(isOlderVersion('1.0.0', '0.9.0')).toBe(false);
    expect(isOlderVersion('1.9.9', '2.0')).toBe(true);
  });
});
