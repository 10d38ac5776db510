import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { alerts, board, operationUrl } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember, setStatus, type BuiltMember } from '../../../test/factories.js';
import { images } from '../uploads/uploads.tables.js';
import { postMultipart } from '../uploads/test-files.js';
import { boardPosts, boardSubscriptions, boardThreads } from './board.tables.js';
import {
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

/**
 * The message board as an attacker tries it (D8.1, D12.1, A3-A4, BD3, BD6, BD7, BD9): who may call
 * what, others' posts, ids in odd shapes and places, markup in member text, files that pretend to be
 * pictures, bursts against the limits, and what the answers must never carry.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-board-sec-'));
const t = useTestApp({ config: { dataDir }, ownDatabase: true });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const member = (opts: Parameters<typeof buildMember>[2] = {}) => buildMember(t.db, t.clock, opts);
const premium = () => member({ membership: 'premium' });

/** The board's rows, counted: a refused call must leave them as they were (A4). */
async function boardRows() {
  const counted = async (q: Promise<{ n: number }[]>) => Number((await q)[0]?.n ?? 0);
  return {
    threads: await counted(t.db.select({ n: count() }).from(boardThreads)),
    posts: await counted(t.db.select({ n: count() }).from(boardPosts)),
    follows: await counted(t.db.select({ n: count() }).from(boardSubscriptions)),
    images: await counted(t.db.select({ n: count() }).from(images)),
  };
}

function expectNoSecrets(body: unknown, ...others: BuiltMember[]) {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/argon2|password|token_hash|tokenHash|email/i);
  for (const o of others) {
    expect(text).not.toContain(o.email);
    expect(text).not.toContain(o.token);
    expect(text).not.toContain(o.username);
  }
}

describe('who may call the board (A3, B1, D12.1)', () => {
  it('answers logged_out to anonymous callers, unknown tokens and sessions of deactivated or deleted members, writing nothing', async () => {
    const author = await premium();
    const id = await startTopic(t, author.token);
    const deactivated = await premium();
    const deleted = await premium();
    await setStatus(t.db, deactivated.id, 'deactivated');
    await setStatus(t.db, deleted.id, 'deleted');
    const before = await boardRows();
    const calls = [
      [board.fetchRecentPosts, {}],
      [board.fetchCategories, {}],
      [board.fetchCategoryThreads, { cat: 'general' }],
      [board.fetchThread, { thread: id }],
      [board.postTopic, { category: 'general', subject: 'Sneaky topic', content: 'Sneaky post' }],
      [board.postReply, { thread_id: id, content: 'Sneaky reply' }],
      [board.deletePost, { id: 1 }],
      [board.subUnsub, { action: 'subscribe', thread: id }],
    ] as const;
    for (const [op, input] of calls) {
      for (const token of [undefined, 'x'.repeat(201), deactivated.token, deleted.token]) {
        const res = await t.call(op, input, token);
        expect(res.statusCode, `${op.path} ${token?.slice(0, 8) ?? 'anonymous'}`).toBe(401);
        expect(res.body.extra).toBe('logged_out');
      }
    }
    expect(await boardRows()).toEqual(before);
  });

  it("no one deletes another member's post, a topic's first post included, staff included (BD9)", async () => {
    const author = await premium();
    const replier = await member();
    const admin = await member({ role: 'admin', membership: 'pro' });
    const id = await startTopic(t, author.token);
    const answer = await reply(t, replier.token, id);
    const firstPost = (await threadPage(t, author.token, id)).posts[0]?.id as number;
    const before = await boardRows();
    for (const [token, postId] of [
      [replier.token, firstPost],
      [author.token, answer.post_id],
      [admin.token, firstPost],
      [admin.token, answer.post_id],
    ] as const) {
      const res = await t.call(board.deletePost, { id: postId }, token);
      expect(res.statusCode).toBe(403);
      expect(res.body).toEqual({ status: 'error', message: board.ONLY_OWN_POSTS });
    }
    expect(await boardRows()).toEqual(before);
    expect((await threadRow(t, id))?.replyCount).toBe(1);
  });

  it('a free member cannot start a topic whatever the body says (BD3)', async () => {
    const free = await member();
    const before = await boardRows();
    for (const extra of [{}, { role: 'admin' }, { membership: 'pro' }, { canStartTopic: true }]) {
      const res = await t.call(
        board.postTopic,
        { category: 'general', subject: 'Free topic', content: 'Let me in', ...extra },
        free.token,
      );
      expect(res.statusCode).toBe(403);
      expect(res.body.extra).toBe(board.UPGRADE_EXTRA);
    }
    expect(await boardRows()).toEqual(before);
  });
});

