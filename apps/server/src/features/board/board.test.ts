import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { board } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember, setStatus, type BuiltMember } from '../../../test/factories.js';
import { planOf } from '../../../test/plans.js';
import { MINUTE_MS } from '../../platform/time.js';
import { blocks } from '../members/members.tables.js';
import { boardPosts, boardThreads } from './board.tables.js';
import { recentThreadsQuery } from './board.repo.js';

// Recent posts look at every thread, so this file has a database of its own on PostgreSQL too.
const t = useTestApp({ ownDatabase: true });

async function thread(author: BuiltMember, title: string, minutesAgo: number, category = 'casting') {
  const at = new Date(t.clock.now().getTime() - minutesAgo * MINUTE_MS);
  const [row] = await t.db
    .insert(boardThreads)
    .values({ category, userId: author.id, title, createdAt: at, lastPostAt: at })
    .returning({ id: boardThreads.id });
  const id = (row as { id: number }).id;
  await t.db
    .insert(boardPosts)
    .values({ threadId: id, userId: author.id, content: `${title}…`, createdAt: at });
  return id;
}

describe('board/fetchRecentPosts', () => {
  it('answers an empty list before anyone has posted, and needs a session', async () => {
    const viewer = await buildMember(t.db, t.clock);
    const { statusCode, body } = await t.call(board.fetchRecentPosts, {}, viewer.token);
    expect(statusCode).toBe(200);
    expect(body).toEqual({ status: 'success', threads: [] });
    const anonymous = await t.call(board.fetchRecentPosts, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body.extra).toBe('logged_out');
  });

  it('lists the newest threads by last post, leaving out blocked members and inactive authors', async () => {
    // The categories are seeded by the migrations (docs/domain.md BD1).
    const viewer = await buildMember(t.db, t.clock);
    const [author, blocker, blockedOne, gone] = await Promise.all(
      Array.from({ length: 4 }, () => buildMember(t.db, t.clock)),
    );
    const old = await thread(author!, 'Old news', 600);
    const fresh = await thread(author!, 'Self tapes this week', 5, 'gear');
    await thread(blocker!, 'From someone who blocked me', 1);
    await thread(blockedOne!, 'From someone I blocked', 2);
    await thread(gone!, 'From a deactivated member', 3);
    await t.db.insert(blocks).values([
      { blockerId: blocker!.id, blockedId: viewer.id, createdAt: t.clock.now() },
      { blockerId: viewer.id, blockedId: blockedOne!.id, createdAt: t.clock.now() },
    ]);
    await setStatus(t.db, gone!.id, 'deactivated');
    // A reply brings the old thread to the top.
    await t.db
      .update(boardThreads)
      .set({ lastPostAt: t.clock.now(), replyCount: 1 })
      .where(sql`id = ${old}`);
    for (let i = 0; i < 6; i++) await thread(author!, `Filler ${i}`, 1000 + i);

    const { body } = await t.call(board.fetchRecentPosts, {}, viewer.token);
    expect(body.threads).toHaveLength(5);
    expect(body.threads[0]).toEqual({
      id: old,
      category: 'casting',
      category_name: 'Casting',
      title: 'Old news',
      user_id: author!.id,
      user_first: 'Test',
      user_name: expect.stringMatching(/^Test Member /),
      post_date: t.clock.now().toISOString(),
      post_ago: 'just now',
      reply_count: 1,
    });
    expect(body.threads.map((th) => th.title)).toEqual([
      'Old news',
      'Self tapes this week',
      'Filler 0',
      'Filler 1',
      'Filler 2',
    ]);
    expect(body.threads[1]).toMatchObject({ id: fresh, category: 'gear', post_ago: '5 minutes ago' });
    expect(board.threadPath(body.threads[1]!)).toBe(`/community/board/gear/${fresh}`);
  });

  it('reads board_threads through board_threads_recent_idx, never the whole table', async () => {
    const viewer = await buildMember(t.db, t.clock);
    const plan = await planOf(t.db, recentThreadsQuery(t.db, viewer.id, 5));
    expect(plan, plan).toMatch(/Index Scan Backward using board_threads_recent_idx/);
    expect(plan, plan).not.toMatch(/Seq Scan/);
  });
});
