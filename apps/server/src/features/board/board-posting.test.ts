import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { alerts, board, operationUrl } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember, setStatus } from '../../../test/factories.js';
import { MINUTE_MS } from '../../platform/time.js';
import { images } from '../uploads/uploads.tables.js';
import { users } from '../members/members.tables.js';
import { boardPosts, boardSubscriptions } from './board.tables.js';
import {
  alertsOf,
  block,
  categoryRow,
  ownCategory,
  png,
  postTopicMultipart,
  reply,
  startTopic,
  threadPage,
  threadRow,
} from './board.test-support.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-board-posting-'));
const t = useTestApp({ config: { dataDir } });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('board/postReply (spec 3 §5, D8.2, D12.1)', () => {
  it('needs a session (B1)', async () => {
    const answer = await t.call(board.postReply, { thread_id: 1, content: 'Hello there' });
    expect(answer.statusCode).toBe(401);
    expect(answer.body.extra).toBe('logged_out');
  });

  it('a free member replies: counts, last post and the page of the reply (spec 3 §6, BD4)', async () => {
    const cat = await ownCategory(t);
    const author = await buildMember(t.db, t.clock, { membership: 'premium' });
    const free = await buildMember(t.db, t.clock);
    const id = await startTopic(t, author.token, { category: cat });
    t.clock.advance(5 * MINUTE_MS);
    const answer = await t.call(board.postReply, { thread_id: id, content: '  Count me in!  ' }, free.token);
    expect(answer.statusCode, answer.body.message).toBe(200);
    expect(answer.body).toMatchObject({
      status: 'success',
      message: board.REPLY_POSTED,
      page: 0,
      pageCount: 1,
    });
    const row = await threadRow(t, id);
    expect(row).toMatchObject({ replyCount: 1, lastPostAt: t.clock.now() });
    expect(await categoryRow(t, cat)).toMatchObject({ topicCount: 1, postCount: 2 });
    const page = await threadPage(t, free.token, id);
    expect(page.posts[1]).toMatchObject({
      id: answer.body.post_id,
      user_id: free.id,
      content: 'Count me in!',
      media_type: '',
      first: false,
      canDelete: true,
    });
    // Replying does not follow the thread (only the author follows theirs, D12.1).
    expect(page.threadDetails.subscribed).toBe(false);
  });

  it('takes the topic id from the query string, as spec 3 §7 puts it', async () => {
    const author = await buildMember(t.db, t.clock, { membership: 'premium' });
    const id = await startTopic(t, author.token);
    const res = await t.app.inject({
      method: 'POST',
      url: `${operationUrl(board.postReply)}?thread_id=${id}`,
      payload: { content: 'Replying by the query string' },
      headers: { authorization: `Bearer ${author.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const noId = await t.call(board.postReply, { content: 'Which topic?' }, author.token);
    expect(noId.statusCode).toBe(400);
    expect(noId.body.message).toBe('Please give a valid topic.');
  });

  it('alerts every follower but the one replying, once per thread until seen (D8.2, BD8)', async () => {
    const author = await buildMember(t.db, t.clock, { membership: 'premium' });
    const [follower, replier, blockedFollower, gone] = await Promise.all(
      Array.from({ length: 4 }, () => buildMember(t.db, t.clock)),
    );
    const id = await startTopic(t, author.token, { category: 'casting', subject: 'Open call: short film' });
    for (const m of [follower!, blockedFollower!, gone!]) {
      await t.call(board.subUnsub, { action: 'subscribe', thread: id }, m.token);
    }
    await setStatus(t.db, gone!.id, 'deactivated');
    await block(t, blockedFollower!.id, replier!.id);
    const answer = await reply(t, replier!.token, id, 'I would love to audition');
    const link = `/community/board/casting/${id}`;
    const [toAuthor] = await alertsOf(t, author.id);
    expect(toAuthor).toMatchObject({
      actorId: replier!.id,
      content: `${await nameOf(replier!.id)} replied to "Open call: short film".`,
      link,
      seenAt: null,
    });
    expect(answer.page).toBe(0);
    expect(await alertsOf(t, follower!.id)).toHaveLength(1);
    expect(await alertsOf(t, replier!.id)).toHaveLength(0);
    expect(await alertsOf(t, gone!.id)).toHaveLength(0);
    // The blocked follower's alert exists but is hidden by the block (alerts carry their actor).
    const listed = await t.call(alerts.fetchAlertList, {}, blockedFollower!.token);
    expect(JSON.stringify(listed.body)).not.toContain('Open call: short film');

    // The author replying alerts the followers, not the author.
    await reply(t, author.token, id, 'Thanks, sending sides tonight');
    expect(await alertsOf(t, author.id)).toHaveLength(1);
    // A second unseen alert about the thread replaces the first.
    expect(await alertsOf(t, follower!.id)).toHaveLength(1);
  });

  it('links the alert to the page the reply is on', async () => {
    const author = await buildMember(t.db, t.clock, { membership: 'premium' });
    const others = await Promise.all(Array.from({ length: 4 }, () => buildMember(t.db, t.clock)));
    const id = await startTopic(t, author.token, { category: 'gear' });
    for (let i = 1; i <= 20; i++) {
      await reply(t, others[i % 4]!.token, id, `Reply ${i}`);
      t.clock.advance(16_000);
    }
    // Post number 20 (the 21st) opens page 1.
    const [alert] = await alertsOf(t, author.id);
    expect(alert?.link).toBe(`/community/board/gear/${id}/1`);
    expect((await threadPage(t, author.token, id, 1)).posts.map((p) => p.content)).toEqual(['Reply 20']);
  });

  it('refuses a reply of the wrong length, media on a reply, and a thread gone or hidden', async () => {
    const author = await buildMember(t.db, t.clock, { membership: 'premium' });
    const m = await buildMember(t.db, t.clock);
    const id = await startTopic(t, author.token);
    for (const content of ['', 'abc', '   abc  ', 'x'.repeat(2001)]) {
      const answer = await t.call(board.postReply, { thread_id: id, content }, m.token);
      expect(answer.statusCode).toBe(400);
      expect(answer.body.message).toBe(board.POST_LENGTH);
    }
    const withMedia = await t.call(
      board.postReply,
      { thread_id: id, content: 'With a video', hasVideo: 'yes', video: 'boardVid001' },
      m.token,
    );
    // Replies carry no media (spec 3 §5): the fields are not part of a reply, and nothing is kept.
    expect(withMedia.statusCode).toBe(200);
    const [stored] = await t.db.select().from(boardPosts).where(eq(boardPosts.id, withMedia.body.post_id));
    expect(stored).toMatchObject({ mediaType: '', mediaCode: '' });
    const missing = await t.call(board.postReply, { thread_id: 2_000_000_000, content: 'Anyone?' }, m.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.body.message).toBe(board.THREAD_GONE);
    await block(t, author.id, m.id);
    const hidden = await t.call(board.postReply, { thread_id: id, content: 'Can I?' }, m.token);
    expect(hidden.statusCode).toBe(404);
    expect((await threadRow(t, id))?.replyCount).toBe(1);
  });

  it('limits posting to 6 a minute and 60 an hour per member (BD6)', async () => {
    const author = await buildMember(t.db, t.clock, { membership: 'premium' });
    const m = await buildMember(t.db, t.clock);
    const id = await startTopic(t, author.token);
    for (let i = 0; i < 6; i++) await reply(t, m.token, id, `Quick reply ${i}`);
    const fast = await t.call(board.postReply, { thread_id: id, content: 'One more' }, m.token);
    expect(fast.statusCode).toBe(429);
    expect(fast.body.message).toBe(
      'You are posting very quickly. Please wait 60 seconds before posting again.',
    );
    expect(fast.response.headers['retry-after']).toBe('60');
    for (let minute = 0; minute < 9; minute++) {
      t.clock.advance(MINUTE_MS);
      for (let i = 0; i < 6; i++) await reply(t, m.token, id, `Reply ${minute}.${i}`);
    }
    t.clock.advance(MINUTE_MS);
    const hourly = await t.call(board.postReply, { thread_id: id, content: 'Too many' }, m.token);
    expect(hourly.statusCode).toBe(429);
    expect(hourly.body.message).toMatch(
      /^You have posted 60 times in the last hour\. Please wait \d+ minutes? before posting again\.$/,
    );
    expect((await threadRow(t, id))?.replyCount).toBe(60);
  });
});

async function nameOf(id: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return `${row?.first} ${row?.last}`;
}

describe('board/deletePost?id (spec 3 §4, §6, §8, D12.1)', () => {
  it('needs a session and a valid id', async () => {
    expect((await t.call(board.deletePost, { id: 1 })).statusCode).toBe(401);
    const m = await buildMember(t.db, t.clock);
    for (const id of ['', 'abc', '0', '-3', '2147483648']) {
      const answer = await t.call(board.deletePost, { id }, m.token);
      expect(answer.statusCode, id).toBe(400);
      expect(answer.body.message).toBe('Please give a valid post.');
    }
    const missing = await t.call(board.deletePost, { id: 2_000_000_000 }, m.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.body.message).toBe(board.POST_GONE);
  });

  it("deletes a member's own reply: counts, last post and the page count follow (spec 3 §8)", async () => {
    const cat = await ownCategory(t);
    const author = await buildMember(t.db, t.clock, { membership: 'premium' });
    const m = await buildMember(t.db, t.clock);
    const id = await startTopic(t, author.token, { category: cat });
    const started = t.clock.now();
    const replies: number[] = [];
    for (let i = 1; i <= 20; i++) {
      t.clock.advance(16_000);
      replies.push((await reply(t, i % 2 ? author.token : m.token, id, `Reply ${i}`)).post_id);
    }
    expect((await threadPage(t, m.token, id)).pageCount).toBe(2);
    // The last reply, alone on page 1: the thread has one page after it (spec 3 §4).
    const last = replies[19] as number;
    const answer = await t.call(board.deletePost, { id: last }, m.token);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toEqual({
      status: 'success',
      message: 'Your post was successfully deleted.',
      pageCount: 1,
      threadDeleted: false,
    });
    const row = await threadRow(t, id);
    expect(row?.replyCount).toBe(19);
    expect(row?.lastPostAt).toEqual(new Date(started.getTime() + 19 * 16_000));
    expect(await categoryRow(t, cat)).toMatchObject({ topicCount: 1, postCount: 20 });
    const again = await t.call(board.deletePost, { id: last }, m.token);
    expect(again.statusCode).toBe(404);
  });

  it("refuses another member's post, staff's included (spec 3 §6, BD9), changing nothing", async () => {
    const author = await buildMember(t.db, t.clock, { membership: 'premium' });
    const admin = await buildMember(t.db, t.clock, { role: 'admin' });
    const other = await buildMember(t.db, t.clock, { membership: 'pro' });
    const id = await startTopic(t, author.token);
    const [first] = (await threadPage(t, author.token, id)).posts;
    for (const who of [admin, other]) {
      const answer = await t.call(board.deletePost, { id: first!.id }, who.token);
      expect(answer.statusCode).toBe(403);
      expect(answer.body.message).toBe(board.ONLY_OWN_POSTS);
    }
    expect(await threadRow(t, id)).not.toBeNull();
  });

  it("deleting a topic's first post removes the topic, its replies, follows and picture (D12.1)", async () => {
    const cat = await ownCategory(t);
    const author = await buildMember(t.db, t.clock, { membership: 'premium' });
    const m = await buildMember(t.db, t.clock);
    const posted = await postTopicMultipart(
      t,
      author.token,
      { category: cat, subject: 'Our poster is done', content: 'What do you think?', hasFile: 'yes' },
      { field: 'myFile', filename: 'poster.png', type: 'image/png', data: await png() },
    );
    const id = posted.body.thread_id as number;
    await reply(t, m.token, id, 'Looks great');
    await t.call(board.subUnsub, { action: 'subscribe', thread: id }, m.token);
    const [first] = (await threadPage(t, author.token, id)).posts;
    const url = first!.image_url as string;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);

    const answer = await t.call(board.deletePost, { id: first!.id }, author.token);
    expect(answer.body).toMatchObject({ pageCount: 0, threadDeleted: true, message: board.POST_DELETED });
    expect(await threadRow(t, id)).toBeNull();
    expect(await t.db.select().from(boardPosts).where(eq(boardPosts.threadId, id))).toEqual([]);
    expect(await t.db.select().from(boardSubscriptions).where(eq(boardSubscriptions.threadId, id))).toEqual(
      [],
    );
    expect(await categoryRow(t, cat)).toMatchObject({ topicCount: 0, postCount: 0 });
    expect(await t.db.select().from(images).where(eq(images.name, first!.media_code))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await t.call(board.fetchThread, { thread: id, page: 0 }, m.token)).statusCode).toBe(404);
  });
});
