import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { alerts, messages } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { setStatus } from '../../../test/factories.js';
import { MINUTE_MS } from '../../platform/time.js';
import { users } from '../members/members.tables.js';
import { messageHelpers } from './messages.test-support.js';

const t = useTestApp();
const { premium, free, post, threadRow, block } = messageHelpers(t);

describe('messages/fetchMessageThread', () => {
  it('answers the conversation oldest first, with names, pictures and links-only text, and marks it read', async () => {
    const me = await premium();
    const them = await premium();
    await t.db.update(users).set({ defaultPic: 'them.jpg' }).where(eq(users.id, them.id));
    await post(them, me, 'First, from them');
    t.clock.advance(3 * MINUTE_MS);
    await post(me, them, 'Second, from me: https://example.com/a?b=1');
    t.clock.advance(2 * MINUTE_MS);
    await post(them, me, 'Third\nline two');
    expect((await t.call(alerts.checkMessagesAndAlerts, {}, me.token)).body).toMatchObject({
      messageCount: 1,
      alertCount: 1,
    });

    const res = await t.call(messages.fetchMessageThread, { user_id: them.id }, me.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({
      status: 'success',
      other: { id: them.id, first: 'Test', avatar: '/media/80/them.jpg' },
      hasOlder: false,
      canPost: true,
      notice: '',
      needsUpgrade: false,
    });
    expect(res.body.messages).toMatchObject([
      {
        sender_id: them.id,
        message: 'First, from them',
        ago: '5 minutes ago',
        sender_avatar: '/media/80/them.jpg',
      },
      {
        sender_id: me.id,
        message:
          'Second, from me: <a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer nofollow">https://example.com/a?b=1</a>',
        ago: '2 minutes ago',
        sender_avatar: null,
      },
      { sender_id: them.id, message: 'Third<br>line two', ago: 'just now' },
    ]);
    expect(res.body.messages[0]?.sender_name).toMatch(/^Test Member \w+$/);
    // Read: the badge and the conversation's message alert are cleared.
    expect((await t.call(alerts.checkMessagesAndAlerts, {}, me.token)).body).toMatchObject({
      messageCount: 0,
      alertCount: 0,
    });
    expect(await threadRow(me.id, them.id)).toMatchObject({ unread: false });
  });

  it('pages back through older messages', async () => {
    const me = await premium();
    const them = await premium();
    for (let i = 1; i <= 35; i++) {
      await post(i % 2 ? me : them, i % 2 ? them : me, `Message ${i}`);
      t.clock.advance(10 * MINUTE_MS);
    }
    const latest = await t.call(messages.fetchMessageThread, { user_id: them.id }, me.token);
    expect(latest.body.messages).toHaveLength(messages.THREAD_PAGE_SIZE);
    expect(latest.body.messages[0]?.message).toBe('Message 6');
    expect(latest.body.messages.at(-1)?.message).toBe('Message 35');
    expect(latest.body.hasOlder).toBe(true);
    const older = await t.call(
      messages.fetchMessageThread,
      { user_id: them.id, before: latest.body.messages[0]?.id },
      me.token,
    );
    expect(older.body.messages.map((m) => m.message)).toEqual([1, 2, 3, 4, 5].map((i) => `Message ${i}`));
    expect(older.body.hasOlder).toBe(false);
  });

  it('an empty conversation: a paying member may start it, a free member may not', async () => {
    const payer = await premium();
    const member = await free();
    const a = await t.call(messages.fetchMessageThread, { user_id: member.id }, payer.token);
    expect(a.body).toMatchObject({ messages: [], hasOlder: false, canPost: true, needsUpgrade: false });
    const b = await t.call(messages.fetchMessageThread, { user_id: payer.id }, member.token);
    expect(b.body).toMatchObject({
      messages: [],
      canPost: false,
      needsUpgrade: true,
      notice: messages.FREE_CANNOT_START,
    });
    await post(payer, member, 'Welcome!');
    const c = await t.call(messages.fetchMessageThread, { user_id: payer.id }, member.token);
    expect(c.body).toMatchObject({ canPost: true, notice: '' });
  });

  it.each(['they blocked me', 'I blocked them', 'deactivated', 'deleted'])(
    'hides the conversation when %s',
    async (why) => {
      const me = await premium();
      const them = await premium();
      await post(them, me, 'Hello');
      if (why === 'they blocked me') await block(them.id, me.id);
      else if (why === 'I blocked them') await block(me.id, them.id);
      else await setStatus(t.db, them.id, why);
      const res = await t.call(messages.fetchMessageThread, { user_id: them.id }, me.token);
      expect(res.statusCode).toBe(404);
      expect(res.body).toEqual({ status: 'error', message: 'There is no conversation with this member.' });
      expect((await t.call(alerts.checkMessagesAndAlerts, {}, me.token)).body).toMatchObject({
        messageCount: 0,
      });
    },
  );

  it('refuses system accounts (D2.1), the member themself and bad ids', async () => {
    const me = await premium();
    const system = await t.call(messages.fetchMessageThread, { user_id: 999 }, me.token);
    expect(system.statusCode).toBe(400);
    expect(system.body.message).toBe('Messages can only be exchanged with members.');
    expect((await t.call(messages.fetchMessageThread, { user_id: me.id }, me.token)).statusCode).toBe(403);
    const bad = await t.call(messages.fetchMessageThread, { user_id: 'x' }, me.token);
    expect(bad.body).toEqual({ status: 'error', message: 'Please choose a member.' });
    const before = await t.call(messages.fetchMessageThread, { user_id: 1000, before: -1 }, me.token);
    expect(before.body.message).toBe('Please give a valid message to read before.');
  });

  it('needs a session', async () => {
    expect((await t.call(messages.fetchMessageThread, { user_id: 1000 })).statusCode).toBe(401);
  });
});

describe('messages/fetchRecentThreads', () => {
  it('lists conversations newest first, up to the limit, with the other member and unread state', async () => {
    const me = await premium();
    const others = await Promise.all([1, 2, 3].map(() => premium()));
    for (const [i, o] of others.entries()) {
      await post(o, me, `Message ${i}`);
      t.clock.advance(MINUTE_MS);
    }
    await post(me, others[0]!, 'My reply to the first');
    const res = await t.call(messages.fetchRecentThreads, { limit: 2 }, me.token);
    expect(res.body.canStart).toBe(true);
    expect(res.body.threads).toEqual([
      expect.objectContaining({
        other_id: others[0]!.id,
        message: 'My reply to the first',
        unread: 'no',
        ago: 'just now',
      }),
      expect.objectContaining({
        other_id: others[2]!.id,
        message: 'Message 2',
        unread: 'yes',
        other_first: 'Test',
      }),
    ]);
    const theirs = await t.call(messages.fetchRecentThreads, {}, others[0]!.token);
    expect(theirs.body.threads).toMatchObject([{ other_id: me.id, unread: 'yes' }]);
  });

  it('leaves out members blocked either way and inactive members; sends 80 px pictures', async () => {
    const me = await free();
    const [kept, blockedByMe, blockedMe, gone] = await Promise.all([1, 2, 3, 4].map(() => premium()));
    await t.db.update(users).set({ defaultPic: 'kept.png' }).where(eq(users.id, kept!.id));
    for (const o of [kept!, blockedByMe!, blockedMe!, gone!]) await post(o, me, 'Hello');
    await block(me.id, blockedByMe!.id);
    await block(blockedMe!.id, me.id);
    await setStatus(t.db, gone!.id, 'deactivated');
    const res = await t.call(messages.fetchRecentThreads, { limit: 6 }, me.token);
    expect(res.body).toMatchObject({
      canStart: false,
      threads: [{ other_id: kept!.id, other_avatar: '/media/80/kept.png', unread: 'yes' }],
    });
    expect(res.body.threads).toHaveLength(1);
    expect((await t.call(alerts.checkMessagesAndAlerts, {}, me.token)).body.messageCount).toBe(1);
  });

  it('shortens long last messages to one plain line', async () => {
    const me = await premium();
    const other = await premium();
    await post(other, me, `line one\n${'x'.repeat(500)}`);
    const [thread] = (await t.call(messages.fetchRecentThreads, { limit: 6 }, me.token)).body.threads;
    expect(thread?.message).toHaveLength(120);
    expect(thread?.message.startsWith('line one x')).toBe(true);
    expect(thread?.message.endsWith('...')).toBe(true);
  });

  it('is empty for a new member', async () => {
    const me = await premium();
    expect((await t.call(messages.fetchRecentThreads, {}, me.token)).body).toEqual({
      status: 'success',
      canStart: true,
      threads: [],
    });
  });

  it.each(['0', '51', 'six', '2.5'])('refuses limit=%s', async (limit) => {
    const me = await premium();
    const res = await t.call(messages.fetchRecentThreads, { limit }, me.token);
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ status: 'error', message: 'The limit must be a number from 1 to 50.' });
  });

  it('needs a session', async () => {
    expect((await t.call(messages.fetchRecentThreads, { limit: 6 })).statusCode).toBe(401);
  });
});