describe('blocks and inactive members (BD7, D4.1)', () => {
  it('a member blocked either way cannot read, reply to, follow or find the thread, and learns nothing of it', async () => {
    const author = await premium();
    const blocker = await member();
    const blocked = await member();
    const cat = await ownCategory(t);
    const id = await startTopic(t, author.token, { category: cat, subject: 'Secret casting call' });
    await block(t, author.id, blocked.id);
    await block(t, blocker.id, author.id);
    for (const m of [blocked, blocker]) {
      const read = await t.call(board.fetchThread, { thread: id }, m.token);
      const replied = await t.call(board.postReply, { thread_id: id, content: 'Hello?' }, m.token);
      const followed = await t.call(board.subUnsub, { action: 'subscribe', thread: id }, m.token);
      for (const res of [read, replied, followed]) {
        expect(res.statusCode).toBe(404);
        expect(res.body).toEqual({ status: 'error', message: board.THREAD_GONE });
      }
      for (const [op, input] of [
        [board.fetchRecentPosts, {}],
        [board.fetchCategories, {}],
        [board.fetchCategoryThreads, { cat }],
      ] as const) {
        const res = await t.call(op, input, m.token);
        expect(res.statusCode).toBe(200);
        expect(JSON.stringify(res.body)).not.toContain('Secret casting call');
      }
    }
    expect((await threadRow(t, id))?.replyCount).toBe(0);
  });

  it('a follower the author blocks hears no more of the thread: no alert names its title (BD7, BD8)', async () => {
    const author = await premium();
    const follower = await member();
    const replier = await member();
    const id = await startTopic(t, author.token, { subject: 'Only for my friends' });
    await t.call(board.subUnsub, { action: 'subscribe', thread: id }, follower.token);
    await block(t, author.id, follower.id);
    await reply(t, replier.token, id, 'A reply after the block');
    const listed = await t.call(alerts.fetchAlertList, {}, follower.token);
    expect(listed.statusCode).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain('Only for my friends');
    // Followers who may still read it hear of the reply as before.
    const other = await member();
    await t.call(board.subUnsub, { action: 'subscribe', thread: id }, other.token);
    await reply(t, replier.token, id, 'Another reply');
    const theirs = await t.call(alerts.fetchAlertList, {}, other.token);
    expect(JSON.stringify(theirs.body)).toContain('Only for my friends');
  });
});

describe('the topic named twice (BD11, spec 3 §7 postReply?thread_id)', () => {
  const url = operationUrl(board.postReply);
  const post = (token: string, query: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `${url}?${query}`,
      payload: body,
      headers: { authorization: `Bearer ${token}` },
    });

  it('refuses a body and a query string naming different topics, replying to neither', async () => {
    const author = await premium();
    const m = await member();
    const a = await startTopic(t, author.token);
    const b = await startTopic(t, author.token);
    const before = await boardRows();
    for (const [query, body] of [
      [`thread_id=${a}`, { thread_id: b, content: 'Which one?' }],
      [`thread_id=${b}`, { thread_id: a, content: 'Which one?' }],
    ] as const) {
      const res = await post(m.token, query, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 'error', message: board.THREAD_NAMED_TWICE });
    }
    expect(await boardRows()).toEqual(before);
  });

  it('takes the same topic named in both places; the query alone is read as strictly as the body (B4)', async () => {
    const author = await premium();
    const m = await member();
    const id = await startTopic(t, author.token);
    expect(
      (await post(m.token, `thread_id=${id}`, { thread_id: id, content: 'Both agree' })).statusCode,
    ).toBe(200);
    for (const q of [
      `thread_id=${id}&thread_id=${id}`,
      'thread_id=1e3',
      'thread_id=-1',
      'thread_id=2147483648',
      'thread_id=',
    ]) {
      const res = await post(m.token, q, { content: 'Odd query' });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toBe('Please give a valid topic.');
    }
  });
});

