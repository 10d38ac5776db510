import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { account } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember } from '../../../test/factories.js';
import { testPicture, uploadPicture } from '../uploads/test-files.js';
import { images } from '../uploads/uploads.tables.js';
import { profileVideos } from '../profile/profile.tables.js';
import { newsComments, newsItems, newsLikes } from '../news/news.tables.js';
import { users } from '../members/members.tables.js';
import { boardCategories, boardPosts, boardThreads } from '../board/board.tables.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-erase-'));
const t = useTestApp({ config: { dataDir } });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('account/delete erases what the member made (D2.5)', () => {
  it('removes photos and their files, videos, posts, comments, likes and board topics, and keeps counts true', async () => {
    const leaving = await buildMember(t.db, t.clock, { membership: 'premium' });
    const staying = await buildMember(t.db, t.clock);
    const upload = await uploadPicture(t.app, leaving.token, await testPicture('png'));
    expect(upload.statusCode).toBe(200);
    const name = String(upload.body.imageName);
    const files = () => fs.readdirSync(dataDir, { recursive: true }).filter((f) => String(f).endsWith(name));
    expect(files().length).toBeGreaterThan(0);

    const now = t.clock.now();
    await t.db
      .insert(profileVideos)
      .values({ userId: leaving.id, code: 'M7lc1UVf-VE', name: 'Reel', createdAt: now });
    const [own] = await t.db
      .insert(newsItems)
      .values({ userId: leaving.id, content: 'My last post', createdAt: now })
      .returning({ id: newsItems.id });
    const [theirs] = await t.db
      .insert(newsItems)
      .values({ userId: staying.id, content: 'A post that stays', commentCount: 2, createdAt: now })
      .returning({ id: newsItems.id });
    await t.db.insert(newsComments).values([
      { newsId: theirs!.id, userId: leaving.id, comment: 'Goodbye all', createdAt: now },
      { newsId: theirs!.id, userId: staying.id, comment: 'See you around', createdAt: now },
    ]);
    await t.db.insert(newsLikes).values({ newsId: theirs!.id, userId: leaving.id, createdAt: now });

    await t.db
      .insert(boardCategories)
      .values({ category: 'erase-test', longName: 'Erase test', description: 'Test', position: 99 })
      .onConflictDoNothing();
    const [ownTopic] = await t.db
      .insert(boardThreads)
      .values({
        category: 'erase-test',
        userId: leaving.id,
        title: 'My topic',
        createdAt: now,
        lastPostAt: now,
      })
      .returning({ id: boardThreads.id });
    const later = new Date(now.getTime() + 60_000);
    const [otherTopic] = await t.db
      .insert(boardThreads)
      .values({
        category: 'erase-test',
        userId: staying.id,
        title: 'Their topic',
        replyCount: 1,
        createdAt: now,
        lastPostAt: later,
      })
      .returning({ id: boardThreads.id });
    await t.db.insert(boardPosts).values([
      { threadId: ownTopic!.id, userId: leaving.id, content: 'First post', createdAt: now },
      { threadId: ownTopic!.id, userId: staying.id, content: 'A reply', createdAt: now },
      { threadId: otherTopic!.id, userId: staying.id, content: 'Opening post', createdAt: now },
      { threadId: otherTopic!.id, userId: leaving.id, content: 'My reply', createdAt: later },
    ]);

    const res = await t.call(account.deleteAccount, { warned: 'yes' }, leaving.token);
    expect(res.statusCode).toBe(200);

    expect(await t.db.select().from(images).where(eq(images.ownerId, leaving.id))).toEqual([]);
    expect(files()).toEqual([]);
    expect(await t.db.select().from(profileVideos).where(eq(profileVideos.userId, leaving.id))).toEqual([]);
    expect(await t.db.select().from(newsItems).where(eq(newsItems.id, own!.id))).toEqual([]);
    expect(await t.db.select().from(newsComments).where(eq(newsComments.userId, leaving.id))).toEqual([]);
    expect(await t.db.select().from(newsLikes).where(eq(newsLikes.userId, leaving.id))).toEqual([]);
    const [kept] = await t.db.select().from(newsItems).where(eq(newsItems.id, theirs!.id));
    expect(kept?.commentCount).toBe(1);
    expect(await t.db.select().from(boardThreads).where(eq(boardThreads.id, ownTopic!.id))).toEqual([]);
    expect(await t.db.select().from(boardPosts).where(eq(boardPosts.userId, leaving.id))).toEqual([]);
    const [topic] = await t.db.select().from(boardThreads).where(eq(boardThreads.id, otherTopic!.id));
    expect(topic).toMatchObject({ replyCount: 0, lastPostAt: now });
    const [row] = await t.db.select().from(users).where(eq(users.id, leaving.id));
    expect(row).toMatchObject({ defaultPic: null, bio: null, location: null, job1: null });
  });
});
