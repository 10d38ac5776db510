import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember } from '../../../test/factories.js';
import { planOf } from '../../../test/plans.js';
import { blocks, users } from '../members/members.tables.js';
import { directoryCountSql, directoryPageSql } from './directory.repo.js';

const t = useTestApp();

/** directory/fetchResults reads users through its three indexes and blocks through their keys (decision 0024). */
describe('the directory reads through indexes (D12.2, DR3)', () => {
  it('the page and the count: no table read whole, each job column through its own index', async () => {
    const me = await buildMember(t.db, t.clock);
    const other = await buildMember(t.db, t.clock);
    await t.db
      .update(users)
      .set({ job1: 'Actor', job2: 'Writer', location: 'Los Angeles, CA', lastActiveAt: t.clock.now() })
      .where(eq(users.id, other.id));
    await t.db.insert(blocks).values({ blockerId: me.id, blockedId: other.id, createdAt: t.clock.now() });
    const values = { me: me.id, type: 'Actor', location: 'Los Angeles, CA', limit: 12, offset: 24 };
    const queries = { page: directoryPageSql(values), count: directoryCountSql(values) };
    for (const [what, query] of Object.entries(queries)) {
      const plan = await planOf(t.db, query);
      expect(plan, `${what}:\n${plan}`).not.toMatch(/Seq Scan/);
      for (const n of [1, 2, 3]) expect(plan, `${what}:\n${plan}`).toMatch(`users_directory_job${n}_idx`);
      expect(plan, `${what}:\n${plan}`).toMatch(/blocks_blocker_id_blocked_id_pk/);
      expect(plan, `${what}:\n${plan}`).toMatch(/blocks_blocked_idx/);
    }
    // Each run comes out of its index in order and stops at the page: no sort of all the matches.
    const page = await planOf(t.db, queries.page);
    expect(page, page).toMatch(/Merge Append/);
    expect(page, page).not.toMatch(/(^|->)\s*(Incremental )?Sort {2}\(/m);
  });
});
