import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.js';
import { clearRate, fullRule, rateCount, takeRate, type RateRule } from './rate-limit.js';
import { MINUTE_MS, HOUR_MS } from './time.js';

const at = (ms: number) => new Date(Date.UTC(2026, 2, 10, 18) + ms);

describe('fullRule (L1)', () => {
  const rules: RateRule[] = [
    { limit: 2, windowMs: MINUTE_MS },
    { limit: 3, windowMs: HOUR_MS },
  ];
  it('has room below every limit', () => {
    expect(fullRule(rules, [at(0)], at(1000))).toBeNull();
  });
  it('waits until the limit-th newest event leaves the window', () => {
    expect(fullRule(rules, [at(30_000), at(10_000)], at(40_000))).toEqual({
      rule: rules[0],
      waitSeconds: 30,
    });
  });
  it('checks the longer window once the short one has room', () => {
    const refusal = fullRule(rules, [at(5 * MINUTE_MS), at(2 * MINUTE_MS), at(0)], at(6 * MINUTE_MS));
    expect(refusal?.rule).toBe(rules[1]);
    expect(refusal?.waitSeconds).toBe(54 * 60);
  });
  it('never answers a wait under a second', () => {
    expect(fullRule([{ limit: 1, windowMs: 1000 }], [at(0)], at(999.9))?.waitSeconds).toBe(1);
  });
});

describe('takeRate (L1, L2)', () => {
  const t = useTestApp();
  const rules: RateRule[] = [{ limit: 10, windowMs: MINUTE_MS }];

  it('counts while there is room, then refuses without counting', async () => {
    const now = t.clock.now();
    for (let i = 0; i < 3; i++)
      expect(await takeRate(t.db, 'unit:a', [{ limit: 3, windowMs: MINUTE_MS }], now)).toBeNull();
    expect(await takeRate(t.db, 'unit:a', [{ limit: 3, windowMs: MINUTE_MS }], now)).toMatchObject({
      waitSeconds: 60,
    });
    expect(await rateCount(t.db, 'unit:a', MINUTE_MS, now)).toBe(3);
    await clearRate(t.db, 'unit:a');
    expect(await rateCount(t.db, 'unit:a', MINUTE_MS, now)).toBe(0);
  });

  it('lets exactly the limit through a concurrent burst (L2)', async () => {
    const now = t.clock.now();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => takeRate(t.db, 'unit:burst', rules, now)),
    );
    expect(answers.filter((a) => a === null)).toHaveLength(10);
    expect(await rateCount(t.db, 'unit:burst', MINUTE_MS, now)).toBe(10);
  });

  it('rolls its count back with the caller transaction', async () => {
    const now = t.clock.now();
    await t.db
      .transaction(async (tx) => {
        expect(await takeRate(tx, 'unit:rollback', rules, now)).toBeNull();
        throw new Error('the limited write failed');
      })
      .catch(() => {});
    expect(await rateCount(t.db, 'unit:rollback', MINUTE_MS, now)).toBe(0);
  });
});
