import { describe, expect, it } from 'vitest';
import { board, operationUrl } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember, setStatus } from '../../../test/factories.js';
import { MINUTE_MS } from '../../platform/time.js';
import { block, ownCategory, reply, startTopic, threadPage, viewsOf } from './board.test-support.js';

// The categories' latest threads look at every thread: a database of its own on PostgreSQL too.
const t = useTestApp({ ownDatabase: true });

describe('board/fetchCategories (spec 3 §3 Board category)', () => {
  it('needs a session (B1)', async () => {
    const answer = await t.call(board.fetchCategories, {});
    expect(answer.statusCode).toBe(401);
    expect(answer.body.extra).toBe('logged_out');
  });

  it('lists the seeded categories in order with zero counts and no thread on a new board (BD1)', async () => {
    const m = await buildMember(t.db, t.clock);
    const { statusCode, body } = await t.call(board.fetchCategories, {}, m.token);
    expect(statusCode).toBe(200);
    expect(body.canStartTopic).toBe(false);
    expect(body.categories.map((c) => c.category)).toEqual([
      'casting',
      'crew-calls',
      'screenwriting',
      'festivals',
      'gear',
      'post-production',
      'imdb-starmeter',
      'general',
    ]);
    expect(body.categories[0]).toEqual({
      category: 'casting',
      long_cat_name: 'Casting',
      cat_desc: 'Auditions, self-tapes, agents and finding the right role.',
      topic_count: 0,
      post_count: 0,
      thread_id: null,
      thread_title: '',
      thread_replies: 0,
      thread_date: '',
      thread_ago: '',
      thread_user_name: '',
      title: 'Casting - Message Board',
    });
  });

  it('counts topics and posts, and shows the latest thread the reader may see (BD4, BD7)', async () => {
    const [author, replier, reader, blocker] = await Promise.all([
      buildMember(t.db, t.clock, { membership: 'premium' }),
      buildMember(t.db, t.clock),
      buildMember(t.db, t.clock, { membership: 'pro' }),
      buildMember(t.db, t.clock, { membership: 'premium' }),
    ]);
    const older = await startTopic(t, author.token, {
      category: 'festivals',
      subject: 'Which festivals first?',
    });
    t.clock.advance(MINUTE_MS);
    await reply(t, replier.token, older);
    await reply(t, author.token, older);
    t.clock.advance(MINUTE_MS);
    // A newer thread by someone who blocked the reader: counted, but not shown to the reader.
    await startTopic(t, blocker.token, { category: 'festivals', subject: 'From the one who blocked' });
    await block(t, blocker.id, reader.id);

    const { body } = await t.call(board.fetchCategories, {}, reader.token);
    expect(body.canStartTopic).toBe(true);
    const festivals = body.categories.find((c) => c.category === 'festivals');
    expect(festivals).toMatchObject({
      topic_count: 2,
      post_count: 4,
      thread_id: older,
      thread_title: 'Which festivals first?',
      thread_replies: 2,
      thread_date: new Date(t.clock.now().getTime() - MINUTE_MS).toISOString(),
      thread_ago: '1 minute ago',
      thread_user_name: expect.stringMatching(/^Test Member /),
    });
    const seenByAuthor = (await t.call(board.fetchCategories, {}, author.token)).body.categories.find(
      (c) => c.category === 'festivals',
    );
    expect(seenByAuthor?.thread_title).toBe('From the one who blocked');
  });
});

