import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { news } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember, setStatus } from '../../../test/factories.js';
import { users } from '../members/members.tables.js';
import { newsComments, newsItems } from './news.tables.js';
import { alertsOf, block, postText } from './news.test-support.js';

const t = useTestApp();
const member = () => buildMember(t.db, t.clock);

async function comment(token: string, newsId: number, text = 'Congratulations on the premiere!') {
  const answer = await t.call(news.postComment, { news_id: newsId, comment: text }, token);
  if (answer.statusCode !== 200) throw new Error(`postComment: ${answer.body.message}`);
  return answer.body;
}

const countOf = async (newsId: number) =>
  (await t.db.select().from(newsItems).where(eq(newsItems.id, newsId)))[0]?.commentCount;

describe('news/postComment', () => {
  it('takes more than 4 and fewer than 201 characters (spec 1 §5, §9)', async () => {
    const m = await member();
    const id = await postText(t, m.token);
    for (const text of ['abcd', '  abcd  ', 'z'.repeat(201)]) {
      const answer = await t.call(news.postComment, { news_id: id, comment: text }, m.token);
      expect(answer.statusCode, text).toBe(400);
      expect(answer.body.message).toBe(news.COMMENT_LENGTH_ERROR);
    }
    for (const text of ['abcde', 'z'.repeat(200)]) {
      expect((await t.call(news.postComment, { news_id: id, comment: text }, m.token)).statusCode).toBe(200);
    }
  });

  it('counts the comment on its item in the same write and alerts the author, not the commenter (D8.2)', async () => {
    const [author, fan] = [await member(), await member()];
    const id = await postText(t, author.token);
    const answer = await comment(fan.token, id);
    expect(answer).toMatchObject({
      status: 'success',
      comments: 1,
      comment: { news_id: id, user_id: fan.id, canDelete: true, canLike: false, likers: [] },
    });
    await comment(author.token, id, 'Thank you so much!');
    expect(await countOf(id)).toBe(2);
    expect(await alertsOf(t.db, author.id, 'news_comment')).toMatchObject([
      { link: `/home/${id}`, content: expect.stringContaining('commented on your post') },
    ]);
    expect(await alertsOf(t.db, fan.id, 'news_comment')).toHaveLength(0);
    const item = (await t.call(news.fetchNewsItems, { filter: 'single', filter_id: id }, fan.token)).body
      .newsItems[0];
    expect(item?.comments).toBe(2);
  });

  it('alerts a member mentioned in a comment', async () => {
    const [author, writer, named] = [await member(), await member(), await member()];
    const id = await postText(t, author.token);
    await comment(writer.token, id, `Ask @[Them](${named.id}) about it`);
    expect(await alertsOf(t.db, named.id, 'news_mention')).toMatchObject([{ link: `/home/${id}` }]);
  });

  it('refuses a post that is gone, or whose author blocked the commenter', async () => {
    const [author, other] = [await member(), await member()];
    const id = await postText(t, author.token);
    await block(t.db, author.id, other.id);
    const blocked = await t.call(news.postComment, { news_id: id, comment: 'Hello there' }, other.token);
    expect(blocked.statusCode).toBe(404);
    expect(blocked.body.message).toBe(news.POST_GONE);
    const missing = await t.call(
      news.postComment,
      { news_id: 99_999_999, comment: 'Hello there' },
      author.token,
    );
    expect(missing.statusCode).toBe(404);
    expect((await t.call(news.postComment, { news_id: id, comment: 'Hello there' })).statusCode).toBe(401);
  });
});

