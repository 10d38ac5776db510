import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { board, media } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember } from '../../../test/factories.js';
import { addSimVideo } from '../../simulated/catalogue.js';
import { images } from '../uploads/uploads.tables.js';
import { boardPosts, boardSubscriptions } from './board.tables.js';
import { categoryRow, ownCategory, png, postTopicMultipart, threadPage } from './board.test-support.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-board-'));
const t = useTestApp({ config: { dataDir } });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const topic = (category: string, extra: Record<string, unknown> = {}) => ({
  category,
  subject: 'Self-tape lighting on a budget',
  content: 'What do you use for a key light at home? https://example.com/setup',
  ...extra,
});

describe('board/postTopic (spec 3 §5, §6, D12.1)', () => {
  it('refuses a caller with no session (B1)', async () => {
    const answer = await t.call(board.postTopic, topic('general'));
    expect(answer.statusCode).toBe(401);
    expect(answer.body.extra).toBe('logged_out');
  });

  it('a premium member starts a topic: first post, author follows it, category counts move (BD4)', async () => {
    const cat = await ownCategory(t);
    const m = await buildMember(t.db, t.clock, { membership: 'premium' });
    const answer = await t.call(board.postTopic, topic(cat), m.token);
    expect(answer.statusCode, answer.body.message).toBe(200);
    expect(answer.body).toMatchObject({ status: 'success', message: board.TOPIC_STARTED });
    const id = answer.body.thread_id;
    expect(id).toBeGreaterThan(0);
    const page = await threadPage(t, m.token, id);
    expect(page.threadDetails).toMatchObject({
      id,
      title: 'Self-tape lighting on a budget',
      subscribed: true,
      unsubscribed: false,
      user_id: m.id,
      reply_count: 0,
    });
    expect(page.posts).toHaveLength(1);
    expect(page.posts[0]).toMatchObject({
      user_id: m.id,
      first: true,
      canDelete: true,
      media_type: '',
      content:
        'What do you use for a key light at home? <a href="https://example.com/setup" target="_blank" rel="noopener noreferrer nofollow">https://example.com/setup</a>',
    });
    expect(await categoryRow(t, cat)).toMatchObject({ topicCount: 1, postCount: 1 });
    const follows = await t.db.select().from(boardSubscriptions).where(eq(boardSubscriptions.threadId, id));
    expect(follows.map((f) => f.userId)).toEqual([m.id]);
  });

  it('pro and managed members start topics too; so does staff on a free level (BD3)', async () => {
    for (const opts of [
      { membership: 'pro' as const },
      { membership: 'managed' as const },
      { role: 'admin' as const },
    ]) {
      const m = await buildMember(t.db, t.clock, opts);
      const answer = await t.call(board.postTopic, topic('general'), m.token);
      expect(answer.statusCode, JSON.stringify(opts)).toBe(200);
    }
  });

  it('refuses a free member with the upgrade message and changes nothing (spec 3 §6)', async () => {
    const cat = await ownCategory(t);
    const m = await buildMember(t.db, t.clock);
    const answer = await t.call(board.postTopic, topic(cat), m.token);
    expect(answer.statusCode).toBe(403);
    expect(answer.body).toMatchObject({ message: board.FREE_CANNOT_START, extra: board.UPGRADE_EXTRA });
    expect(await categoryRow(t, cat)).toMatchObject({ topicCount: 0, postCount: 0 });
  });

  it('refuses a free member even with a picture attached, storing nothing', async () => {
    const m = await buildMember(t.db, t.clock);
    const answer = await postTopicMultipart(
      t,
      m.token,
      { category: 'general', subject: 'A still from set', content: 'Our first day', hasFile: 'yes' },
      { field: 'myFile', filename: 'still.png', type: 'image/png', data: await png() },
    );
    expect(answer.statusCode).toBe(403);
    expect(await t.db.select().from(images).where(eq(images.ownerId, m.id))).toEqual([]);
  });

  it('needs a category that exists (spec 3 §5)', async () => {
    const m = await buildMember(t.db, t.clock, { membership: 'premium' });
    for (const [category, message] of [
      ['', board.CHOOSE_CATEGORY],
      ['   ', board.CHOOSE_CATEGORY],
      ['Not A Slug!', board.NO_SUCH_CATEGORY],
      ['no-such-category', board.NO_SUCH_CATEGORY],
    ] as const) {
      const answer = await t.call(board.postTopic, topic(category), m.token);
      expect(answer.statusCode, category).toBe(category === 'no-such-category' ? 404 : 400);
      expect(answer.body.message).toBe(message);
    }
    const missing = await t.call(
      board.postTopic,
      { subject: 'Headline here', content: 'Body text' },
      m.token,
    );
    expect(missing.body.message).toBe(board.CHOOSE_CATEGORY);
  });

  it('takes a headline of more than 5 characters, at most 100 (spec 3 §5, BD3)', async () => {
    const m = await buildMember(t.db, t.clock, { membership: 'premium' });
    for (const subject of ['', 'Short', '  Short  ', 'x'.repeat(101)]) {
      const answer = await t.call(board.postTopic, topic('general', { subject }), m.token);
      expect(answer.statusCode, subject).toBe(400);
      expect(answer.body.message).toBe(board.SUBJECT_LENGTH);
    }
    for (const subject of ['Six ch', 'x'.repeat(100)]) {
      const answer = await t.call(board.postTopic, topic('general', { subject }), m.token);
      expect(answer.statusCode, subject).toBe(200);
    }
  });

  it('takes a post of 4 to 2000 characters (spec 3 §5)', async () => {
    const m = await buildMember(t.db, t.clock, { membership: 'pro' });
    for (const content of ['', 'abc', '   abc   ', 'x'.repeat(2001)]) {
      const answer = await t.call(board.postTopic, topic('general', { content }), m.token);
      expect(answer.statusCode, content.slice(0, 10)).toBe(400);
      expect(answer.body.message).toBe(board.POST_LENGTH);
    }
    for (const content of ['abcd', 'y'.repeat(2000)]) {
      const answer = await t.call(board.postTopic, topic('general', { content }), m.token);
      expect(answer.statusCode).toBe(200);
    }
  });

  it('stores the text as typed and shows it links-only (D8.1)', async () => {
    const m = await buildMember(t.db, t.clock, { membership: 'premium' });
    const typed = `<script>alert('x')</script> <a href="javascript:alert(1)">me</a> www.example.com/reel`;
    const answer = await t.call(board.postTopic, topic('general', { content: typed }), m.token);
    const [stored] = await t.db
      .select()
      .from(boardPosts)
      .where(eq(boardPosts.threadId, answer.body.thread_id));
    expect(stored?.content).toBe(typed);
    const [post] = (await threadPage(t, m.token, answer.body.thread_id)).posts;
    expect(post?.content).toBe(
      '&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &lt;a href=&quot;javascript:alert(1)&quot;&gt;me&lt;/a&gt; <a href="https://www.example.com/reel" target="_blank" rel="noopener noreferrer nofollow">www.example.com/reel</a>',
    );
  });

  it('attaches one image through the upload pipeline, served on the post (D12.1)', async () => {
    const m = await buildMember(t.db, t.clock, { membership: 'premium' });
    const answer = await postTopicMultipart(
      t,
      m.token,
      { category: 'gear', subject: 'My lighting kit', content: 'Two LEDs and a bounce', hasFile: 'yes' },
      { field: 'myFile', filename: 'kit.png', type: 'image/png', data: await png() },
    );
    expect(answer.statusCode, String(answer.body.message)).toBe(200);
    const [post] = (await threadPage(t, m.token, answer.body.thread_id as number)).posts;
    expect(post?.media_type).toBe('image');
    expect(post?.image_url).toBe(`/media/${post?.media_code}`);
    const served = await t.app.inject({ method: 'GET', url: post?.image_url ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\/png/);
    const [row] = await t.db
      .select()
      .from(images)
      .where(and(eq(images.ownerId, m.id), eq(images.folder, 'board')));
    expect(row?.name).toBe(post?.media_code);
  });

  it('refuses a file that is not a picture by its content, and stores nothing', async () => {
    const m = await buildMember(t.db, t.clock, { membership: 'premium' });
    const cat = await ownCategory(t);
    const answer = await postTopicMultipart(
      t,
      m.token,
      { category: cat, subject: 'Not really a picture', content: 'Look at this', hasFile: 'yes' },
      { field: 'myFile', filename: 'evil.png', type: 'image/png', data: Buffer.from('<script>x</script>') },
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.body.message).toMatch(/PNG, GIF or JPEG/);
    expect(await categoryRow(t, cat)).toMatchObject({ topicCount: 0 });
    expect(await t.db.select().from(images).where(eq(images.ownerId, m.id))).toEqual([]);
  });

  it('attaches one YouTube video by link or id, with its title (D12.1, spec 1 §5)', async () => {
    const m = await buildMember(t.db, t.clock, { membership: 'premium' });
    await addSimVideo(t.db, { id: 'boardVid001', title: 'Behind the scenes of our short' });
    for (const video of [
      'boardVid001',
      'https://www.youtube.com/watch?v=boardVid001',
      'youtu.be/boardVid001',
    ]) {
      const answer = await t.call(board.postTopic, topic('general', { hasVideo: 'yes', video }), m.token);
      expect(answer.statusCode, video).toBe(200);
      const [post] = (await threadPage(t, m.token, answer.body.thread_id)).posts;
      expect(post).toMatchObject({
        media_type: 'youtube',
        media_code: 'boardVid001',
        video_title: 'Behind the scenes of our short',
        image_url: null,
      });
      expect(post?.video_embed_url).toContain('boardVid001');
    }
  });

  it('refuses a link that is not a YouTube video, an unknown video, both media, an image flag without a file', async () => {
    const m = await buildMember(t.db, t.clock, { membership: 'premium' });
    await addSimVideo(t.db, { id: 'goneVideo01', removed: true });
    for (const video of ['https://vimeo.com/12345', 'short', '', 'goneVideo01']) {
      const answer = await t.call(board.postTopic, topic('general', { hasVideo: 'yes', video }), m.token);
      expect(answer.statusCode, video).toBe(400);
      expect(answer.body.message).toBe(media.BAD_VIDEO_URL);
    }
    const both = await postTopicMultipart(
      t,
      m.token,
      { ...topic('general'), hasFile: 'yes', hasVideo: 'yes', video: 'boardVid001' },
      { field: 'myFile', filename: 'kit.png', type: 'image/png', data: await png() },
    );
    expect(both.body.message).toBe(board.BOTH_MEDIA);
    const none = await t.call(board.postTopic, topic('general', { hasFile: 'yes' }), m.token);
    expect(none.body.message).toBe(board.NO_FILE);
  });

  it('limits topics to 10 a day and posts to 6 a minute, with the wait in the message (BD6)', async () => {
    const m = await buildMember(t.db, t.clock, { membership: 'premium' });
    for (let i = 0; i < 6; i++) {
      expect((await t.call(board.postTopic, topic('general'), m.token)).statusCode).toBe(200);
    }
    const fast = await t.call(board.postTopic, topic('general'), m.token);
    expect(fast.statusCode).toBe(429);
    expect(fast.body.message).toMatch(
      /^You are posting very quickly\. Please wait \d+ seconds? before posting again\.$/,
    );
    t.clock.advance(61_000);
    for (let i = 0; i < 4; i++) {
      expect((await t.call(board.postTopic, topic('general'), m.token)).statusCode).toBe(200);
    }
    t.clock.advance(61_000);
    const daily = await t.call(board.postTopic, topic('general'), m.token);
    expect(daily.statusCode).toBe(429);
    expect(daily.body.message).toMatch(
      /^You have started 10 topics today\. Please wait 24 hours before starting another\.$/,
    );
  });
});
