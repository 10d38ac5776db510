import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { media, news } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember, setStatus } from '../../../test/factories.js';
import { addSimVideo } from '../../simulated/catalogue.js';
import { users } from '../members/members.tables.js';
import { newsItems } from './news.tables.js';
import { BOTH_MEDIA, NO_FILE } from './news.policy.js';
import { alertsOf, block, feedIds, postMultipart, postText } from './news.test-support.js';

const t = useTestApp();
const member = () => buildMember(t.db, t.clock);

describe('news/postNews', () => {
  it('refuses a caller with no session', async () => {
    const answer = await t.call(news.postNews, { comment: 'Hello there' });
    expect(answer.statusCode).toBe(401);
    expect(answer.body.extra).toBe('logged_out');
  });

  it('takes 4 to 200 characters and refuses the rest with the spec message (spec 1 §5, §9)', async () => {
    const m = await member();
    for (const text of ['abc', '   abc   ', 'x'.repeat(201), '']) {
      const answer = await t.call(news.postNews, { comment: text }, m.token);
      expect(answer.statusCode, JSON.stringify(text)).toBe(400);
      expect(answer.body.message).toBe(news.POST_LENGTH_ERROR);
    }
    for (const text of ['abcd', 'y'.repeat(200)]) {
      const answer = await t.call(news.postNews, { comment: text }, m.token);
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toMatchObject({ status: 'success' });
    }
  });

  it('reads the composer’s multipart form, fields as text', async () => {
    const m = await member();
    const answer = await postMultipart(t, m.token, {
      comment: 'Wrapped day one!',
      hasFile: 'no',
      hasVideo: 'no',
      videoId: '',
    });
    expect(answer.statusCode).toBe(200);
    const [item] = (
      await t.call(
        news.fetchNewsItems,
        { filter: 'single', filter_id: answer.body.news_id as number },
        m.token,
      )
    ).body.newsItems;
    expect(item).toMatchObject({
      content: 'Wrapped day one!',
      media_type: '',
      user_id: m.id,
      canDelete: true,
      canHide: false,
    });
  });

  it('attaches a catalogue video with its title cut to 57 characters and an ellipsis (spec 1 §5)', async () => {
    const m = await member();
    const title = 'A very long behind the scenes documentary title that goes on and on';
    await addSimVideo(t.db, { id: 'newsVid0001', title });
    const answer = await postMultipart(t, m.token, {
      comment: 'Our new BTS reel',
      hasFile: 'no',
      hasVideo: 'yes',
      videoId: 'newsVid0001',
    });
    expect(answer.statusCode).toBe(200);
    const [item] = (
      await t.call(
        news.fetchNewsItems,
        { filter: 'single', filter_id: answer.body.news_id as number },
        m.token,
      )
    ).body.newsItems;
    expect(item?.media_type).toBe('youtube');
    expect(item?.media_code).toBe('newsVid0001');
    expect(item?.video_title).toBe(`${title.slice(0, 57)}...`);
    expect(item?.video_embed_url).toContain('newsVid0001');
  });

  it('refuses a bad or unknown video id with the spec message', async () => {
    const m = await member();
    // Offline every well-formed id has a video (rule P1): one that does not exist is a removed one.
    await addSimVideo(t.db, { id: 'noSuchVid01', removed: true });
    for (const videoId of ['short', 'has spaces!!', 'noSuchVid01']) {
      const answer = await postMultipart(t, m.token, { comment: 'Watch this one', hasVideo: 'yes', videoId });
      expect(answer.statusCode, videoId).toBe(400);
      expect(answer.body.message).toBe(media.BAD_VIDEO_URL);
    }
  });

  it('refuses an image flag without a file, and an image with a video', async () => {
    const m = await member();
    const none = await postMultipart(t, m.token, { comment: 'Look at this', hasFile: 'yes' });
    expect(none.body.message).toBe(NO_FILE);
    const both = await postMultipart(
      t,
      m.token,
      { comment: 'Look at this', hasFile: 'yes', hasVideo: 'yes', videoId: 'newsVid0001' },
      { field: 'myFile', filename: 'a.png', type: 'image/png', data: Buffer.from('not really') },
    );
    expect(both.statusCode).toBe(400);
    expect(both.body.message).toBe(BOTH_MEDIA);
    const badFlag = await postMultipart(t, m.token, { comment: 'Look at this', hasFile: 'maybe' });
    expect(badFlag.statusCode).toBe(400);
  });

  it('stores a mention with the member’s own name, links it and alerts them once (D8.2)', async () => {
    const [writer, maya, blocker] = [await member(), await member(), await member()];
    await block(t.db, blocker.id, writer.id);
    const [mayaRow] = await t.db.select().from(users).where(eq(users.id, maya.id));
    const text = `Great work @[Anyone Else](${maya.id}) and @[Nobody](${blocker.id}) and @[Me](${writer.id})!`;
    const newsId = await postText(t, writer.token, text);
    const [stored] = await t.db.select().from(newsItems).where(eq(newsItems.id, newsId));
    const mayaName = `${mayaRow?.first} ${mayaRow?.last}`;
    expect(stored?.content).toContain(`@[${mayaName}](${maya.id})`);
    // Someone who blocked the writer is not linked or told.
    expect(stored?.content).toContain('@Nobody');
    const [item] = (await t.call(news.fetchNewsItems, { filter: 'single', filter_id: newsId }, writer.token))
      .body.newsItems;
    expect(item?.content).toContain(`<a href="/profile/${maya.id}" class="mq-mention">@${mayaName}</a>`);
    expect(await alertsOf(t.db, maya.id, 'news_mention')).toMatchObject([{ link: `/home/${newsId}` }]);
    expect(await alertsOf(t.db, blocker.id)).toHaveLength(0);
    expect(await alertsOf(t.db, writer.id, 'news_mention')).toHaveLength(0);
  });

  it('keeps a mention of an id past the int range as plain text, not a 500', async () => {
    const writer = await member();
    const answer = await t.call(news.postNews, { comment: 'Hello @[x](9999999999) there' }, writer.token);
    expect(answer.statusCode).toBe(200);
    const [stored] = await t.db.select().from(newsItems).where(eq(newsItems.id, answer.body.news_id));
    expect(stored?.content).toBe('Hello @x there');
    const comment = await t.call(
      news.postComment,
      { news_id: answer.body.news_id, comment: 'Hi @[y](2147483648)!' },
      writer.token,
    );
    expect(comment.statusCode).toBe(200);
    expect(comment.body.comment.comment).not.toContain('<a');
  });

  it('checks the length again once mentions carry the member’s own name (spec 1 §9)', async () => {
    const [writer, named] = [await member(), await member()];
    await t.db
      .update(users)
      .set({ first: 'Maximiliana', last: 'Throckmorton-Featherstonehaugh' })
      .where(eq(users.id, named.id));
    const text = `@[x](${named.id}) ${'p'.repeat(190)}`;
    expect(news.visibleLength(text)).toBeLessThanOrEqual(news.POST_MAX);
    const answer = await t.call(news.postNews, { comment: text }, writer.token);
    expect(answer.statusCode).toBe(400);
    expect(answer.body.message).toBe(news.POST_LENGTH_ERROR);
    expect(await feedIds(t, writer.token, { filter: 'user', filter_id: writer.id })).toEqual([]);
  });

  it(`posts exactly ${news.POSTS_PER_MINUTE} of a burst of 30 concurrent posts (L2)`, async () => {
    const m = await member();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => t.call(news.postNews, { comment: `Burst post ${i}` }, m.token)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(news.POSTS_PER_MINUTE);
    expect(codes.filter((c) => c === 429)).toHaveLength(30 - news.POSTS_PER_MINUTE);
    expect(await t.db.select().from(newsItems).where(eq(newsItems.userId, m.id))).toHaveLength(
      news.POSTS_PER_MINUTE,
    );
  });

  it(`allows ${news.POSTS_PER_MINUTE} posts a minute and ${news.POSTS_PER_HOUR} an hour, then 429 with Retry-After`, async () => {
    const m = await member();
    for (let i = 0; i < news.POSTS_PER_MINUTE; i++) await postText(t, m.token, `Quick post ${i}`);
    const fast = await t.call(news.postNews, { comment: 'One too many' }, m.token);
    expect(fast.statusCode).toBe(429);
    expect(fast.response.headers['retry-after']).toBe('60');
    expect(fast.body.message).toBe(
      'You are posting very quickly. Please wait 60 seconds before posting another post.',
    );
    // Spread out (a minute apart), the hour's limit is what stops them, until the first posts leave it.
    for (let i = news.POSTS_PER_MINUTE; i < news.POSTS_PER_HOUR; i++) {
      t.clock.advance((10 * 60_000) / news.POSTS_PER_MINUTE);
      await postText(t, m.token, `Steady post ${i}`);
    }
    t.clock.advance(60_000);
    const hour = await t.call(news.postNews, { comment: 'Still too many' }, m.token);
    expect(hour.statusCode).toBe(429);
    const wait = Number(hour.response.headers['retry-after']);
    expect(wait).toBeGreaterThan(60);
    expect(hour.body.message).toBe(
      `You have posted ${news.POSTS_PER_HOUR} posts in the last hour. Please wait ${Math.ceil(wait / 60)} minutes before posting another.`,
    );
    t.clock.advance(wait * 1000);
    expect((await t.call(news.postNews, { comment: 'Later on' }, m.token)).statusCode).toBe(200);
  });
});