describe('board/fetchCategoryThreads?cat (spec 3 §3 Thread summary, BD2)', () => {
  it('needs a session and a category that exists', async () => {
    expect((await t.call(board.fetchCategoryThreads, { cat: 'general' })).statusCode).toBe(401);
    const m = await buildMember(t.db, t.clock);
    const missing = await t.call(board.fetchCategoryThreads, { cat: 'no-such-thing' }, m.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.body.message).toBe(board.NO_SUCH_CATEGORY);
    const bad = await t.call(board.fetchCategoryThreads, { cat: '<script>' }, m.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.body.message).toBe(board.NO_SUCH_CATEGORY);
    const none = await t.call(board.fetchCategoryThreads, {}, m.token);
    expect(none.body.message).toBe(board.CHOOSE_CATEGORY);
    for (const page of ['-1', 'x', '1.5']) {
      const answer = await t.call(board.fetchCategoryThreads, { cat: 'general', page }, m.token);
      expect(answer.statusCode, page).toBe(400);
    }
  });

  it('lists an empty category with one page, and says whether the member may start topics', async () => {
    const cat = await ownCategory(t);
    const free = await buildMember(t.db, t.clock);
    const { statusCode, body } = await t.call(board.fetchCategoryThreads, { cat }, free.token);
    expect(statusCode).toBe(200);
    expect(body).toEqual({
      status: 'success',
      threads: [],
      categoryDetails: {
        category: cat,
        long_cat_name: `Category ${cat}`,
        cat_desc: 'For one test.',
        topic_count: 0,
      },
      page: 0,
      pageCount: 1,
      canStartTopic: false,
    });
  });

  it('lists threads newest last post first, 25 a page, leaving out blocked and inactive authors', async () => {
    const cat = await ownCategory(t);
    const [other, reader, gone] = await Promise.all([
      buildMember(t.db, t.clock, { membership: 'premium' }),
      buildMember(t.db, t.clock),
      buildMember(t.db, t.clock, { membership: 'premium' }),
    ]);
    // Three authors: a member starts at most 10 topics a day (BD6).
    const authors = await Promise.all(
      Array.from({ length: 3 }, () => buildMember(t.db, t.clock, { membership: 'premium' })),
    );
    const author = authors[0]!;
    const ids: number[] = [];
    for (let i = 0; i < 27; i++) {
      const by = authors[i % 3]!;
      ids.push(await startTopic(t, by.token, { category: cat, subject: `Topic number ${i}` }));
      t.clock.advance(11_000);
      if (i % 5 === 4) t.clock.advance(MINUTE_MS);
    }
    const hiddenByBlock = await startTopic(t, other.token, { category: cat, subject: 'Blocked author' });
    const hiddenInactive = await startTopic(t, gone.token, { category: cat, subject: 'Deactivated author' });
    await block(t, reader.id, other.id);
    await setStatus(t.db, gone.id, 'deactivated');
    t.clock.advance(MINUTE_MS);
    // A reply brings the first topic to the top.
    await reply(t, reader.token, ids[0] as number, 'Bumping this one');

    const first = (await t.call(board.fetchCategoryThreads, { cat }, reader.token)).body;
    expect(first.pageCount).toBe(2);
    expect(first.categoryDetails.topic_count).toBe(29);
    // 25 cut from the index, 2 of them hidden from this reader (BD2).
    expect(first.threads).toHaveLength(23);
    expect(first.threads[0]).toMatchObject({
      id: ids[0],
      title: 'Topic number 0',
      user_id: author.id,
      reply_count: 1,
      view_count: 0,
      last_post_ago: 'just now',
    });
    expect(first.threads.map((th) => th.id)).not.toContain(hiddenByBlock);
    expect(first.threads.map((th) => th.id)).not.toContain(hiddenInactive);
    expect(first.threads.slice(1, 4).map((th) => th.title)).toEqual([
      'Topic number 26',
      'Topic number 25',
      'Topic number 24',
    ]);
    const second = (await t.call(board.fetchCategoryThreads, { cat, page: 1 }, reader.token)).body;
    expect(second.page).toBe(1);
    expect(second.threads.map((th) => th.title)).toEqual([
      'Topic number 4',
      'Topic number 3',
      'Topic number 2',
      'Topic number 1',
    ]);
    const beyond = (await t.call(board.fetchCategoryThreads, { cat, page: 9 }, reader.token)).body;
    expect(beyond.threads).toEqual([]);
    // The author of the blocked thread still sees it.
    const theirs = (await t.call(board.fetchCategoryThreads, { cat }, other.token)).body;
    expect(theirs.threads.map((th) => th.id)).toContain(hiddenByBlock);
  });
});

