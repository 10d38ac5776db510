import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { exchange } from '@marquee/contract';
import { rowsOf } from '../../platform/db/database.js';
import { useTestApp } from '../../../test/test-app.js';
import {
  counterpartSql,
  listerQuery,
  newListingsSql,
  offeredListingSql,
  swapItemsSql,
  type CounterpartRow,
} from './instagram.repo.js';
import {
  analyze,
  bulkMembers,
  genericPlan,
  seqScans,
  unboundedIndexScans,
} from './exchange-plans.test-support.js';

/**
 * EX4, EX6 under the plans the server runs (decision 0020: generic plans, sequential scans allowed)
 * on a database of its own with 20,000 members, 19,000 Instagram listings and 20,000 swaps, written
 * in bulk and analysed: the lists, the checks of a move and the handle's owner read through their
 * indexes and never a whole table that grows with the members.
 */
const t = useTestApp({ ownDatabase: true });

const MEMBERS = 20_000;
const GROWING = [
  'users',
  'instagram_listings',
  'instagram_members',
  'instagram_swaps',
  'blocks',
  'subscriptions',
];
const { INSTAGRAM } = exchange;
let viewer = 0;

beforeAll(async () => {
  const now = t.clock.now();
  const at = now.toISOString();
  const { first } = await bulkMembers(t.db, MEMBERS, 'ig', now);
  viewer = first + 3;
  // Reputations mostly near the start, limits mostly the default, as members leave them.
  const limits = sql.raw(`array[${INSTAGRAM.repLimits.join(',')}]`);
  await t.db.execute(sql`
    insert into instagram_members (user_id, reputation, rep_limit)
    select id, least(1000, greatest(0, 600 + ((id * 7919) % 401) - 200)),
           case when id % 10 < 6 then 500 else (${limits})[1 + id % 9] end
    from users where id >= ${first}::int`);
  // Nineteen in twenty members listed.
  await t.db.execute(sql`
    insert into instagram_listings (user_id, url, handle, title, description, image, created_at, reputation, rep_limit)
    select m.user_id, 'https://www.instagram.com/bulk_' || m.user_id || '/', 'bulk_' || m.user_id,
           'Bulk Member (@bulk_' || m.user_id || ')', 'Stills and reels.', m.user_id || '.jpg',
           ${at}::timestamptz - (m.user_id % 500) * interval '1 day', m.reputation, m.rep_limit
    from instagram_members m where m.user_id % 20 <> 11`);
  // A swap of each member with the next, at every stage; the viewer's among them.
  await t.db.execute(sql`
    insert into instagram_swaps (initiator_id, receiver_id, status1, status2, created_at, updated_at)
    select m.user_id, m.user_id + 1,
           (array['claimed', 'verified', 'verified', 'skipped', 'contested'])[1 + m.user_id % 5],
           (array[null, 'claimed', 'verified', null, null])[1 + m.user_id % 5],
           ${at}::timestamptz - (m.user_id % 90) * interval '1 day', ${at}::timestamptz - (m.user_id % 60) * interval '1 day'
    from instagram_members m where m.user_id + 1 < ${first + MEMBERS}::int`);
  await analyze(t.db, GROWING);
}, 60_000);

const now = () => t.clock.now();

describe('the Instagram exchange reads through indexes (EX4, EX6; generic plans, 20,000 members)', () => {
  it.each([50, 600, 1000])(
    'New Listings for a reputation of %i: runs of instagram_listings_pick_idx, cut at 10',
    async (reputation) => {
      const plan = await genericPlan(
        t.db,
        newListingsSql({ id: viewer, reputation }, now(), INSTAGRAM.newListingsShown),
      );
      expect(
        seqScans(plan).filter((table) => GROWING.includes(table)),
        plan,
      ).toEqual([]);
      expect(unboundedIndexScans(plan), plan).toEqual([]);
      const runs = INSTAGRAM.repLimits.filter((limit) => limit <= reputation).length;
      expect(plan.match(/Index Scan using instagram_listings_pick_idx/g), plan).toHaveLength(runs);
      // Each run comes out of its index in order: the listings are never sorted.
      expect(plan, plan).not.toMatch(/(^|->)\s*(Incremental )?Sort {2}\(/m);
      expect(plan, plan).toMatch(/instagram_swaps_pair_idx/);
    },
  );

  it('New Listings returns the eligible listings in order', async () => {
    const rows = await rowsOf<CounterpartRow>(
      t.db,
      newListingsSql({ id: viewer, reputation: 600 }, now(), INSTAGRAM.newListingsShown),
    );
    expect(rows).toHaveLength(10);
    const reputations = rows.map((r) => Number(r.reputation));
    expect(reputations).toEqual([...reputations].sort((a, b) => b - a));
    expect(rows.map((r) => r.user_id)).not.toContain(viewer);
  });

  it('the swaps waiting on a member, the other member of a move and a new swap’s offer', async () => {
    const queries = {
      items: swapItemsSql(viewer, now(), 100),
      counterpart: counterpartSql(viewer, viewer + 1, now()),
      offered: offeredListingSql({ id: viewer, reputation: 600 }, viewer + 40, now()),
      lister: listerQuery(t.db, `bulk_${viewer + 1}`),
    };
    for (const [what, query] of Object.entries(queries)) {
      const plan = await genericPlan(t.db, query);
      expect(
        seqScans(plan).filter((table) => GROWING.includes(table)),
        `${what}:\n${plan}`,
      ).toEqual([]);
      expect(unboundedIndexScans(plan), `${what}:\n${plan}`).toEqual([]);
    }
    const items = await genericPlan(t.db, queries.items);
    expect(items, items).toMatch(/instagram_swaps_initiator_idx/);
    expect(items, items).toMatch(/instagram_swaps_receiver_idx/);
    const lister = await genericPlan(t.db, queries.lister);
    expect(lister, lister).toMatch(/instagram_listings_handle_idx/);
  });
});
