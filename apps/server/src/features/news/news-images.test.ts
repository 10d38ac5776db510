import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { news } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember } from '../../../test/factories.js';
import { and, eq } from 'drizzle-orm';
import { images } from '../uploads/uploads.tables.js';
import { postMultipart, postText } from './news.test-support.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-news-'));
const t = useTestApp({ config: { dataDir } });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const png = () =>
  sharp({ create: { width: 64, height: 36, channels: 3, background: '#3a2f8f' } })
    .png()
    .toBuffer();

describe('news/postNews with an image (spec 1 §4, spec 2 §5 upload)', () => {
  it('stores the image through the pipeline and serves it on the item', async () => {
    const m = await buildMember(t.db, t.clock);
    const answer = await postMultipart(
      t,
      m.token,
      { comment: 'A still from the shoot', hasFile: 'yes', hasVideo: 'no' },
      { field: 'myFile', filename: 'still.png', type: 'image/png', data: await png() },
    );
    expect(answer.statusCode, String(answer.body.message)).toBe(200);
    const [item] = (
      await t.call(
        news.fetchNewsItems,
        { filter: 'single', filter_id: answer.body.news_id as number },
        m.token,
      )
    ).body.newsItems;
    expect(item?.media_type).toBe('image');
    expect(item?.image_url).toMatch(/^\/media\//);
    const served = await t.app.inject({ method: 'GET', url: item?.image_url ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\//);
  });

  it('a post refused by a concurrent race for the last place leaves no image behind (L2)', async () => {
    const m = await buildMember(t.db, t.clock);
    for (let i = 0; i < news.POSTS_PER_MINUTE - 2; i++) await postText(t, m.token, `Warm-up post ${i}`);
    const file = await png();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        postMultipart(
          t,
          m.token,
          { comment: `Racing still ${i}`, hasFile: 'yes', hasVideo: 'no' },
          { field: 'myFile', filename: 'still.png', type: 'image/png', data: file },
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 429, 429, 429]);
    const kept = await t.db
      .select()
      .from(images)
      .where(and(eq(images.ownerId, m.id), eq(images.folder, 'news')));
    expect(kept).toHaveLength(2);
  });

  it('deleting an image post removes its picture: /media/{name} is then 404', async () => {
    const m = await buildMember(t.db, t.clock);
    const answer = await postMultipart(
      t,
      m.token,
      { comment: 'A still to delete', hasFile: 'yes', hasVideo: 'no' },
      { field: 'myFile', filename: 'still.png', type: 'image/png', data: await png() },
    );
    const newsId = answer.body.news_id as number;
    const [item] = (await t.call(news.fetchNewsItems, { filter: 'single', filter_id: newsId }, m.token)).body
      .newsItems;
    const url = `/media/${item?.media_code ?? ''}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const done = await t.call(news.deleteNews, { news_id: newsId }, m.token);
    expect(done.body).toMatchObject({ status: 'success', message: news.POST_DELETED });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: item?.image_url ?? '' })).statusCode).toBe(404);
  });

  it('refuses a file over 2,048,000 bytes and one that is not an image, with the pipeline’s messages', async () => {
    const m = await buildMember(t.db, t.clock);
    const big = Buffer.concat([await png(), Buffer.alloc(2_048_001)]);
    const tooBig = await postMultipart(
      t,
      m.token,
      { comment: 'A huge still', hasFile: 'yes' },
      { field: 'myFile', filename: 'big.png', type: 'image/png', data: big },
    );
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.body.message).toBe('Please upload a file that is smaller than 2mb in size!');
    const notImage = await postMultipart(
      t,
      m.token,
      { comment: 'Not a picture at all', hasFile: 'yes' },
      { field: 'myFile', filename: 'x.png', type: 'image/png', data: Buffer.from('<svg onload=alert(1)>') },
    );
    expect(notImage.statusCode).toBe(400);
    expect(notImage.body.message).toMatch(/PNG, GIF or JPEG/);
    // Nothing is half-written: neither refused post exists.
    const mine = await t.call(news.fetchNewsItems, { filter: 'user', filter_id: m.id }, m.token);
    expect(mine.body.newsItems).toEqual([]);
  });
});