describe('ids, pages and fields in odd shapes (B2-B4)', () => {
  it('refuses them with a member message and 400, never a 500, and writes nothing', async () => {
    const author = await premium();
    const id = await startTopic(t, author.token);
    const before = await boardRows();
    for (const bad of [0, -1, 1.5, 2_147_483_648, 1e308, '1e3', '0x10', '', true, null, [id], { id }]) {
      for (const [op, input] of [
        [board.fetchThread, { thread: bad }],
        [board.postReply, { thread_id: bad, content: 'Hello there' }],
      ] as const) {
        const res = await t.call(op, input as never, author.token);
        expect(res.statusCode, `${op.path} ${JSON.stringify(bad)}`).toBe(400);
        expect(res.body.message).toBe('Please give a valid topic.');
      }
      const page = await t.call(board.fetchThread, { thread: id, page: bad } as never, author.token);
      expect(page.statusCode, `page ${JSON.stringify(bad)}`).toBeGreaterThanOrEqual(200);
      expect(page.statusCode).toBeLessThan(500);
    }
    for (const [page, message] of [
      [-1, 'Pages start at 0.'],
      [1_000_001, 'There is no such page.'],
      [2_147_483_647, 'There is no such page.'],
    ] as const) {
      const res = await t.call(board.fetchThread, { thread: id, page }, author.token);
      expect(res.statusCode).toBe(400);
      expect(res.body.message).toBe(message);
    }
    // The deepest page allowed is read without trouble: no posts, the true page count.
    const deep = await t.call(board.fetchThread, { thread: id, page: 1_000_000 }, author.token);
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toMatchObject({ posts: [], pageCount: 1 });
    const deleteUrl = operationUrl(board.deletePost);
    for (const q of ['id=0', 'id=-5', 'id=2147483648', 'id=1e3', 'id[]=1', 'id=1&id=2', 'id=%00', 'id=']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${deleteUrl}?${q}`,
        headers: { authorization: `Bearer ${author.token}` },
      });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().status).toBe('error');
    }
    for (const q of [
      'cat=general&page=-1',
      'cat=general&page=100001',
      'cat[]=general',
      'cat=../../etc',
      'cat=GENERAL',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${operationUrl(board.fetchCategoryThreads)}?${q}`,
        headers: { authorization: `Bearer ${author.token}` },
      });
      expect(res.statusCode, q).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, q).toBeLessThan(500);
    }
    for (const input of [
      { category: 'general', subject: ['Array', 'subject'], content: 'A post' },
      { category: 'general', subject: 'A subject', content: 'x'.repeat(100_000) },
      { category: ['general'], subject: 'A subject', content: 'A post body' },
      {
        category: 'general',
        subject: 'A subject',
        content: 'A post body',
        hasVideo: 'yes',
        video: 'javascript:alert(1)',
      },
      {
        category: 'general',
        subject: 'A subject',
        content: 'A post body',
        hasFile: 'yes',
        myFile: 'PHNjcmlwdD4=',
      },
    ]) {
      const res = await t.call(board.postTopic, input, author.token);
      expect(res.statusCode, JSON.stringify(input).slice(0, 80)).toBe(400);
      expect(res.body.status).toBe('error');
    }
    expect(await boardRows()).toEqual(before);
  });

  it('refuses prototype-polluting keys', async () => {
    const author = await premium();
    const id = await startTopic(t, author.token);
    const before = await boardRows();
    const res = await t.app.inject({
      method: 'POST',
      url: operationUrl(board.postReply),
      payload: `{"__proto__":{"role":"admin"},"thread_id":${id},"content":"polluted"}`,
      headers: { authorization: `Bearer ${author.token}`, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).role).toBeUndefined();
    expect(await boardRows()).toEqual(before);
  });
});

