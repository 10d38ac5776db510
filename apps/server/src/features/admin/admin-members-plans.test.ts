import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.js';
import { planOf } from '../../../test/plans.js';
import { staffSearchQueries } from '../members/members.repo.js';

const t = useTestApp();

describe('the staff member search reads users through indexes (AM1)', () => {
  it.each(['1234', 'ann@exa', 'ann', 'ann ke'])('%s: no Seq Scan on users', async (q) => {
    for (const query of staffSearchQueries(t.db, q, 25)) {
      const plan = await planOf(t.db, query);
      expect(plan, plan).not.toMatch(/Seq Scan on users/);
    }
  });
});
