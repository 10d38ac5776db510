import { describe, expect, it } from 'vitest';
import { isHeadshotFile } from './HeadshotStep';

describe('isHeadshotFile (spec 4 §5: JPG, PNG or BMP)', () => {
  it('takes JPG, PNG and BMP by type, and a BMP the browser left untyped by its name', () => {
    expect(isHeadshotFile({ type: 'image/jpeg', name: 'me.jpg' })).toBe(true);
    expect(isHeadshotFile({ type: 'image/png', name: 'me.png' })).toBe(true);
    expect(isHeadshotFile({ type: 'image/bmp', name: 'me.bmp' })).toBe(true);
    expect(isHeadshotFile({ type: 'image/x-ms-bmp', name: 'me.bmp' })).toBe(true);
    expect(isHeadshotFile({ type: '', name: 'ME.BMP' })).toBe(true);
  });

  it('refuses GIF and anything else', () => {
    expect(isHeadshotFile({ type: 'image/gif', name: 'me.gif' })).toBe(false);
    expect(isHeadshotFile({ type: 'image/webp', name: 'me.webp' })).toBe(false);
    expect(isHeadshotFile({ type: 'application/pdf', name: 'me.png' })).toBe(false);
    expect(isHeadshotFile({ type: '', name: 'me.gif' })).toBe(false);
  });
});