describe('likes, hides and deletes of news items', () => {
  it('likes and unlikes idempotently; the author is alerted once, never for their own like (D8.2)', async () => {
    const [author, fan] = [await member(), await member()];
    const id = await postText(t, author.token);
    for (let i = 0; i < 2; i++) {
      const like = await t.call(news.likeNewsItem, { news_id: id }, fan.token);
      expect(like.body).toMatchObject({ status: 'success', likers: [fan.id] });
    }
    await t.call(news.likeNewsItem, { news_id: id }, author.token);
    expect(await alertsOf(t.db, author.id, 'news_like')).toMatchObject([{ link: `/home/${id}` }]);
    for (let i = 0; i < 2; i++) {
      const unlike = await t.call(news.unlikeNewsItem, { news_id: id }, fan.token);
      expect(unlike.body).toMatchObject({ status: 'success', likers: [author.id] });
    }
    // Liked again after the unlike: the first like's alert stands, no second one (D8.2).
    await t.call(news.likeNewsItem, { news_id: id }, fan.token);
    expect(await alertsOf(t.db, author.id, 'news_like')).toHaveLength(1);
  });

  it('leaves out of the likers members blocked either way and inactive members', async () => {
    const [author, viewer, kept, iBlocked, blockedMe, gone] = [
      await member(),
      await member(),
      await member(),
      await member(),
      await member(),
      await member(),
    ];
    const id = await postText(t, author.token);
    for (const fan of [kept, iBlocked, blockedMe, gone]) {
      t.clock.advance(1_000);
      await t.call(news.likeNewsItem, { news_id: id }, fan.token);
    }
    await block(t.db, viewer.id, iBlocked.id);
    await block(t.db, blockedMe.id, viewer.id);
    await setStatus(t.db, gone.id, 'deactivated');
    const single = { filter: 'single', filter_id: id };
    const seen = await t.call(news.fetchNewsItems, single, viewer.token);
    expect(seen.body.newsItems[0]?.likers).toEqual([kept.id]);
    t.clock.advance(1_000);
    expect((await t.call(news.likeNewsItem, { news_id: id }, viewer.token)).body.likers).toEqual([
      kept.id,
      viewer.id,
    ]);
    expect((await t.call(news.unlikeNewsItem, { news_id: id }, viewer.token)).body.likers).toEqual([kept.id]);
    // The author, who blocked nobody, sees every active liker.
    const theirs = await t.call(news.fetchNewsItems, single, author.token);
    expect(theirs.body.newsItems[0]?.likers).toEqual([kept.id, iBlocked.id, blockedMe.id]);
  });

  it('hideUserNews: a member blocked either way, unknown or inactive is not found, and not named', async () => {
    const [me, iBlocked, blockedMe, gone] = [await member(), await member(), await member(), await member()];
    await block(t.db, me.id, iBlocked.id);
    await block(t.db, blockedMe.id, me.id);
    await setStatus(t.db, gone.id, 'deactivated');
    for (const who of [iBlocked, blockedMe, gone]) {
      const answer = await t.call(news.hideUserNews, { user_id: who.id }, me.token);
      expect(answer.statusCode).toBe(404);
      expect(answer.body).toEqual({ status: 'error', message: 'There is no such member.' });
    }
    const unknown = await t.call(news.hideUserNews, { user_id: 99_999_999 }, me.token);
    expect(unknown.body).toEqual({ status: 'error', message: 'There is no such member.' });
  });

  it('lets only the author delete a post, with the spec message (spec 1 §6, §8)', async () => {
    const [author, other] = [await member(), await member()];
    const id = await postText(t, author.token);
    const refused = await t.call(news.deleteNews, { news_id: id }, other.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.body.message).toBe('You can only delete your own posts.');
    const done = await t.call(news.deleteNews, { news_id: id }, author.token);
    expect(done.body).toMatchObject({ status: 'success', message: news.POST_DELETED });
    expect((await t.call(news.deleteNews, { news_id: id }, author.token)).statusCode).toBe(404);
    expect((await t.call(news.deleteNews, { news_id: 'abc' }, author.token)).body.message).toBe(
      'Please give a valid post id.',
    );
  });

  it('refuses hiding your own post or posts, and a system account’s posts wholesale', async () => {
    const m = await member();
    const id = await postText(t, m.token);
    expect((await t.call(news.hideNewsItem, { news_id: id }, m.token)).statusCode).toBe(400);
    expect((await t.call(news.hideUserNews, { user_id: m.id }, m.token)).body.message).toBe(
      'You cannot hide your own posts.',
    );
    expect((await t.call(news.hideUserNews, { user_id: news.OFFICIAL_NEWS_ID }, m.token)).statusCode).toBe(
      400,
    );
    expect((await t.call(news.hideUserNews, { user_id: 99_999_999 }, m.token)).statusCode).toBe(404);
    expect((await t.call(news.hideUserNews, { user_id: -3 }, m.token)).statusCode).toBe(400);
  });
});
