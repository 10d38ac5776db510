import { describe, expect, it } from 'vitest';
import { proExtension } from '@marquee/contract';
import { browserName, extensionRefusal, isRunning, stateWords } from './pro-extension.policy.js';

const NOW = new Date('2026-03-10T18:00:00Z');
const ago = (s: number) => new Date(NOW.getTime() - s * 1000);

describe('who may use the extension (PX4)', () => {
  it('is Pro members only, saying why to everyone else', () => {
    expect(extensionRefusal({ membership: 'pro', proExpires: ago(-60) }, NOW)).toBeNull();
    expect(extensionRefusal({ membership: 'free', proExpires: ago(60) }, NOW)).toBe(
      proExtension.EXTENSION_MESSAGES.proEnded,
    );
    expect(extensionRefusal({ membership: 'premium', proExpires: ago(86_400 * 40) }, NOW)).toBe(
      proExtension.EXTENSION_MESSAGES.proEnded,
    );
    expect(extensionRefusal({ membership: 'premium', proExpires: null }, NOW)).toBe(
      proExtension.EXTENSION_MESSAGES.proOnly,
    );
    expect(extensionRefusal({ membership: 'managed', proExpires: ago(-60) }, NOW)).toBe(
      proExtension.EXTENSION_MESSAGES.managed,
    );
  });
});

describe('running (PX6)', () => {
  it('is the last word of an extension that called in the last two minutes', () => {
    expect(isRunning({ state: 'running', lastSeenAt: ago(120) }, NOW)).toBe(true);
    expect(isRunning({ state: 'running', lastSeenAt: ago(121) }, NOW)).toBe(false);
    expect(isRunning({ state: 'paused', lastSeenAt: ago(1) }, NOW)).toBe(false);
  });

  it('reads in words', () => {
    expect(stateWords({ state: 'running', reason: null, lastSeenAt: ago(5) }, NOW)).toBe('Running');
    expect(stateWords({ state: 'running', reason: null, lastSeenAt: ago(500) }, NOW)).toBe(
      'Not running: the browser is closed or asleep.',
    );
    expect(stateWords({ state: 'stopped', reason: 'pointsmaxed', lastSeenAt: ago(5) }, NOW)).toBe(
      proExtension.STOP_WORDS.pointsmaxed,
    );
    expect(stateWords({ state: 'paused', reason: 'paused', lastSeenAt: ago(5) }, NOW)).toBe('Paused');
  });
});

describe('the browser’s name', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome 131 on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.2849.68',
      'Edge 130 on macOS',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
      'Chrome 156 on Linux',
    ],
    [
      'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.0.0 Safari/537.36',
      'Chrome 129 on ChromeOS',
    ],
    ['', 'A Chromium browser'],
  ])('%s', (ua, name) => {
    expect(browserName(ua)).toBe(name);
  });
});

describe('versions', () => {
  it('compares part by part', () => {
    expect(proExtension.isOlderVersion('1.0.0', '1.2.3')).toBe(true);
    expect(proExtension.isOlderVersion('1.10.0', '1.9.0')).toBe(false);
    expect(proExtension.isOlderVersion('1.2.3', '1.2.3')).toBe(false);
  });
});
