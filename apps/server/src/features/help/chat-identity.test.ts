import { describe, expect, it } from 'vitest';
import { hmacHex, identityHash, withChatSources } from './chat-identity.js';

describe('identityHash (H9)', () => {
  it('is HMAC-SHA256 in hex, as RFC 4231 test case 2 gives it', () => {
    // RFC 4231 §4.3: key "Jefe", data "what do ya want for nothing?".
    expect(hmacHex('Jefe', 'what do ya want for nothing?')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
    expect(identityHash('Jefe', 1042)).toBe(hmacHex('Jefe', '1042'));
  });

  it('signs the id as text, so the hosted service computes the same hash from user_id', () => {
    expect(identityHash('secret', 1042)).toBe(identityHash('secret', Number('1042')));
    expect(identityHash('secret', 1042)).not.toBe(identityHash('other secret', 1042));
    expect(identityHash('secret', 1042)).not.toBe(identityHash('secret', 1043));
  });
});

describe('withChatSources (H9)', () => {
  const base = { 'script-src': ["'self'", 'https://www.youtube.com'], 'img-src': ["'self'", 'data:'] };

  it("leaves the policy alone for Marquee's own chat", () => {
    expect(withChatSources({ provider: 'marquee', identitySecret: 'x' }, base)).toEqual(base);
  });

  it("adds Intercom's origins to the app's own, and starts missing directives from 'self'", () => {
    const merged = withChatSources(
      { provider: 'intercom', identitySecret: 'x', appId: 'a', apiBase: 'https://api-iam.intercom.io' },
      base,
    );
    expect(merged['script-src']).toEqual([
      "'self'",
      'https://www.youtube.com',
      'https://app.intercom.io',
      'https://widget.intercom.io',
      'https://js.intercomcdn.com',
    ]);
    expect(merged['connect-src']?.[0]).toBe("'self'");
    expect(merged['connect-src']).toContain('wss://nexus-websocket-a.intercom.io');
    expect(merged['img-src']?.slice(0, 2)).toEqual(["'self'", 'data:']);
    expect(base['script-src']).toHaveLength(2);
  });
});
