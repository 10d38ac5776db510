import { describe, expect, it } from 'vitest';
import { alerts, messages } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember } from '../../../test/factories.js';
import { MINUTE_MS } from '../../platform/time.js';
import { raiseAlert } from './alerts.repo.js';
import { messageThreads, messages as messageRows } from '../messages/messages.tables.js';

const t = useTestApp();

/** A message from one member to another, with both sides' thread rows, as messages/postMessage will write them. */
async function sendMessage(from: number, to: number, body: string) {
  const at = t.clock.now();
  const [m] = await t.db
    .insert(messageRows)
    .values({ senderId: from, recipientId: to, body, createdAt: at })
    .returning();
  const lastMessageId = (m as { id: number }).id;
  for (const [ownerId, otherId, unread] of [
    [from, to, false],
    [to, from, true],
  ] as const) {
    await t.db
      .insert(messageThreads)
      .values({ ownerId, otherId, lastMessageId, lastAt: at, unread })
      .onConflictDoUpdate({
        target: [messageThreads.ownerId, messageThreads.otherId],
        set: { lastMessageId, lastAt: at, unread },
      });
  }
}

describe('alerts/checkMessagesAndAlerts', () => {
  it('counts unread conversations and unseen alerts, each member only their own', async () => {
    const me = await buildMember(t.db, t.clock);
    const a = await buildMember(t.db, t.clock);
    const b = await buildMember(t.db, t.clock);
    expect((await t.call(alerts.checkMessagesAndAlerts, {}, me.token)).body).toEqual({
      status: 'success',
      messageCount: 0,
      alertCount: 0,
    });
    await sendMessage(a.id, me.id, 'Hello there');
    await sendMessage(a.id, me.id, 'Are you around?');
    await sendMessage(b.id, me.id, 'Hi!');
    await raiseAlert(t.db, {
      userId: me.id,
      kind: 'like',
      content: 'Ana liked your post.',
      link: '/home/1',
      at: t.clock.now(),
    });
    await raiseAlert(t.db, {
      userId: a.id,
      kind: 'like',
      content: 'Not for me.',
      link: '/home/2',
      at: t.clock.now(),
    });
    expect((await t.call(alerts.checkMessagesAndAlerts, {}, me.token)).body).toMatchObject({
      messageCount: 2,
      alertCount: 1,
    });
    expect((await t.call(alerts.checkMessagesAndAlerts, {}, a.token)).body).toMatchObject({
      messageCount: 0,
      alertCount: 1,
    });
  });

  it('needs a session', async () => {
    const res = await t.call(alerts.checkMessagesAndAlerts, {});
    expect(res.statusCode).toBe(401);
    expect(res.body).toMatchObject({ status: 'error', extra: 'logged_out' });
  });
});

describe('alerts/fetchAlertList (D8.2)', () => {
  it('lists newest first with links and how long ago, then marks them seen', async () => {
    const me = await buildMember(t.db, t.clock);
    await raiseAlert(t.db, {
      userId: me.id,
      kind: 'comment',
      content: 'Sam commented on your post.',
      link: '/home/7',
      at: t.clock.now(),
    });
    t.clock.advance(5 * MINUTE_MS);
    await raiseAlert(t.db, {
      userId: me.id,
      kind: 'message',
      content: 'Ana sent you a message.',
      link: '/messages/1001',
      at: t.clock.now(),
    });
    const first = await t.call(alerts.fetchAlertList, {}, me.token);
    expect(first.body.alerts).toMatchObject([
      { content: 'Ana sent you a message.', link: '/messages/1001', ago: 'just now', seen: false },
      { content: 'Sam commented on your post.', link: '/home/7', ago: '5 minutes ago', seen: false },
    ]);
    expect((await t.call(alerts.checkMessagesAndAlerts, {}, me.token)).body.alertCount).toBe(0);
    const second = await t.call(alerts.fetchAlertList, {}, me.token);
    expect(second.body.alerts.every((a) => a.seen)).toBe(true);
  });

  it('is empty for a new member', async () => {
    const me = await buildMember(t.db, t.clock);
    expect((await t.call(alerts.fetchAlertList, {}, me.token)).body).toEqual({
      status: 'success',
      alerts: [],
    });
  });

  it('needs a session', async () => {
    expect((await t.call(alerts.fetchAlertList, {}, 'bogus')).body.extra).toBe('logged_out');
  });
});

describe('messages/fetchRecentThreads', () => {
  it('lists conversations newest first, up to the limit, with the other member and unread state', async () => {
    const me = await buildMember(t.db, t.clock);
    const others = await Promise.all([1, 2, 3].map(() => buildMember(t.db, t.clock)));
    for (const [i, o] of others.entries()) {
      await sendMessage(o.id, me.id, `Message ${i}`);
      t.clock.advance(MINUTE_MS);
    }
    await sendMessage(me.id, others[0]!.id, 'My reply to the first');
    const res = await t.call(messages.fetchRecentThreads, { limit: 2 }, me.token);
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

  it('shortens long last messages', async () => {
    const me = await buildMember(t.db, t.clock);
    const other = await buildMember(t.db, t.clock);
    await sendMessage(other.id, me.id, 'x'.repeat(500));
    const [thread] = (await t.call(messages.fetchRecentThreads, { limit: 6 }, me.token)).body.threads;
    expect(thread?.message).toHaveLength(120);
    expect(thread?.message.endsWith('...')).toBe(true);
  });

  it.each(['0', '51', 'six', '2.5'])('refuses limit=%s', async (limit) => {
    const me = await buildMember(t.db, t.clock);
    const res = await t.call(messages.fetchRecentThreads, { limit }, me.token);
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ status: 'error', message: 'The limit must be a number from 1 to 50.' });
  });

  it('needs a session', async () => {
    expect((await t.call(messages.fetchRecentThreads, { limit: 6 })).statusCode).toBe(401);
  });
});
