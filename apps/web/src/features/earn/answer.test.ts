import { describe, expect, it } from 'vitest';
import { digitsOnly } from './answer';

describe('the IMDb answer', () => {
  it('keeps digits only, stripping everything else as typed', () => {
    expect(digitsOnly('1,234')).toBe('1234');
    expect(digitsOnly(' 42 min')).toBe('42');
    expect(digitsOnly('#7')).toBe('7');
    expect(digitsOnly('abc')).toBe('');
    expect(digitsOnly('٣')).toBe('');
  });

  it('is at most nine digits long', () => {
    expect(digitsOnly('12345678901')).toBe('123456789');
  });
});
