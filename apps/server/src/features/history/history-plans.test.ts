import { describe, expect, it } from 'vitest';
import { history } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildListing, buildMember } from '../../../test/factories.js';
import { planOf } from '../../../test/plans.js';
import { historyCountQuery, historyKindOf, historyPageQuery, historyScope } from './history.repo.js';

const t = useTestApp();

describe('history/fetchHistoryList reads actions through an index for every filter', () => {
  it('all, mine, theirs and one listing: the page and the count', async () => {
    const member = await buildMember(t.db, t.clock);
    const listing = await buildListing(t.db, t.clock, member.id);
    const since = new Date(t.clock.now().getTime() - 183 * 24 * 3600 * 1000);
    for (const filter of ['all', 'mine', 'theirs', String(listing.id)]) {
      const scope = historyScope(historyKindOf(filter), { member: member.id, listing: listing.id, since });
      for (const [what, query] of [
        ['page', historyPageQuery(t.db, scope, history.HISTORY_PAGE_SIZE, 50)],
        ['count', historyCountQuery(t.db, scope)],
      ] as const) {
        const plan = await planOf(t.db, query);
        expect(plan, `${filter} ${what}:\n${plan}`).not.toMatch(/Seq Scan on actions/);
        // Actions are found from the member (or listing) asked about, not by walking a join.
        expect(plan, `${filter} ${what}:\n${plan}`).toMatch(
          /Index Cond: \(+(earner_id|owner_id|listing_id) = (\d+|\$\d+)\)/,
        );
      }
    }
  });
});
