import { describe, expect, it } from 'vitest';
import { extensionMessage, helloMessage, pairMessage } from './bridge';

const self = { origin: 'https://marquee.example', window: {} };
const present = {
  source: 'marquee-pro-extension',
  type: 'present',
  version: '1.0.0',
  install_id: 'install-abcdefgh',
  member: null,
};

describe('the welcome page’s messages with the extension (PX2)', () => {
  it('reads the extension’s messages from its own window and origin only', () => {
    expect(
      extensionMessage({ data: present, origin: self.origin, source: self.window as never }, self),
    ).toEqual(present);
    expect(
      extensionMessage({ data: present, origin: 'https://evil.example', source: self.window as never }, self),
    ).toBeNull();
    expect(extensionMessage({ data: present, origin: self.origin, source: {} as never }, self)).toBeNull();
  });

  it('ignores anything not marked as the extension’s, or not shaped as its messages', () => {
    const from = (data: unknown) =>
      extensionMessage({ data, origin: self.origin, source: self.window as never }, self);
    expect(from({ ...present, source: 'marquee-pro-page' })).toBeNull();
    expect(from({ ...present, version: 7 })).toBeNull();
    expect(from({ source: 'marquee-pro-extension', type: 'paired' })).toBeNull();
    expect(from({ source: 'marquee-pro-extension', type: 'pair_failed', message: 'No.' })).toMatchObject({
      message: 'No.',
    });
    expect(from('hello')).toBeNull();
    expect(from(null)).toBeNull();
  });

  it('words the page’s own messages', () => {
    expect(helloMessage()).toEqual({ source: 'marquee-pro-page', type: 'hello' });
    expect(pairMessage('tok', { id: 1001, first: 'Ana' })).toEqual({
      source: 'marquee-pro-page',
      type: 'pair',
      token: 'tok',
      member: { id: 1001, first: 'Ana' },
    });
  });
});
