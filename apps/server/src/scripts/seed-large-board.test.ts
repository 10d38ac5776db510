import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp } from '../../test/test-app.js';
import { buildMember } from '../../test/factories.js';
import { rowsOf } from '../platform/db/database.js';
import { boardSizeFor, seedLargeBoard } from './seed-large-board.js';

const t = useTestApp({ ownDatabase: true });

describe('the large board seed (seed-large-board.ts)', () => {
  it('tops the board up to its size with every count true, once', async () => {
    await Promise.all(Array.from({ length: 30 }, () => buildMember(t.db, t.clock)));
    expect(boardSizeFor(100_000)).toEqual({ threads: 50_000, posts: 500_000, follows: 100_000 });
    const size = { threads: 120, posts: 1500, follows: 200 };
    const report = await seedLargeBoard(t.db, size);
    expect(report?.added).toEqual({ threads: 120, posts: 1500 });
    const [check] = await rowsOf<Record<string, number>>(
      t.db,
      sql`select (select count(*) from board_threads)::int as threads,
                 (select count(*) from board_posts)::int as posts,
                 (select count(*) from board_threads t where t.reply_count <> (select count(*) - 1 from board_posts p where p.thread_id = t.id)
                    or t.last_post_at <> (select max(p.created_at) from board_posts p where p.thread_id = t.id)
                    or t.user_id <> (select p.user_id from board_posts p where p.thread_id = t.id order by p.id limit 1))::int as wrong_threads,
                 (select count(*) from board_categories c where c.topic_count <> (select count(*) from board_threads t where t.category = c.category)
                    or c.post_count <> (select count(*) from board_posts p join board_threads t on t.id = p.thread_id where t.category = c.category))::int as wrong_categories,
                 (select count(*) from board_threads t where not exists (select 1 from board_subscriptions s where s.thread_id = t.id and s.user_id = t.user_id))::int as unfollowed,
                 (select count(*) from board_posts where media_type = 'image')::int as pictures`,
    );
    expect(check).toMatchObject({
      threads: 120,
      posts: 1500,
      wrong_threads: 0,
      wrong_categories: 0,
      unfollowed: 0,
    });
    expect(check?.pictures).toBeGreaterThan(0);
    expect(await seedLargeBoard(t.db, size)).toBeNull();
  });
});
