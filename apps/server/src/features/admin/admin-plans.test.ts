import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.js';
import { planOf } from '../../../test/plans.js';
import { staffSearchQueries } from '../members/members.repo.js';
import { listingsWaiting } from './admin-listings.repo.js';

const t = useTestApp();

describe('the admin console reads through indexes', () => {
  it.each(['1234', 'ann@exa', 'ann', 'ann ke'])(
    'the member search for %s: no Seq Scan on users (AM1)',
    async (q) => {
      for (const query of staffSearchQueries(t.db, q, 25)) {
        const plan = await planOf(t.db, query);
        expect(plan, plan).not.toMatch(/Seq Scan on users/);
      }
    },
  );

  it.each(['credit_update', 'page_review'] as const)(
    'the %s queue: listings_staff_idx (AL4, AL5)',
    async (reason) => {
      const plan = await planOf(t.db, listingsWaiting(t.db, reason, 100));
      expect(plan, plan).toMatch(/listings_staff_idx/);
      expect(plan, plan).not.toMatch(/Seq Scan on listings/);
    },
  );
});
