import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { account, help, operationUrl } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember, setStatus, type BuiltMember } from '../../../test/factories.js';
import { users } from '../members/members.tables.js';
import { images } from '../uploads/uploads.tables.js';
import { postMultipart, testPicture } from '../uploads/test-files.js';
import { identityHash } from './chat-identity.js';
import {
  chatConversations,
  chatMessages,
  helpMessages,
  helpRequests,
  helpStatusChanges,
} from './help.tables.js';
import { openRequest, staff } from './help.test-support.js';

/**
 * The help center as an attacker tries it (D2.2, D8.1, D12.4, A3-A4, H3, H5, H6, H9, H10): who may
 * read and write what, ids in odd shapes and places, member text that tries to become markup, files
 * that pretend to be pictures, bursts against the limits, and what the answers must never carry.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-help-sec-'));
const t = useTestApp({ config: { dataDir }, ownDatabase: true });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const member = (opts: Parameters<typeof buildMember>[2] = {}) => buildMember(t.db, t.clock, opts);

/** Every row the help feature keeps, counted: a refused call must leave them as they were (A4). */
async function helpRows() {
  const counted = async (q: Promise<{ n: number }[]>) => Number((await q)[0]?.n ?? 0);
  return {
    requests: await counted(t.db.select({ n: count() }).from(helpRequests)),
    messages: await counted(t.db.select({ n: count() }).from(helpMessages)),
    changes: await counted(t.db.select({ n: count() }).from(helpStatusChanges)),
    chats: await counted(t.db.select({ n: count() }).from(chatMessages)),
    images: await counted(t.db.select({ n: count() }).from(images)),
  };
}

async function requestRow(id: number) {
  const [row] = await t.db.select().from(helpRequests).where(eq(helpRequests.id, id));
  return row;
}

/** Things no answer may ever hold: secrets, hashes, tokens and addresses that are not the reader's. */
function expectNoSecrets(body: unknown, ...others: BuiltMember[]) {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/argon2|password|token_hash|tokenHash|\$argon/i);
  expect(text).not.toContain(t.config.chat.identitySecret);
  for (const o of others) {
    expect(text).not.toContain(o.email);
    expect(text).not.toContain(o.token);
    expect(text).not.toContain(o.username);
  }
}

const memberCalls = [
  [help.submitHelpRequest, { subject: 'Hello there', content: 'Something is wrong here.' }],
  [help.fetchRequestThread, { thread_id: 1 }],
  [help.postHelpComment, { thread: 1, comment: 'Me again' }],
  [help.closeHelpRequest, { thread_id: 1 }],
  [help.fetchFaqs, {}],
  [help.fetchOpenRequests, {}],
  [help.fetchClosedRequests, {}],
  [help.fetchChatConfig, {}],
  [help.fetchChat, {}],
  [help.postChat, { message: 'Hi' }],
] as const;

const adminCalls = [
  [help.updateHelpStatus, { thread_id: 1, status: 'Closed' }],
  [help.fetchHelpRequests, {}],
  [help.fetchChats, {}],
  [help.fetchMemberChat, { user_id: 1000 }],
  [help.answerChat, { user_id: 1000, message: 'Hello' }],
] as const;

describe('who may call the help calls (A3, B1, D2.2)', () => {
  it('answers logged_out to anonymous callers, unknown tokens and the sessions of deactivated or deleted members, writing nothing', async () => {
    const deactivated = await member();
    const deleted = await member();
    await setStatus(t.db, deactivated.id, 'deactivated');
    await setStatus(t.db, deleted.id, 'deleted');
    const before = await helpRows();
    for (const [op, input] of [...memberCalls, ...adminCalls]) {
      for (const token of [undefined, 'not-a-token', deactivated.token, deleted.token]) {
        const res = await t.call(op, input, token);
        expect(res.statusCode, `${op.path} with ${token ?? 'no token'}`).toBe(401);
        expect(res.body.extra).toBe('logged_out');
      }
    }
    expect(await helpRows()).toEqual(before);
  });

  it('answers not_admin to members (free or paid, the request’s own member too) on every staff call, writing nothing', async () => {
    const free = await member();
    const pro = await member({ membership: 'pro' });
    const id = await openRequest(t, free);
    await t.call(help.postChat, { message: 'Is anyone there?' }, free.token);
    const before = await helpRows();
    for (const m of [free, pro]) {
      for (const [op, input] of [
        [help.updateHelpStatus, { thread_id: id, status: 'Closed' }],
        [help.fetchHelpRequests, { filter: 'all' }],
        [help.fetchChats, {}],
        [help.fetchMemberChat, { user_id: free.id }],
        [help.answerChat, { user_id: free.id, message: 'Pretending to be support' }],
      ] as const) {
        const res = await t.call(op, input, m.token);
        expect(res.statusCode, op.path).toBe(403);
        expect(res.body.extra).toBe('not_admin');
        expectNoSecrets(res.body, free);
      }
    }
    expect(await helpRows()).toEqual(before);
    expect((await requestRow(id))?.status).toBe('Pending');
  });
});

