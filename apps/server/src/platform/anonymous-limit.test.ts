import { describe, expect, it } from 'vitest';
import { login, operationUrl } from '@marquee/contract';
import { useTestApp } from '../../test/test-app.js';
import { buildMember } from '../../test/factories.js';
import { ANONYMOUS_CALL_RULES } from './route.js';
import { MINUTE_MS } from './time.js';

/** L4: calls without a signed-in member, per network address, under concurrency. */
describe('the anonymous-call limit (L4)', () => {
  const t = useTestApp();
  const limit = (ANONYMOUS_CALL_RULES[0] as { limit: number }).limit;
  // An old client's app start: answered without touching a member, so only the limit decides.
  const appStart = (remoteAddress: string, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: operationUrl(login.checkToken),
      payload: { token: 'none', version: '0.1' },
      headers: token ? { authorization: `Bearer ${token}` } : {},
      remoteAddress,
    });

  it('lets exactly the limit through a burst from one address, and frees it after a minute', async () => {
    const burst = await Promise.all(Array.from({ length: limit + 40 }, () => appStart('198.51.100.7')));
    const codes = burst.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(limit);
    expect(codes.filter((c) => c === 429)).toHaveLength(40);
    const refused = burst.find((r) => r.statusCode === 429);
    expect(refused?.json().message).toMatch(
      /^Too many requests from your network\. Please wait \d+ seconds? and try again\.$/,
    );
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);

    // Another address is not affected, nor is a signed-in member at the same address.
    expect((await appStart('198.51.100.8')).statusCode).toBe(200);
    const member = await buildMember(t.db, t.clock);
    expect((await appStart('198.51.100.7', member.token)).statusCode).toBe(200);

    t.clock.advance(MINUTE_MS + 1);
    expect((await appStart('198.51.100.7')).statusCode).toBe(200);
  }, 120_000);
});
