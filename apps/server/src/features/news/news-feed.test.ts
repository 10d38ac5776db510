import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { news } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember, setStatus } from '../../../test/factories.js';
import { users } from '../members/members.tables.js';
import { block, feedIds, insertPost, postText, setPicture } from './news.test-support.js';

const t = useTestApp();
const member = () => buildMember(t.db, t.clock);

describe('news/fetchNewsItems', () => {
  it('shows the newest first with author, likes and what the member may do (spec 1 §3)', async () => {
    const [author, reader] = [await member(), await member()];
    const first = await postText(t, author.token, 'First of two posts');
    t.clock.advance(60_000);
    const second = await postText(t, author.token, 'Second of two posts');
    await t.call(news.likeNewsItem, { news_id: second }, reader.token);
    const answer = await t.call(news.fetchNewsItems, {}, reader.token);
    expect(answer.body.page).toBe(1);
    const ids = answer.body.newsItems.map((i) => i.id);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    const item = answer.body.newsItems.find((i) => i.id === second);
    expect(item).toMatchObject({
      user_id: author.id,
      user_full_name: expect.stringContaining('Test Member'),
      time_ago: 'just now',
      comments: 0,
      likers: [reader.id],
      liked: true,
      canDelete: false,
      canHide: true,
      canHideAuthor: true,
      raw: false,
    });
    expect(answer.body.newsItems.find((i) => i.id === first)?.time_ago).toBe('1 minute ago');
  });

  it('pages a member’s posts by the page size, saying whether more follow', async () => {
    const author = await member();
    for (let i = 0; i < news.NEWS_PAGE_SIZE + 2; i++) {
      // Under the rate limit (a post a minute is always allowed).
      t.clock.advance(60_000);
      await postText(t, author.token, `Post number ${i}`);
    }
    const one = await t.call(news.fetchNewsItems, { filter: 'user', filter_id: author.id }, author.token);
    expect(one.body.newsItems).toHaveLength(news.NEWS_PAGE_SIZE);
    expect(one.body.hasMore).toBe(true);
    const two = await t.call(
      news.fetchNewsItems,
      { filter: 'user', filter_id: author.id, page: 2 },
      author.token,
    );
    expect(two.body.newsItems.map((i) => i.content)).toEqual(['Post number 1', 'Post number 0']);
    expect(two.body.hasMore).toBe(false);
  });

  it('leaves out hidden items and hidden authors', async () => {
    const [author, other, reader] = [await member(), await member(), await member()];
    const hidden = await postText(t, author.token);
    const byOther = await postText(t, other.token);
    expect(await feedIds(t, reader.token)).toEqual(expect.arrayContaining([hidden, byOther]));
    const hide = await t.call(news.hideNewsItem, { news_id: hidden }, reader.token);
    expect(hide.body.status).toBe('success');
    // Idempotent (spec: likes, hides and unlikes can be repeated).
    expect((await t.call(news.hideNewsItem, { news_id: hidden }, reader.token)).statusCode).toBe(200);
    const hideAll = await t.call(news.hideUserNews, { user_id: other.id }, reader.token);
    expect(hideAll.body.message).toMatch(
      /^News posts from Test Member \w+ will no longer appear in your feed\.$/,
    );
    expect((await t.call(news.hideUserNews, { user_id: other.id }, reader.token)).statusCode).toBe(200);
    const ids = await feedIds(t, reader.token);
    expect(ids).not.toContain(hidden);
    expect(ids).not.toContain(byOther);
    expect(await feedIds(t, author.token)).toContain(hidden);
  });

  it('leaves out members blocked either way and inactive authors (D2.5)', async () => {
    const [reader, blockedByMe, blockingMe, gone] = [
      await member(),
      await member(),
      await member(),
      await member(),
    ];
    const posts = [
      await postText(t, blockedByMe.token),
      await postText(t, blockingMe.token),
      await postText(t, gone.token),
    ];
    expect(await feedIds(t, reader.token)).toEqual(expect.arrayContaining(posts));
    await block(t.db, reader.id, blockedByMe.id);
    await block(t.db, blockingMe.id, reader.id);
    await setStatus(t.db, gone.id, 'deactivated');
    const ids = await feedIds(t, reader.token);
    for (const id of posts) expect(ids).not.toContain(id);
    const single = await t.call(news.fetchNewsItems, { filter: 'single', filter_id: posts[1] }, reader.token);
    expect(single.body.newsItems).toEqual([]);
    const like = await t.call(news.likeNewsItem, { news_id: posts[1] as number }, reader.token);
    expect(like.statusCode).toBe(404);
    expect(like.body.message).toBe(news.POST_GONE);
  });

  it('applies hideV4V and hideFaceless, saved by updateNewsFilters; the official account always shows', async () => {
    const [reader, pictured, faceless] = [await member(), await member(), await member()];
    await setPicture(t.db, pictured.id, 'pictured.jpg');
    const v4v = await insertPost(t.db, pictured.id, 'Viewed 5 pages for views', 'v4v', t.clock.now());
    const withFace = await postText(t, pictured.token);
    const noFace = await postText(t, faceless.token);
    const official = await insertPost(t.db, news.OFFICIAL_NEWS_ID, '<b>Welcome</b>', 'post', t.clock.now());
    expect(await feedIds(t, reader.token)).toEqual(expect.arrayContaining([v4v, withFace, noFace, official]));
    const saved = await t.call(news.updateNewsFilters, { hideV4V: true, hideFaceless: 'yes' }, reader.token);
    expect(saved.body).toMatchObject({ status: 'success', hideV4V: true, hideFaceless: true });
    const [row] = await t.db.select().from(users).where(eq(users.id, reader.id));
    expect(row).toMatchObject({ hideV4v: true, hideFaceless: true });
    const ids = await feedIds(t, reader.token);
    expect(ids).toEqual(expect.arrayContaining([withFace, official]));
    expect(ids).not.toContain(v4v);
    expect(ids).not.toContain(noFace);
    const bad = await t.call(
      news.updateNewsFilters,
      { hideV4V: 'perhaps', hideFaceless: true },
      reader.token,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body.message).toBe('Please choose on or off.');
  });

  it('renders the official account raw and everyone else links only (D2.1, D8.1)', async () => {
    const m = await member();
    const official = await insertPost(
      t.db,
      news.OFFICIAL_NEWS_ID,
      '<h3>Welcome</h3><p>Read <a href="/help">help</a></p>',
    );
    const mine = await postText(
      t,
      m.token,
      '<b>bold</b> <img src=x onerror=alert(1)> see https://example.com/a',
    );
    const items = (await t.call(news.fetchNewsItems, {}, m.token)).body.newsItems;
    expect(items.find((i) => i.id === official)).toMatchObject({
      raw: true,
      content: expect.stringContaining('<h3>Welcome</h3>'),
      canHideAuthor: false,
    });
    const text = items.find((i) => i.id === mine)?.content ?? '';
    expect(text).not.toContain('<b>');
    expect(text).not.toContain('<img');
    expect(text).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(text).toContain('<a href="https://example.com/a" target="_blank"');
  });

  it('checks its input: the filter words, an id for user and single, the page', async () => {
    const m = await member();
    for (const input of [
      { filter: 'everything' },
      { filter: 'user' },
      { filter: 'single', filter_id: 0 },
      { page: 0 },
      { page: 'two' },
    ]) {
      const answer = await t.call(news.fetchNewsItems, input, m.token);
      expect(answer.statusCode, JSON.stringify(input)).toBe(400);
      expect(answer.body.status).toBe('error');
      expect(answer.body.message).toBeTruthy();
    }
    expect((await t.call(news.fetchNewsItems, {})).statusCode).toBe(401);
  });
});
