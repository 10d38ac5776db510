import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember } from '../../../test/factories.js';
import { planOf } from '../../../test/plans.js';
import { extensionDayQuery, livePairingsQuery, runningPairingQuery } from './pro-extension.repo.js';

const t = useTestApp();

describe('the Pro extension’s reads go through indexes (PX6, PX8)', () => {
  it('the running check of every Pro IMDb tab, the welcome page’s pairings and the day’s views', async () => {
    const member = await buildMember(t.db, t.clock, { membership: 'pro' });
    const now = t.clock.now();
    const day = { from: new Date(now.getTime() - 3_600_000), to: now };
    for (const [what, query, index] of [
      ['running', runningPairingQuery(t.db, member.id, now), /extension_pairings_install_idx/],
      ['pairings', livePairingsQuery(t.db, member.id, now), /extension_pairings_install_idx/],
      ['day', extensionDayQuery(t.db, member.id, day), /actions_earner_created_idx/],
    ] as const) {
      const plan = await planOf(t.db, query);
      expect(plan, `${what}:\n${plan}`).not.toMatch(/Seq Scan on (extension_pairings|actions|sessions)/);
      expect(plan, `${what}:\n${plan}`).toMatch(index);
    }
  });
});