describe('board/fetchThread (spec 3 §3, §7, BD2, BD5)', () => {
  it('needs a session and a readable thread', async () => {
    const author = await buildMember(t.db, t.clock, { membership: 'premium' });
    const id = await startTopic(t, author.token);
    expect((await t.call(board.fetchThread, { thread: id, page: 0 })).statusCode).toBe(401);
    const reader = await buildMember(t.db, t.clock);
    const missing = await t.call(board.fetchThread, { thread: 2_000_000_000, page: 0 }, reader.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.body.message).toBe(board.THREAD_GONE);
    for (const input of [{ thread: 'abc' }, { thread: 0 }, { thread: id, page: -1 }, {}]) {
      const answer = await t.call(board.fetchThread, input, reader.token);
      expect(answer.statusCode, JSON.stringify(input)).toBe(400);
      expect(answer.body.message).toMatch(/topic|page/i);
    }
    // A thread whose author blocked the reader is gone for them, as is a deactivated author's.
    await block(t, author.id, reader.id);
    expect((await t.call(board.fetchThread, { thread: id, page: 0 }, reader.token)).statusCode).toBe(404);
    const other = await buildMember(t.db, t.clock);
    await setStatus(t.db, author.id, 'deactivated');
    expect((await t.call(board.fetchThread, { thread: id, page: 0 }, other.token)).statusCode).toBe(404);
  });

  it('pages posts 20 at a time in posting order; each fetch counts a view (BD5)', async () => {
    const author = await buildMember(t.db, t.clock, { membership: 'premium' });
    const others = await Promise.all([buildMember(t.db, t.clock), buildMember(t.db, t.clock)]);
    const id = await startTopic(t, author.token, { category: 'gear', subject: 'Lenses for a short' });
    for (let i = 1; i <= 44; i++) {
      const who = others[i % 2] as { token: string };
      await reply(t, who.token, id, `Reply number ${i}`);
      t.clock.advance(11_000);
      if (i % 5 === 0) t.clock.advance(MINUTE_MS);
    }
    const reader = others[0] as { token: string; id: number };
    const first = await threadPage(t, reader.token, id, 0);
    expect(first.pageCount).toBe(3);
    expect(first.page).toBe(0);
    expect(first.posts).toHaveLength(20);
    expect(first.posts[0]).toMatchObject({ user_id: author.id, first: true, canDelete: false });
    expect(first.posts[1]).toMatchObject({ content: 'Reply number 1', first: false });
    expect(first.categoryDetails).toMatchObject({ category: 'gear', long_cat_name: 'Gear' });
    expect(first.threadDetails).toMatchObject({
      title: 'Lenses for a short',
      subscribed: false,
      unsubscribed: true,
      reply_count: 44,
      view_count: 1,
    });
    const last = await threadPage(t, reader.token, id, 2);
    expect(last.posts.map((p) => p.content)).toEqual([
      'Reply number 40',
      'Reply number 41',
      'Reply number 42',
      'Reply number 43',
      'Reply number 44',
    ]);
    expect(last.posts.every((p) => p.canDelete === (p.user_id === reader.id))).toBe(true);
    expect(last.threadDetails.view_count).toBe(2);
    // A page past the last answers no posts and the page count (spec 3 §4 page rules).
    const beyond = await threadPage(t, reader.token, id, 3);
    expect(beyond).toMatchObject({ posts: [], page: 3, pageCount: 3 });
    expect(await viewsOf(t, id)).toBe(3);
  });

  it('takes a form body as well as JSON (spec 3 §7: POST (form) page, thread)', async () => {
    const author = await buildMember(t.db, t.clock, { membership: 'premium' });
    const id = await startTopic(t, author.token, { subject: 'Form-posted reading' });
    const res = await t.app.inject({
      method: 'POST',
      url: operationUrl(board.fetchThread),
      payload: `page=0&thread=${id}`,
      headers: {
        authorization: `Bearer ${author.token}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ threadDetails: { id, title: 'Form-posted reading' }, pageCount: 1 });
  });

  it('leaves out posts of members blocked either way and of inactive members (BD7)', async () => {
    const author = await buildMember(t.db, t.clock, { membership: 'premium' });
    const [reader, blocked, blocker, gone] = await Promise.all(
      Array.from({ length: 4 }, () => buildMember(t.db, t.clock)),
    );
    const id = await startTopic(t, author.token);
    await reply(t, blocked!.token, id, 'From someone the reader blocked');
    await reply(t, blocker!.token, id, 'From someone who blocked the reader');
    await reply(t, gone!.token, id, 'From a member who left');
    await reply(t, reader!.token, id, 'From the reader');
    await block(t, reader!.id, blocked!.id);
    await block(t, blocker!.id, reader!.id);
    await setStatus(t.db, gone!.id, 'deactivated');
    const page = await threadPage(t, reader!.token, id);
    expect(page.posts.map((p) => p.user_id)).toEqual([author.id, reader!.id]);
    // Counts stay the board's own (BD4).
    expect(page.threadDetails.reply_count).toBe(4);
    expect(page.pageCount).toBe(1);
  });
});

describe('board/subUnsub (spec 3 §4 thread follow)', () => {
  it('follows and unfollows, answering both flags; repeating either is harmless', async () => {
    const author = await buildMember(t.db, t.clock, { membership: 'premium' });
    const reader = await buildMember(t.db, t.clock);
    const id = await startTopic(t, author.token);
    for (let i = 0; i < 2; i++) {
      const on = await t.call(board.subUnsub, { action: 'subscribe', thread: id }, reader.token);
      expect(on.body).toEqual({
        status: 'success',
        message: board.FOLLOWING,
        subscribed: true,
        unsubscribed: false,
      });
      expect((await threadPage(t, reader.token, id)).threadDetails).toMatchObject({ subscribed: true });
    }
    for (let i = 0; i < 2; i++) {
      const off = await t.call(board.subUnsub, { action: 'unsubscribe', thread: id }, reader.token);
      expect(off.body).toEqual({
        status: 'success',
        message: board.NOT_FOLLOWING,
        subscribed: false,
        unsubscribed: true,
      });
    }
    // The author may stop following their own topic too.
    const authorOff = await t.call(board.subUnsub, { action: 'unsubscribe', thread: id }, author.token);
    expect(authorOff.body.subscribed).toBe(false);
  });

  it('refuses no session, a bad action, a thread that does not exist or is hidden', async () => {
    const author = await buildMember(t.db, t.clock, { membership: 'premium' });
    const reader = await buildMember(t.db, t.clock);
    const id = await startTopic(t, author.token);
    expect((await t.call(board.subUnsub, { action: 'subscribe', thread: id })).statusCode).toBe(401);
    const bad = await t.call(board.subUnsub, { action: 'follow', thread: id }, reader.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.body.message).toBe("Please choose 'subscribe' or 'unsubscribe'.");
    const noThread = await t.call(board.subUnsub, { action: 'subscribe' }, reader.token);
    expect(noThread.body.message).toBe('Please give a valid topic.');
    const missing = await t.call(
      board.subUnsub,
      { action: 'subscribe', thread: 2_000_000_000 },
      reader.token,
    );
    expect(missing.statusCode).toBe(404);
    await block(t, author.id, reader.id);
    const hidden = await t.call(board.subUnsub, { action: 'subscribe', thread: id }, reader.token);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body.message).toBe(board.THREAD_GONE);
  });
});