describe("another member's request does not exist for them (H3)", () => {
  it('reading, replying to and closing it answer exactly what an unknown id answers, and change nothing', async () => {
    const owner = await member();
    const intruder = await member({ membership: 'pro' });
    const id = await openRequest(t, owner, 'Private matter', 'My private details are in here.');
    const before = await helpRows();
    const unknown = 2_000_000_000;
    for (const target of [id, unknown]) {
      const read = await t.call(help.fetchRequestThread, { thread_id: target }, intruder.token);
      const wrote = await t.call(
        help.postHelpComment,
        { thread: target, comment: 'Let me in' },
        intruder.token,
      );
      const closed = await t.call(help.closeHelpRequest, { thread_id: target }, intruder.token);
      for (const res of [read, wrote, closed]) {
        expect(res.statusCode).toBe(404);
        expect(res.body).toEqual({ status: 'error', message: help.NO_SUCH_REQUEST });
      }
    }
    expect(await helpRows()).toEqual(before);
    expect((await requestRow(id))?.status).toBe('Pending');
  });

  it('lists never hold anyone else’s request', async () => {
    const owner = await member();
    const other = await member();
    await openRequest(t, owner, 'Owner only');
    for (const op of [help.fetchOpenRequests, help.fetchClosedRequests]) {
      const res = await t.call(op, {}, other.token);
      expect(JSON.stringify(res.body)).not.toContain('Owner only');
    }
  });

  it("a member's chat is theirs: nothing names another member's chat", async () => {
    const a = await member();
    const b = await member();
    await t.call(help.postChat, { message: 'A secret of A' }, a.token);
    for (const input of [{}, { after: 0 }, { user_id: a.id }, { member_id: a.id }]) {
      const res = await t.call(help.fetchChat, input, b.token);
      expect(res.statusCode).toBe(200);
      expect(JSON.stringify(res.body)).not.toContain('A secret of A');
    }
  });
});

describe('the request named twice (H12, spec 3 §7 postHelpComment?thread)', () => {
  const url = operationUrl(help.postHelpComment);
  const post = (token: string, query: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `${url}?${query}`,
      payload: body,
      headers: { authorization: `Bearer ${token}` },
    });

  it('refuses a body and a query string naming different requests, writing to neither (a staff reply must never reach the wrong member)', async () => {
    const victim = await member();
    const attacker = await member();
    const admin = await staff(t);
    const theirs = await openRequest(t, victim, 'Victim request');
    const mine = await openRequest(t, attacker, 'Attacker request');
    const before = await helpRows();
    for (const [token, query, body] of [
      [attacker.token, `thread=${theirs}`, { thread: mine, comment: 'Which one?' }],
      [attacker.token, `thread=${mine}`, { thread: theirs, comment: 'Which one?' }],
      [admin.token, `thread=${theirs}`, { thread: mine, comment: 'Private answer' }],
    ] as const) {
      const res = await post(token, query, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ status: 'error', message: help.THREAD_NAMED_TWICE });
    }
    expect(await helpRows()).toEqual(before);
  });

  it('takes the same request named in both places, and the query alone only for a request the caller may read', async () => {
    const owner = await member();
    const intruder = await member();
    const id = await openRequest(t, owner);
    expect((await post(owner.token, `thread=${id}`, { thread: id, comment: 'Both agree' })).statusCode).toBe(
      200,
    );
    const intruded = await post(intruder.token, `thread=${id}`, { comment: 'Query only' });
    expect(intruded.statusCode).toBe(404);
    expect(intruded.json().message).toBe(help.NO_SUCH_REQUEST);
    // The query string's id is read as strictly as the body's (B4).
    for (const q of [
      `thread=${id}&thread=${id}`,
      'thread=1e3',
      'thread=-1',
      'thread=2147483648',
      'thread=',
    ]) {
      const res = await post(owner.token, q, { comment: 'Odd query' });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toBe('Please give a valid help request.');
    }
  });
});

