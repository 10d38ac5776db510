import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { help } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember } from '../../../test/factories.js';
import { staff } from './help.test-support.js';

const t = useTestApp();

describe('help/fetchChatConfig (spec 3 §1, H9)', () => {
  it("initialises Marquee's own chat with the member's id, name, email and the HMAC-SHA256 of the id", async () => {
    const m = await buildMember(t.db, t.clock);
    const answer = await t.call(help.fetchChatConfig, {}, m.token);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toMatchObject({
      status: 'success',
      provider: 'marquee',
      identity: {
        user_id: String(m.id),
        name: expect.stringMatching(/^Test Member /),
        email: m.email,
        user_hash: createHmac('sha256', t.config.chat.identitySecret).update(String(m.id)).digest('hex'),
      },
    });
    expect((await t.call(help.fetchChatConfig, {})).statusCode).toBe(401);
  });
});

describe('the live chat (spec 3 §1, H10, H11)', () => {
  it('a member writes, staff see it waiting and answer, the member reads the answer on the next poll', async () => {
    const m = await buildMember(t.db, t.clock);
    const admin = await staff(t);
    const sent = await t.call(help.postChat, { message: '  Is anyone there?  ' }, m.token);
    expect(sent.statusCode).toBe(200);
    expect(sent.body.sent).toMatchObject({
      from_support: false,
      name: expect.stringMatching(/^Test Member /),
      content: 'Is anyone there?',
      ago: 'just now',
    });

    const chats = await t.call(help.fetchChats, {}, admin.token);
    expect(chats.body.chats[0]).toMatchObject({
      user_id: m.id,
      last_message: 'Is anyone there?',
      waiting: true,
    });
    const theirs = await t.call(help.fetchMemberChat, { user_id: m.id }, admin.token);
    expect(theirs.body.member).toMatchObject({ id: m.id, email: m.email });
    expect(theirs.body.messages.map((x) => x.content)).toEqual(['Is anyone there?']);

    const answer = await t.call(
      help.answerChat,
      { user_id: m.id, message: 'Yes! How can we help?' },
      admin.token,
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.body.sent).toMatchObject({
      from_support: true,
      name: expect.stringMatching(/^Test Member /),
    });
    const after = (await t.call(help.fetchChats, {}, admin.token)).body.chats.find((c) => c.user_id === m.id);
    expect(after?.waiting).toBe(false);

    // The panel's poll asks for what came after the last message it has.
    const poll = await t.call(help.fetchChat, { after: sent.body.sent.id }, m.token);
    expect(poll.body.messages).toEqual([
      expect.objectContaining({
        from_support: true,
        name: 'Marquee Support',
        content: 'Yes! How can we help?',
      }),
    ]);
    const nothingNew = await t.call(help.fetchChat, { after: answer.body.sent.id }, m.token);
    expect(nothingNew.body.messages).toEqual([]);
    const whole = await t.call(help.fetchChat, {}, m.token);
    expect(whole.body.messages.map((x) => x.from_support)).toEqual([false, true]);
  });

  it("keeps each member's chat their own", async () => {
    const a = await buildMember(t.db, t.clock);
    const b = await buildMember(t.db, t.clock);
    await t.call(help.postChat, { message: 'Private to A' }, a.token);
    expect((await t.call(help.fetchChat, {}, b.token)).body.messages).toEqual([]);
  });

  it('renders chat text links-only (D8.1)', async () => {
    const m = await buildMember(t.db, t.clock);
    const sent = await t.call(
      help.postChat,
      { message: '<img src=x onerror=alert(1)> www.imdb.com' },
      m.token,
    );
    expect(sent.body.sent.content).toBe(
      '&lt;img src=x onerror=alert(1)&gt; <a href="https://www.imdb.com" target="_blank" rel="noopener noreferrer nofollow">www.imdb.com</a>',
    );
  });

  it('refuses an empty or over-long message', async () => {
    const m = await buildMember(t.db, t.clock);
    for (const message of ['', '   ', 'x'.repeat(1001)]) {
      const answer = await t.call(help.postChat, { message }, m.token);
      expect(answer.statusCode).toBe(400);
      expect(answer.body.message).toBe(help.CHAT_LENGTH_ERROR);
    }
    expect((await t.call(help.postChat, { message: 'x'.repeat(1000) }, m.token)).statusCode).toBe(200);
  });

  it('slows a member down after 10 messages in a minute (H6)', async () => {
    const m = await buildMember(t.db, t.clock);
    for (let i = 0; i < 10; i++) await t.call(help.postChat, { message: `Hello ${i}` }, m.token);
    const eleventh = await t.call(help.postChat, { message: 'Hello again' }, m.token);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.body.message).toMatch(/^You are sending messages very quickly\./);
  });

  it('answers logged_out to visitors and not_admin to members on the staff calls', async () => {
    const m = await buildMember(t.db, t.clock);
    expect((await t.call(help.fetchChat, {})).statusCode).toBe(401);
    expect((await t.call(help.postChat, { message: 'hi' })).statusCode).toBe(401);
    for (const [op, input] of [
      [help.fetchChats, {}],
      [help.fetchMemberChat, { user_id: m.id }],
      [help.answerChat, { user_id: m.id, message: 'Pretending to be support' }],
    ] as const) {
      const answer = await t.call(op, input, m.token);
      expect(answer.statusCode, op.path).toBe(403);
      expect(answer.body.extra, op.path).toBe('not_admin');
    }
    expect((await t.call(help.fetchChat, {}, m.token)).body.messages).toEqual([]);
  });

  it('has no chat with a system account or an unknown member', async () => {
    const admin = await staff(t);
    for (const user_id of [3, 2_000_000_000]) {
      const read = await t.call(help.fetchMemberChat, { user_id }, admin.token);
      expect(read.statusCode).toBe(404);
      const write = await t.call(help.answerChat, { user_id, message: 'Hello' }, admin.token);
      expect(write.statusCode).toBe(404);
      expect(write.body.message).toBe('There is no chat with this member.');
    }
  });
});

describe('an Intercom chat (H9)', () => {
  const intercom = useTestApp({
    config: {
      chat: {
        provider: 'intercom',
        identitySecret: 'intercom-identity-secret',
        appId: 'abc123xy',
        apiBase: 'https://api-iam.intercom.io',
      },
    },
  });

  it('answers the app id and the user_hash Intercom verifies', async () => {
    const m = await buildMember(intercom.db, intercom.clock);
    const answer = await intercom.call(help.fetchChatConfig, {}, m.token);
    expect(answer.body).toMatchObject({
      provider: 'intercom',
      app_id: 'abc123xy',
      api_base: 'https://api-iam.intercom.io',
      identity: {
        user_id: String(m.id),
        user_hash: createHmac('sha256', 'intercom-identity-secret').update(String(m.id)).digest('hex'),
      },
    });
  });

  it("allows Intercom's origins in the Content-Security-Policy, and only then", async () => {
    const withChat = await intercom.app.inject({ method: 'GET', url: '/healthz/live' });
    const policy = String(withChat.headers['content-security-policy']);
    expect(policy).toMatch(/script-src [^;]*https:\/\/widget\.intercom\.io/);
    expect(policy).toMatch(/connect-src 'self' [^;]*wss:\/\/nexus-websocket-a\.intercom\.io/);
    expect(policy).toMatch(/script-src [^;]*https:\/\/www\.youtube\.com/);
    const without = await t.app.inject({ method: 'GET', url: '/healthz/live' });
    expect(String(without.headers['content-security-policy'])).not.toContain('intercom');
  });
});
