import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { exchange } from '@marquee/contract';
import { useTestApp } from '../../test/test-app.js';
import { buildListing, buildMember, type BuiltMember } from '../../test/factories.js';
import { rowsOf } from '../platform/db/database.js';
import { seedLargeExchange } from './seed-large-exchange.js';

const t = useTestApp({ ownDatabase: true });

describe('the large data set of the Exchange (seed-large-exchange.ts)', () => {
  it('lists members on both exchanges with their standings copied, once', async () => {
    const members: BuiltMember[] = [];
    for (let i = 0; i < 30; i++) {
      const m = await buildMember(t.db, t.clock, { membership: 'premium' });
      await buildListing(t.db, t.clock, m.id);
      members.push(m);
    }
    const size = { instagram: 20, swapsPerMember: 3, imdb: 15, views: 200 };
    const report = await seedLargeExchange(t.db, size);
    expect(report).toMatchObject({ listings: 20, optIns: 15 });
    expect(report?.swaps).toBeGreaterThanOrEqual(40);
    expect(report?.views).toBeGreaterThan(100);
    expect(await seedLargeExchange(t.db, size)).toBeNull();

    // EX3: every listing carries its member's standing; EX10: each opt-in is the member's own listing.
    const wrong = await rowsOf<{ user_id: number }>(
      t.db,
      sql`select l.user_id from instagram_listings l join instagram_members m on m.user_id = l.user_id
          where l.reputation <> m.reputation or l.rep_limit <> m.rep_limit
          union all
          select x.user_id from imdb_exchange_listings x join listings l on l.id = x.listing_id
          where l.user_id <> x.user_id or l.type <> 'imdb-view'
          union all
          select a.earner_id from actions a where a.exchange and (a.points <> 0 or a.earner_id = a.owner_id)`,
    );
    expect(wrong).toEqual([]);

    const [listed] = await rowsOf<{ user_id: number }>(
      t.db,
      sql`select user_id from instagram_listings limit 1`,
    );
    const seeded = members.find((m) => m.id === listed?.user_id) as BuiltMember;
    const lists = await t.call(exchange.fetchAvailableListings, {}, seeded.token);
    expect(lists.statusCode).toBe(200);
    expect(lists.body.newListings.length).toBeLessThanOrEqual(10);
  });
});