describe('news/fetchNewsFeedComments', () => {
  it('lists an item’s comments oldest first with likers and abilities', async () => {
    const [author, a, b] = [await member(), await member(), await member()];
    const id = await postText(t, author.token);
    const first = await comment(a.token, id, 'First comment here');
    t.clock.advance(120_000);
    await comment(b.token, id, 'Second comment, https://example.com');
    await t.call(news.likeNewsComment, { comment_id: first.comment.id }, b.token);
    const answer = await t.call(news.fetchNewsFeedComments, { news_id: id }, b.token);
    expect(answer.body.comments).toMatchObject([
      {
        comment: 'First comment here',
        likers: [b.id],
        liked: true,
        canLike: true,
        canDelete: false,
        time_ago: '2 minutes ago',
      },
      { comment: expect.stringContaining('<a href="https://example.com"'), canLike: false, canDelete: true },
    ]);
  });

  it('leaves out comments of blocked members, and refuses an item that is not there', async () => {
    const [author, rude, reader] = [await member(), await member(), await member()];
    const id = await postText(t, author.token);
    await comment(rude.token, id, 'Something unkind');
    await block(t.db, reader.id, rude.id);
    expect((await t.call(news.fetchNewsFeedComments, { news_id: id }, reader.token)).body.comments).toEqual(
      [],
    );
    expect((await t.call(news.fetchNewsFeedComments, { news_id: 99_999_999 }, reader.token)).statusCode).toBe(
      404,
    );
    expect((await t.call(news.fetchNewsFeedComments, { news_id: 'x' }, reader.token)).statusCode).toBe(400);
  });
});

describe('news/deleteComment', () => {
  it('lets only the comment’s author delete it, with the spec message; the count follows', async () => {
    const [author, fan] = [await member(), await member()];
    const id = await postText(t, author.token);
    const made = await comment(fan.token, id);
    const refused = await t.call(news.deleteComment, { comment_id: made.comment.id }, author.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.body.message).toBe('You can only delete your own comments.');
    const done = await t.call(news.deleteComment, { comment_id: made.comment.id }, fan.token);
    expect(done.body).toMatchObject({ status: 'success', message: news.COMMENT_DELETED, comments: 0 });
    expect(await countOf(id)).toBe(0);
    expect((await t.call(news.deleteComment, { comment_id: made.comment.id }, fan.token)).statusCode).toBe(
      404,
    );
  });
});

describe('news/likeNewsComment and unlikeNewsComment', () => {
  it('refuses liking your own comment (spec 1 §5)', async () => {
    const m = await member();
    const id = await postText(t, m.token);
    const made = await comment(m.token, id);
    const answer = await t.call(news.likeNewsComment, { comment_id: made.comment.id }, m.token);
    expect(answer.statusCode).toBe(403);
    expect(answer.body.message).toBe('You cannot like your own comment.');
  });

  it('likes and unlikes idempotently, alerting the comment’s author once', async () => {
    const [author, fan] = [await member(), await member()];
    const id = await postText(t, author.token);
    const made = await comment(author.token, id);
    for (let i = 0; i < 2; i++) {
      const like = await t.call(news.likeNewsComment, { comment_id: made.comment.id }, fan.token);
      expect(like.body).toMatchObject({ status: 'success', likers: [fan.id] });
    }
    expect(await alertsOf(t.db, author.id, 'news_comment_like')).toHaveLength(1);
    for (let i = 0; i < 2; i++) {
      const unlike = await t.call(news.unlikeNewsComment, { comment_id: made.comment.id }, fan.token);
      expect(unlike.body).toMatchObject({ status: 'success', likers: [] });
    }
    // Liked again after the unlikes: still the one alert (D8.2 never twice for a repeated like).
    await t.call(news.likeNewsComment, { comment_id: made.comment.id }, fan.token);
    expect(await alertsOf(t.db, author.id, 'news_comment_like')).toHaveLength(1);
    expect((await t.call(news.likeNewsComment, { comment_id: 0 }, fan.token)).statusCode).toBe(400);
    expect((await t.call(news.likeNewsComment, { comment_id: made.comment.id })).statusCode).toBe(401);
  });
});

