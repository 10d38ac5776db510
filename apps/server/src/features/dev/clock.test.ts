import { describe, expect, it } from 'vitest';
import { devclock } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { HOUR_MS } from '../../platform/time.js';

describe('dev/moveClock with CONTROLLABLE_CLOCK', () => {
  const t = useTestApp({ config: { controllableClock: true } });
  it('moves the server clock forward', async () => {
    const before = t.clock.now().getTime();
    const res = await t.call(devclock.moveClock, { advanceMs: HOUR_MS });
    expect(res.body.status).toBe('success');
    expect(new Date(res.body.now).getTime() - before).toBe(HOUR_MS);
    expect(t.clock.now().getTime() - before).toBe(HOUR_MS);
  });
  it.each([[-1], [1.5], ['soon']])('refuses advanceMs=%j', async (advanceMs) => {
    const res = await t.call(devclock.moveClock, { advanceMs });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe('advanceMs must be a number of milliseconds from 0 to 400 days.');
  });
});

describe('dev/moveClock without it', () => {
  const t = useTestApp({ config: { controllableClock: false } });
  it('does not exist', async () => {
    const before = t.clock.now().getTime();
    const res = await t.call(devclock.moveClock, { advanceMs: HOUR_MS });
    expect(res.statusCode).toBe(404);
    expect(t.clock.now().getTime()).toBe(before);
  });
});

describe('dev/moveClock in production (R1)', () => {
  // Even a configuration that asks for it gets no clock control in production.
  const t = useTestApp({ config: { controllableClock: true, production: true } });
  it('does not exist', async () => {
    const before = t.clock.now().getTime();
    const res = await t.call(devclock.moveClock, { advanceMs: HOUR_MS });
    expect(res.statusCode).toBe(404);
    expect(t.clock.now().getTime()).toBe(before);
  });
});
