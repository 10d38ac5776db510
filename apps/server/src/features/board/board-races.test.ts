import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { board } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember, type BuiltMember } from '../../../test/factories.js';
import { rowsOf } from '../../platform/db/database.js';
import {
  categoryRow,
  ownCategory,
  reply,
  startTopic,
  threadPage,
  threadRow,
  viewsOf,
} from './board.test-support.js';

/**
 * Simultaneous requests (D11.4, L2, BD4, BD5): bursts of replies, deletes and views at once keep every
 * count true. On PostgreSQL the requests really run side by side; on PGlite one after another.
 */
const t = useTestApp({ ownDatabase: true });

const members = (n: number, opts: Parameters<typeof buildMember>[2] = {}) =>
  Promise.all(Array.from({ length: n }, () => buildMember(t.db, t.clock, opts)));

/** The category's counts and its threads' reply counts and last posts agree with the rows there are. */
async function expectCountsTrue(category: string) {
  const [truth] = await rowsOf<{ topics: number; posts: number; wrong_threads: number }>(
    t.db,
    sql`select (select count(*)::int from board_threads where category = ${category}) as topics,
               (select count(*)::int from board_posts p join board_threads t on t.id = p.thread_id
                 where t.category = ${category}) as posts,
               (select count(*)::int from board_threads t where t.category = ${category} and (
                  t.reply_count <> (select count(*) - 1 from board_posts p where p.thread_id = t.id)
                  or t.last_post_at <> (select max(p.created_at) from board_posts p where p.thread_id = t.id))) as wrong_threads`,
  );
  expect(truth?.wrong_threads).toBe(0);
  expect(await categoryRow(t, category)).toMatchObject({
    topicCount: truth?.topics,
    postCount: truth?.posts,
  });
}

describe('the board under simultaneous requests', () => {
  it('30 members replying at once: 30 replies counted, one post each', async () => {
    const cat = await ownCategory(t);
    const author = await buildMember(t.db, t.clock, { membership: 'premium' });
    const id = await startTopic(t, author.token, { category: cat });
    const repliers = await members(30);
    const answers = await Promise.all(
      repliers.map((m, i) => t.call(board.postReply, { thread_id: id, content: `Reply ${i}` }, m.token)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(repliers.map(() => 200));
    expect((await threadRow(t, id))?.replyCount).toBe(30);
    // Each reply knew its own place: the pages they answered cover posts 1 to 30.
    expect(answers.map((a) => a.body.pageCount).sort()).toContain(2);
    await expectCountsTrue(cat);
  });

  it('one member sending 12 replies at once: exactly 6 go through (BD6, L2)', async () => {
    const author = await buildMember(t.db, t.clock, { membership: 'premium' });
    const id = await startTopic(t, author.token);
    const m = await buildMember(t.db, t.clock);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.call(board.postReply, { thread_id: id, content: `Burst ${i}` }, m.token),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(6);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(6);
    expect((await threadRow(t, id))?.replyCount).toBe(6);
  });

  it('40 readers at once count 40 views (BD5)', async () => {
    const author = await buildMember(t.db, t.clock, { membership: 'premium' });
    const id = await startTopic(t, author.token);
    const readers = await members(8);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => threadPage(t, (readers[i % 8] as BuiltMember).token, id)),
    );
    expect(await viewsOf(t, id)).toBe(40);
  });

  it('deletes, replies and views at once, and the same post deleted twice at once', async () => {
    const cat = await ownCategory(t);
    const author = await buildMember(t.db, t.clock, { membership: 'premium' });
    const id = await startTopic(t, author.token, { category: cat });
    const [early, late] = [await members(10), await members(10)];
    const earlyPosts: number[] = [];
    for (const m of early) earlyPosts.push((await reply(t, m.token, id, 'An early reply')).post_id);
    t.clock.advance(60_000);
    const calls = [
      ...early.map((m, i) => t.call(board.deletePost, { id: earlyPosts[i] as number }, m.token)),
      // The first early reply deleted a second time, at the same moment: one of the two finds it.
      t.call(board.deletePost, { id: earlyPosts[0] as number }, (early[0] as BuiltMember).token),
      ...late.map((m) => t.call(board.postReply, { thread_id: id, content: 'A late reply' }, m.token)),
      ...late.map((m) => t.call(board.fetchThread, { thread: id, page: 0 }, m.token)),
    ];
    const answers = await Promise.all(calls);
    const deletes = answers.slice(0, 11).map((a) => a.statusCode);
    expect(deletes.filter((c) => c === 200)).toHaveLength(10);
    expect(deletes.filter((c) => c === 404)).toHaveLength(1);
    expect(answers.slice(11).every((a) => a.statusCode === 200)).toBe(true);
    const row = await threadRow(t, id);
    expect(row?.replyCount).toBe(10);
    expect(await viewsOf(t, id)).toBe(10);
    await expectCountsTrue(cat);
  });

  it("the topic's first post deleted while replies arrive: the counts stay true either way", async () => {
    const cat = await ownCategory(t);
    const repliers = await members(10);
    for (let round = 0; round < 3; round++) {
      const author = await buildMember(t.db, t.clock, { membership: 'premium' });
      const id = await startTopic(t, author.token, { category: cat });
      const [first] = (await threadPage(t, author.token, id)).posts;
      const answers = await Promise.all([
        ...repliers.map((m) => t.call(board.postReply, { thread_id: id, content: 'Racing reply' }, m.token)),
        t.call(board.deletePost, { id: first!.id }, author.token),
      ]);
      expect(answers.at(-1)?.statusCode).toBe(200);
      // A reply either landed before the topic went (and went with it) or found it gone.
      for (const a of answers.slice(0, -1)) expect([200, 404]).toContain(a.statusCode);
      expect(await threadRow(t, id)).toBeNull();
      t.clock.advance(60_000);
    }
    await expectCountsTrue(cat);
    expect(await categoryRow(t, cat)).toMatchObject({ topicCount: 0, postCount: 0 });
  });
});