describe('comment likers and limits', () => {
  it('leaves out likers blocked either way and inactive likers', async () => {
    const [author, viewer, kept, iBlocked, blockedMe, gone] = [
      await member(),
      await member(),
      await member(),
      await member(),
      await member(),
      await member(),
    ];
    const id = await postText(t, author.token);
    const made = await comment(author.token, id);
    for (const fan of [kept, iBlocked, blockedMe, gone]) {
      t.clock.advance(1_000);
      await t.call(news.likeNewsComment, { comment_id: made.comment.id }, fan!.token);
    }
    t.clock.advance(1_000);
    await block(t.db, viewer.id, iBlocked.id);
    await block(t.db, blockedMe.id, viewer.id);
    await setStatus(t.db, gone.id, 'deactivated');
    const listed = await t.call(news.fetchNewsFeedComments, { news_id: id }, viewer.token);
    expect(listed.body.comments[0]?.likers).toEqual([kept.id]);
    const like = await t.call(news.likeNewsComment, { comment_id: made.comment.id }, viewer.token);
    expect(like.body.likers).toEqual([kept.id, viewer.id]);
    // The author, who blocked nobody, still sees every active liker.
    const theirs = await t.call(news.fetchNewsFeedComments, { news_id: id }, author.token);
    expect(theirs.body.comments[0]?.likers).toEqual([kept.id, iBlocked.id, blockedMe.id, viewer.id]);
  });

  it('checks the length again once mentions carry the member’s own name', async () => {
    const [writer, named] = [await member(), await member()];
    await t.db
      .update(users)
      .set({ first: 'Maximiliana', last: 'Throckmorton-Featherstonehaugh' })
      .where(eq(users.id, named.id));
    const id = await postText(t, writer.token);
    const text = `@[x](${named.id}) ${'c'.repeat(190)}`;
    expect(news.visibleLength(text)).toBeLessThanOrEqual(news.COMMENT_MAX);
    const answer = await t.call(news.postComment, { news_id: id, comment: text }, writer.token);
    expect(answer.statusCode).toBe(400);
    expect(answer.body.message).toBe(news.COMMENT_LENGTH_ERROR);
  });

  it(`takes exactly ${news.COMMENTS_PER_MINUTE} of a burst of 30 concurrent comments (L2)`, async () => {
    const [author, fan] = [await member(), await member()];
    const id = await postText(t, author.token);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.call(news.postComment, { news_id: id, comment: `Burst comment ${i}` }, fan.token),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(news.COMMENTS_PER_MINUTE);
    expect(codes.filter((c) => c === 429)).toHaveLength(30 - news.COMMENTS_PER_MINUTE);
    expect(await t.db.select().from(newsComments).where(eq(newsComments.newsId, id))).toHaveLength(
      news.COMMENTS_PER_MINUTE,
    );
    expect(await countOf(id)).toBe(news.COMMENTS_PER_MINUTE);
  });

  it(`allows ${news.COMMENTS_PER_MINUTE} comments a minute, then 429 with Retry-After and the wait`, async () => {
    const m = await member();
    const id = await postText(t, m.token);
    for (let i = 0; i < news.COMMENTS_PER_MINUTE; i++) {
      t.clock.advance(1_000);
      await comment(m.token, id, `Comment number ${i}`);
    }
    const refused = await t.call(news.postComment, { news_id: id, comment: 'One too many' }, m.token);
    expect(refused.statusCode).toBe(429);
    // The first comment was made 19 s before the last: it leaves the minute in 41 s.
    const wait = 60 - (news.COMMENTS_PER_MINUTE - 1);
    expect(refused.response.headers['retry-after']).toBe(String(wait));
    expect(refused.body.message).toBe(
      `You are posting very quickly. Please wait ${wait} seconds before posting another comment.`,
    );
    t.clock.advance(wait * 1000);
    expect(
      (await t.call(news.postComment, { news_id: id, comment: 'Now it is fine' }, m.token)).statusCode,
    ).toBe(200);
  });
});
