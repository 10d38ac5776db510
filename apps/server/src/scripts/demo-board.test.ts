import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { alerts as alertCalls, board, login } from '@marquee/contract';
import { useTestApp } from '../../test/test-app.js';
import { rowsOf } from '../platform/db/database.js';
import { DEMO_PASSWORD, seedDemo } from './demo-data.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-demo-board-'));
const previous = process.env.DATA_DIR;
process.env.DATA_DIR = dataDir;
const t = useTestApp({ ownDatabase: true, config: { dataDir } });
afterAll(() => {
  if (previous === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = previous;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the demo board (spec 3 §2, D12.1)', () => {
  it('fills every category with topics by members who may start them, with true counts, pictures and videos', async () => {
    expect(await seedDemo(t.db, t.clock)).toBe(true);
    const signIn = await t.call(login.checkCredentials, { username: 'demo-free', password: DEMO_PASSWORD });
    const token = signIn.body.token;
    const { body } = await t.call(board.fetchCategories, {}, token);
    expect(body.categories).toHaveLength(8);
    for (const c of body.categories) {
      expect(c.topic_count, c.category).toBeGreaterThanOrEqual(2);
      expect(c.thread_id, c.category).not.toBeNull();
    }
    const [wrong] = await rowsOf<{ n: number; free_authors: number }>(
      t.db,
      sql`select
            (select count(*)::int from board_threads t where t.reply_count <> (select count(*) - 1 from board_posts p where p.thread_id = t.id)
               or t.last_post_at <> (select max(p.created_at) from board_posts p where p.thread_id = t.id)) as n,
            (select count(*)::int from board_threads t join users u on u.id = t.user_id
              where u.role <> 'admin' and u.premium_expires is null and u.pro_expires is null
                and not exists (select 1 from subscriptions s where s.user_id = u.id and s.level = 'managed')) as free_authors`,
    );
    expect(wrong).toEqual({ n: 0, free_authors: 0 });
    // The introductions thread runs over two pages; pictures and videos are served.
    const general = await t.call(board.fetchCategoryThreads, { cat: 'general' }, token);
    const intro = general.body.threads.find((th) => th.title.startsWith('Introduce yourself'));
    const page = await t.call(board.fetchThread, { thread: intro!.id, page: 1 }, token);
    expect(page.body.pageCount).toBe(2);
    expect(page.body.posts.length).toBeGreaterThan(0);
    const media = await rowsOf<{ media_type: string; media_code: string }>(
      t.db,
      sql`select media_type, media_code from board_posts where media_type <> ''`,
    );
    expect(media.filter((m) => m.media_type === 'image')).toHaveLength(3);
    expect(media.filter((m) => m.media_type === 'youtube')).toHaveLength(2);
    for (const m of media.filter((p) => p.media_type === 'image')) {
      const served = await t.app.inject({ method: 'GET', url: `/media/${m.media_code}` });
      expect(served.statusCode, m.media_code).toBe(200);
    }
    // demo-free follows a topic with a reply it has not seen.
    const alerts = await t.call(alertCalls.fetchAlertList, {}, token);
    expect(alerts.body.alerts.some((a) => /replied to "Agent or manager first\?/.test(a.content))).toBe(true);
  });
});