describe('member text stays text (D8.1)', () => {
  it('posts come back links-only; headlines as typed, for the page to show as text', async () => {
    const author = await premium();
    const subject = '<img src=x onerror=alert(1)>';
    const content = [
      '<script>alert(1)</script>',
      'javascript:alert(1)',
      '<a href="javascript:alert(1)">x</a>',
      'https://example.com/"onmouseover="alert(1)',
      'www.example.com/<svg/onload=alert(1)>',
    ].join('\n');
    const id = await startTopic(t, author.token, { subject, content });
    await reply(t, author.token, id, content);
    const page = await threadPage(t, author.token, id);
    expect(page.threadDetails.title).toBe(subject);
    for (const post of page.posts) {
      for (const [, href] of post.content.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^https?:\/\//);
      expect(post.content.replace(/<\/?(a|br)\b[^>]*>/g, '')).not.toMatch(/[<>"]/);
    }
  });
});

describe('pictures on topics (D12.1, uploads)', () => {
  const topic = { category: 'general', subject: 'With a picture', content: 'Look at this', hasFile: 'yes' };

  it('reads the picture by its content: HTML, SVG and polyglots named .png are refused and nothing is stored', async () => {
    const author = await premium();
    const picture = await png();
    const before = await boardRows();
    const files = [
      Buffer.from('<html><script>alert(document.domain)</script></html>'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.concat([picture.subarray(0, 16), Buffer.from('<script>alert(1)</script>')]),
      Buffer.concat([Buffer.from('GIF89a'), Buffer.from('<script>alert(1)</script>')]),
      Buffer.concat([picture, Buffer.alloc(2_100_000)]),
    ];
    for (const data of files) {
      const res = await postTopicMultipart(t, author.token, topic, {
        field: 'myFile',
        filename: 'x.png',
        type: 'image/png',
        data,
      });
      expect(res.statusCode).toBe(400);
      expect(res.body.status).toBe('error');
    }
    expect(await boardRows()).toEqual(before);
  });

  it('a free member’s picture is refused before anything is stored; a reply keeps no file', async () => {
    const free = await member();
    const author = await premium();
    const id = await startTopic(t, author.token);
    const before = await boardRows();
    const res = await postTopicMultipart(t, free.token, topic, {
      field: 'myFile',
      filename: 'x.png',
      type: 'image/png',
      data: await png(),
    });
    expect(res.statusCode).toBe(403);
    expect(await boardRows()).toEqual(before);
    const replied = await postMultipart(
      t.app,
      operationUrl(board.postReply),
      [
        { name: 'thread_id', value: String(id) },
        { name: 'content', value: 'A reply with a file' },
        { name: 'hasFile', value: 'yes' },
        { name: 'myFile', value: await png(), filename: 'x.png', type: 'image/png' },
      ],
      free.token,
    );
    expect(replied.statusCode).toBe(200);
    expect((await boardRows()).images).toBe(before.images);
  });
});

describe('what the answers carry', () => {
  it('no email, username, token or hash of any member', async () => {
    const author = await premium();
    const replier = await member();
    const cat = await ownCategory(t);
    const id = await startTopic(t, author.token, { category: cat });
    await reply(t, replier.token, id);
    for (const res of [
      await t.call(board.fetchRecentPosts, {}, replier.token),
      await t.call(board.fetchCategories, {}, replier.token),
      await t.call(board.fetchCategoryThreads, { cat }, replier.token),
      await t.call(board.fetchThread, { thread: id }, replier.token),
    ]) {
      expect(res.statusCode).toBe(200);
      expectNoSecrets(res.body, author, replier);
    }
  });
});

describe('limits hold under bursts (BD6, L2)', () => {
  it('30 topics at once: exactly 6 posted (6 posts a minute), their counts true', async () => {
    const author = await premium();
    const cat = await ownCategory(t);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.call(
          board.postTopic,
          { category: cat, subject: `Burst topic ${i}`, content: 'Burst' },
          author.token,
        ),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(6);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(24);
    expect(await categoryRow(t, cat)).toMatchObject({ topicCount: 6, postCount: 6 });
  });

  it('30 replies at once: exactly 6 posted', async () => {
    const author = await premium();
    const id = await startTopic(t, author.token);
    const m = await member();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.call(board.postReply, { thread_id: id, content: `Burst ${i}` }, m.token),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(6);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(24);
    expect((await threadRow(t, id))?.replyCount).toBe(6);
  });
});