describe('ids, pages and fields in odd shapes (B2-B4)', () => {
  it('refuses them with a member message and 400, never a 500, and writes nothing', async () => {
    const m = await member();
    const admin = await staff(t);
    const id = await openRequest(t, m);
    const before = await helpRows();
    const badIds: unknown[] = [
      0,
      -1,
      1.5,
      2_147_483_648,
      1e308,
      '1e3',
      '0x10',
      '',
      ' 7',
      true,
      null,
      [id],
      { id },
    ];
    for (const bad of badIds) {
      const cases = [
        [help.fetchRequestThread, { thread_id: bad }, m.token],
        [help.postHelpComment, { thread: bad, comment: 'Hello there' }, m.token],
        [help.closeHelpRequest, { thread_id: bad }, m.token],
        [help.updateHelpStatus, { thread_id: bad, status: 'Closed' }, admin.token],
        [help.answerChat, { user_id: bad, message: 'Hi' }, admin.token],
      ] as const;
      for (const [op, input, token] of cases) {
        // A JSON body keeps the value's type.
        const res = await t.call(op, input as never, token);
        expect(res.statusCode, `${op.path} ${JSON.stringify(bad)}`).toBe(400);
        expect(res.body.status).toBe('error');
        expect(res.body.message).toMatch(/^Please give a valid/);
      }
    }
    // A query string holds text only; a name given twice is a list.
    const chatUrl = operationUrl(help.fetchMemberChat);
    for (const q of [
      'user_id=0',
      'user_id=-1',
      'user_id=1e3',
      'user_id=2147483648',
      `user_id=${m.id}&user_id=${m.id}`,
      'user_id[a]=1',
      'user_id=',
      'after=-1',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${chatUrl}?${q}`,
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message, q).toMatch(/^Please give a valid/);
    }
    for (const page of ['-1', '100001', '1.5', 'abc', '99999999999999999999']) {
      const res = await t.call(help.fetchHelpRequests, { page }, admin.token);
      expect(res.statusCode, page).toBe(400);
      expect(res.body.message).toBe('Please give a valid page.');
    }
    // Arrays where text is expected, and text far too long.
    for (const input of [
      { subject: ['Hello', 'there'], content: 'Something is wrong.' },
      { subject: 'Hello there', content: { text: 'Something is wrong.' } },
      { subject: 'Hello there', content: 'x'.repeat(100_000) },
      { subject: 'x'.repeat(51), content: 'Something is wrong.' },
    ]) {
      const res = await t.call(help.submitHelpRequest, input, m.token);
      expect(res.statusCode).toBe(400);
      expect([help.REQUEST_INCOMPLETE, help.DESCRIPTION_TOO_LONG]).toContain(res.body.message);
    }
    const chat = await t.call(help.postChat, { message: ['a', 'b'] }, m.token);
    expect(chat.statusCode).toBe(400);
    expect(chat.body.message).toBe(help.CHAT_LENGTH_ERROR);
    const nul = await t.call(help.postHelpComment, { thread: id, comment: 'Hi\u0000there' }, m.token);
    expect(nul.statusCode).toBe(400);
    expect(nul.body.message).toMatch(/invisible control character/);
    expect(await helpRows()).toEqual(before);
  });

  it('refuses prototype-polluting keys and leaves every object as it was', async () => {
    const m = await member();
    const id = await openRequest(t, m);
    const before = await helpRows();
    const url = operationUrl(help.postHelpComment);
    for (const payload of [
      `{"__proto__":{"isAdmin":true,"role":"admin"},"thread":${id},"comment":"polluted"}`,
      `{"constructor":{"prototype":{"isAdmin":true}},"thread":${id},"comment":"polluted"}`,
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().status).toBe('error');
      expect(res.json().message).not.toMatch(/proto|constructor|Something went wrong/i);
    }
    const viaForm = await postMultipart(
      t.app,
      url,
      [
        { name: '__proto__', value: 'x' },
        { name: 'thread', value: String(id) },
        { name: 'comment', value: 'polluted' },
      ],
      m.token,
    );
    expect(viaForm.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).role).toBeUndefined();
    expect(await helpRows()).toEqual(before);
  });
});

describe('member text stays text (D8.1, H2, H10)', () => {
  const PAYLOADS = [
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    'javascript:alert(1)',
    '<a href="javascript:alert(1)">click</a>',
    'https://example.com/"onmouseover="alert(1)',
    "https://example.com/'><svg/onload=alert(1)>",
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    '\u202egnp.exe https://example.com/\u200b',
  ].join('\n');

  /** Links-only HTML: no tag but a and br, no attribute but an http(s) href, target and rel. */
  function expectLinksOnly(html: string) {
    const tags = [...html.matchAll(/<(\/?)([a-z0-9]+)([^>]*)>/gi)];
    for (const [, , name, attrs] of tags) {
      expect(['a', 'br']).toContain(name?.toLowerCase());
      for (const [, attr, value] of (attrs ?? '').matchAll(/([a-z-]+)="([^"]*)"/gi)) {
        expect(['href', 'target', 'rel']).toContain(attr);
        if (attr === 'href') expect(value).toMatch(/^https?:\/\/[^\s"'<>]+$/);
      }
    }
    // Whatever is not a tag is text: no angle bracket and no quote survives unescaped.
    expect(html.replace(/<\/?(a|br)\b[^>]*>/g, '')).not.toMatch(/[<>"]/);
  }

  it('requests, replies, subjects and chat come back escaped, links only, subjects as plain text', async () => {
    const m = await member();
    const admin = await staff(t);
    const subject = '<b>Hi</b>\u202e';
    const id = await openRequest(t, m, subject, PAYLOADS);
    expect(
      (await t.call(help.postHelpComment, { thread: id, comment: PAYLOADS }, admin.token)).statusCode,
    ).toBe(200);
    const thread = await t.call(help.fetchRequestThread, { thread_id: id }, m.token);
    expect(thread.body.subject).toBe(subject);
    for (const msg of thread.body.messages) expectLinksOnly(msg.content);
    expect(thread.body.messages[0]?.content).toContain('&lt;script&gt;');
    await t.call(help.postChat, { message: PAYLOADS.slice(0, 1000) }, m.token);
    await t.call(help.answerChat, { user_id: m.id, message: PAYLOADS.slice(0, 1000) }, admin.token);
    const chat = await t.call(help.fetchChat, {}, m.token);
    expect(chat.body.messages).toHaveLength(2);
    for (const msg of chat.body.messages) expectLinksOnly(msg.content);
    // The staff list previews the last message as plain text (the page shows it as text).
    const list = await t.call(help.fetchChats, {}, admin.token);
    expect(list.body.chats.find((c) => c.user_id === m.id)?.last_message).toContain('<script>');
  });
});

describe('pictures on help replies (spec 3 §5, D12.4, H5, uploads)', () => {
  const url = operationUrl(help.postHelpComment);
  const attach = (token: string, id: number, file: Buffer, filename: string, type: string) =>
    postMultipart(
      t.app,
      url,
      [
        { name: 'thread', value: String(id) },
        { name: 'comment', value: 'See the picture.' },
        { name: 'hasFile', value: 'yes' },
        { name: 'myFile', value: file, filename, type },
      ],
      token,
    );

  it("refuses a member's picture whatever it claims, even on a request of a member who is an admin's own", async () => {
    const m = await member({ membership: 'pro' });
    const ownAdmin = await staff(t);
    const id = await openRequest(t, m);
    const adminsOwn = await openRequest(t, ownAdmin);
    const png = await testPicture('png');
    const before = await helpRows();
    for (const [token, target] of [
      [m.token, id],
      // An admin on their own request writes as a member (H5): no picture either.
      [ownAdmin.token, adminsOwn],
    ] as const) {
      const res = await attach(token, target, png, 'ok.png', 'image/png');
      expect(res.statusCode).toBe(403);
      expect(res.body.message).toBe(help.MEDIA_SUPPORT_ONLY);
      // Without the flag, the file alone is refused too.
      const sneaky = await postMultipart(
        t.app,
        url,
        [
          { name: 'thread', value: String(target) },
          { name: 'comment', value: 'No flag.' },
          { name: 'myFile', value: png, filename: 'ok.png', type: 'image/png' },
        ],
        token,
      );
      expect(sneaky.statusCode).toBe(403);
    }
    expect(await helpRows()).toEqual(before);
  });

  it('reads the picture by its content: HTML, SVG and polyglots named .png are refused and nothing is stored', async () => {
    const m = await member();
    const admin = await staff(t);
    const id = await openRequest(t, m);
    const png = await testPicture('png');
    const before = await helpRows();
    const html = Buffer.from('<html><script>alert(document.domain)</script></html>');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
    );
    const pngHeadedHtml = Buffer.concat([png.subarray(0, 16), Buffer.from('<script>alert(1)</script>')]);
    const gifar = Buffer.concat([Buffer.from('GIF89a'), Buffer.from('<script>alert(1)</script>')]);
    for (const [file, name] of [
      [html, 'x.png'],
      [svg, 'x.svg'],
      [pngHeadedHtml, 'x.png'],
      [gifar, 'x.gif'],
      [Buffer.alloc(0), 'empty.png'],
    ] as const) {
      const res = await attach(admin.token, id, file, name, 'image/png');
      expect(res.statusCode, name).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, name).toBeLessThan(500);
      expect(res.body.status).toBe('error');
    }
    const big = Buffer.concat([png, Buffer.alloc(2_100_000)]);
    const tooBig = await attach(admin.token, id, big, 'big.png', 'image/png');
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.body.message).toMatch(/smaller than 2mb/);
    expect(await helpRows()).toEqual(before);
  });

  it('a polyglot that really decodes is re-encoded: the stored file holds none of the script', async () => {
    const m = await member();
    const admin = await staff(t);
    const id = await openRequest(t, m);
    const png = await testPicture('png');
    const polyglot = Buffer.concat([png, Buffer.from('<html><script>alert(1)</script></html>')]);
    const res = await attach(admin.token, id, polyglot, 'poly.png', 'image/png');
    expect(res.statusCode, String(res.body.message)).toBe(200);
    const thread = await t.call(help.fetchRequestThread, { thread_id: id }, m.token);
    const image = thread.body.messages.at(-1)?.image ?? '';
    const served = await t.app.inject({ method: 'GET', url: image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
  });
});

describe('what the answers carry (H5, H9, H10)', () => {
  it("a member never learns which admin answered, nor any admin's id, email or name", async () => {
    const m = await member();
    const admin = await staff(t);
    const id = await openRequest(t, m);
    await t.call(help.postHelpComment, { thread: id, comment: 'We fixed it.' }, admin.token);
    await t.call(help.postChat, { message: 'Hello?' }, m.token);
    await t.call(help.answerChat, { user_id: m.id, message: 'Hi, support here.' }, admin.token);
    const [adminRow] = await t.db.select({ last: users.last }).from(users).where(eq(users.id, admin.id));
    const answers = [
      await t.call(help.fetchRequestThread, { thread_id: id }, m.token),
      await t.call(help.fetchOpenRequests, {}, m.token),
      await t.call(help.fetchChat, {}, m.token),
      await t.call(help.postHelpComment, { thread: id, comment: 'Thanks!' }, m.token),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      const text = JSON.stringify(res.body);
      expect(text).not.toContain('staff_name');
      expect(text).not.toContain(adminRow?.last ?? 'no admin');
      expect(text).not.toMatch(new RegExp(`"user_id":${admin.id}\\b`));
      expectNoSecrets(res.body, admin);
    }
    const thread = answers[0]?.body as { messages: help.HelpMessage[] };
    expect(thread.messages[1]).toMatchObject({ from_support: true, first: 'Marquee', last: 'Support' });
    // Staff do see who answered.
    const forStaff = await t.call(help.fetchRequestThread, { thread_id: id }, admin.token);
    expect(forStaff.body.messages[1]?.staff_name).toContain(adminRow?.last);
  });

  it("the chat's identity is the HMAC of the id made on the server: the secret never leaves it", async () => {
    const m = await member();
    const res = await t.call(help.fetchChatConfig, {}, m.token);
    expect(res.statusCode).toBe(200);
    expect(res.body.identity).toEqual({
      user_id: String(m.id),
      name: expect.any(String),
      email: m.email,
      user_hash: identityHash(t.config.chat.identitySecret, m.id),
    });
    expect(Object.keys(res.body).sort()).toEqual(['identity', 'provider', 'status']);
    expectNoSecrets(res.body);
    // Another member's hash is theirs alone, and nothing the caller sends changes whose hash comes back.
    const other = await member();
    const asked = await t.call(help.fetchChatConfig, { user_id: other.id } as never, m.token);
    expect(asked.body.identity.user_hash).toBe(identityHash(t.config.chat.identitySecret, m.id));
    expect(asked.body.identity.user_hash).not.toBe(identityHash(t.config.chat.identitySecret, other.id));
  });
});

describe('limits hold under bursts (H6, L2)', () => {
  it('30 requests opened at once: exactly 5 open', async () => {
    const m = await member();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.call(help.submitHelpRequest, { subject: `Burst ${i}`, content: 'A burst of requests.' }, m.token),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(25);
    const [row] = await t.db.select({ n: count() }).from(helpRequests).where(eq(helpRequests.userId, m.id));
    expect(Number(row?.n)).toBe(5);
  });

  it('30 replies at once: exactly 10 written', async () => {
    const m = await member();
    const id = await openRequest(t, m);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.call(help.postHelpComment, { thread: id, comment: `Reply ${i}` }, m.token),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(20);
    const [row] = await t.db.select({ n: count() }).from(helpMessages).where(eq(helpMessages.requestId, id));
    expect(Number(row?.n)).toBe(11);
  });

  it('30 chat messages at once: exactly 10 sent', async () => {
    const m = await member();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => t.call(help.postChat, { message: `Chat ${i}` }, m.token)),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(20);
    const [row] = await t.db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.memberId, m.id));
    expect(Number(row?.n)).toBe(10);
  });
});

describe('erasing a member (D2.5, H8)', () => {
  it('erases their requests, messages, status history, chat and the pictures staff attached for them', async () => {
    const leaving = await member();
    const admin = await staff(t);
    const id = await openRequest(t, leaving, 'Please forget me', 'My phone number is 555-0100.');
    const withPicture = await postMultipart(
      t.app,
      operationUrl(help.postHelpComment),
      [
        { name: 'thread', value: String(id) },
        { name: 'comment', value: 'See the picture.' },
        { name: 'hasFile', value: 'yes' },
        { name: 'myFile', value: await testPicture('png'), filename: 'a.png', type: 'image/png' },
      ],
      admin.token,
    );
    expect(withPicture.statusCode).toBe(200);
    const picture = (withPicture.body.sent as help.HelpMessage).image ?? '';
    await t.call(help.postChat, { message: 'My address is 1 Main St.' }, leaving.token);
    await t.call(help.answerChat, { user_id: leaving.id, message: 'Noted.' }, admin.token);

    const res = await t.call(account.deleteAccount, { warned: true }, leaving.token);
    expect(res.statusCode, res.body.message).toBe(200);

    expect(await t.db.select().from(helpRequests).where(eq(helpRequests.userId, leaving.id))).toEqual([]);
    expect(await t.db.select().from(helpMessages).where(eq(helpMessages.requestId, id))).toEqual([]);
    expect(await t.db.select().from(helpStatusChanges).where(eq(helpStatusChanges.requestId, id))).toEqual(
      [],
    );
    expect(await t.db.select().from(chatMessages).where(eq(chatMessages.memberId, leaving.id))).toEqual([]);
    expect(
      await t.db.select().from(chatConversations).where(eq(chatConversations.memberId, leaving.id)),
    ).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: picture })).statusCode).toBe(404);
    const desk = await t.call(help.fetchHelpRequests, { filter: 'all' }, admin.token);
    expect(desk.body.requests.map((r) => r.id)).not.toContain(id);
    const chats = await t.call(help.fetchChats, {}, admin.token);
    expect(chats.body.chats.map((c) => c.user_id)).not.toContain(leaving.id);
  });

  it("an erased admin's answers stay, answered by 'a former admin' (H8)", async () => {
    const m = await member();
    const leavingAdmin = await staff(t);
    const other = await staff(t);
    const id = await openRequest(t, m);
    await t.call(
      help.postHelpComment,
      { thread: id, comment: 'Answered before leaving.' },
      leavingAdmin.token,
    );
    await t.call(help.postChat, { message: 'Hello?' }, m.token);
    await t.call(help.answerChat, { user_id: m.id, message: 'Chat answer.' }, leavingAdmin.token);
    const res = await t.call(account.deleteAccount, { warned: true }, leavingAdmin.token);
    expect(res.statusCode, res.body.message).toBe(200);
    const thread = await t.call(help.fetchRequestThread, { thread_id: id }, other.token);
    expect(thread.body.messages[1]).toMatchObject({ from_support: true, staff_name: 'a former admin' });
    const chat = await t.call(help.fetchMemberChat, { user_id: m.id }, other.token);
    expect(chat.body.messages.at(-1)).toMatchObject({ from_support: true, name: 'Marquee Support' });
    // The member still reads their answers.
    expect((await t.call(help.fetchRequestThread, { thread_id: id }, m.token)).body.messages).toHaveLength(2);
  });
});
