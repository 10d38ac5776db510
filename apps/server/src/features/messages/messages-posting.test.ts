import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { alerts, messages } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { setStatus } from '../../../test/factories.js';
import { MINUTE_MS } from '../../platform/time.js';
import { alerts as alertRows } from '../alerts/alerts.tables.js';
import { messageHelpers } from './messages.test-support.js';

const t = useTestApp();
const { premium, free, post, threadRow, messagesBetween, block } = messageHelpers(t);

describe('messages/postMessage', () => {
  it('writes the message, both conversation rows (the recipient unread) and one alert (D8.2)', async () => {
    const me = await premium();
    const them = await free();
    const res = await post(me, them, 'Hello <b>there</b>, see www.example.com');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({
      status: 'success',
      message: 'Your message to Test was sent.',
      sent: { sender_id: me.id, ago: 'just now' },
    });
    // D8.1: the body goes back as HTML with links only.
    expect(res.body.sent.message).toBe(
      'Hello &lt;b&gt;there&lt;/b&gt;, see <a href="https://www.example.com" target="_blank" rel="noopener noreferrer nofollow">www.example.com</a>',
    );
    expect(await threadRow(me.id, them.id)).toMatchObject({ unread: false });
    expect(await threadRow(them.id, me.id)).toMatchObject({ unread: true });
    expect((await t.call(alerts.checkMessagesAndAlerts, {}, them.token)).body).toMatchObject({
      messageCount: 1,
      alertCount: 1,
    });
    const list = await t.call(alerts.fetchAlertList, {}, them.token);
    expect(list.body.alerts[0]).toMatchObject({
      content: expect.stringMatching(/^Test Member \w+ sent you a message\.$/),
      link: `/messages/${me.id}`,
    });
  });

  it('keeps one unseen message alert per conversation, and raises a new one once it was seen', async () => {
    const me = await premium();
    const them = await premium();
    for (const text of ['One', 'Two', 'Three']) await post(me, them, text);
    const unseen = () => t.db.select().from(alertRows).where(eq(alertRows.userId, them.id));
    expect(await unseen()).toHaveLength(1);
    await t.call(alerts.fetchAlertList, {}, them.token);
    await post(me, them, 'Four');
    expect((await unseen()).filter((a) => a.seenAt === null)).toHaveLength(1);
    expect(await unseen()).toHaveLength(2);
  });

  it('a free member cannot start a conversation (spec 2 §5), with the upgrade offer', async () => {
    const me = await free();
    const them = await premium();
    const res = await post(me, them, 'Hi there!');
    expect(res.statusCode).toBe(403);
    expect(res.body).toEqual({
      status: 'error',
      message: messages.FREE_CANNOT_START,
      extra: messages.UPGRADE_EXTRA,
    });
    expect(await messagesBetween(me.id, them.id)).toHaveLength(0);
    expect(await threadRow(them.id, me.id)).toBeUndefined();
  });

  it('a free member can reply to someone who wrote to them', async () => {
    const me = await free();
    const them = await premium();
    expect((await post(them, me, 'Hello, free member')).statusCode).toBe(200);
    const res = await post(me, them, 'Hello back');
    expect(res.statusCode).toBe(200);
    expect(await threadRow(them.id, me.id)).toMatchObject({ unread: true });
    expect(await threadRow(me.id, them.id)).toMatchObject({ unread: false });
  });

  it.each([1, 999])('refuses id %i: nobody can message a system account (D2.1)', async (id) => {
    const me = await premium();
    const res = await t.call(messages.postMessage, { to_id: id, message: 'Hello' }, me.token);
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ status: 'error', message: 'Messages can only be exchanged with members.' });
  });

  it('refuses the member themself', async () => {
    const me = await premium();
    const res = await post(me, me, 'Note to self');
    expect(res.statusCode).toBe(403);
    expect(res.body.message).toBe("You can't send a message to yourself.");
  });

  it('refuses a member I blocked, naming the block', async () => {
    const me = await premium();
    const them = await premium();
    await post(them, me, 'Earlier message');
    await block(me.id, them.id);
    const res = await post(me, them, 'Hello?');
    expect(res.statusCode).toBe(403);
    expect(res.body).toEqual({ status: 'error', message: "You can't exchange messages with this member." });
    expect(await messagesBetween(me.id, them.id)).toHaveLength(0);
  });

  it('refuses a member who blocked me exactly as one who cannot receive messages (no hint of the block)', async () => {
    const me = await premium();
    const them = await premium();
    const gone = await premium();
    await post(them, me, 'Earlier message');
    await block(them.id, me.id);
    await setStatus(t.db, gone.id, 'deactivated');
    const res = await post(me, them, 'Hello?');
    const inactive = await post(me, gone, 'Hello?');
    expect(res.statusCode).toBe(404);
    expect(res.body).toEqual({ status: 'error', message: 'This member is not able to receive messages.' });
    expect({ statusCode: res.statusCode, body: res.body }).toEqual({
      statusCode: inactive.statusCode,
      body: inactive.body,
    });
    expect(await messagesBetween(me.id, them.id)).toHaveLength(0);
  });

  it.each(['deactivated', 'deleted'])('refuses a %s member (D2.5)', async (status) => {
    const me = await premium();
    const them = await premium();
    await setStatus(t.db, them.id, status);
    const res = await post(me, them, 'Hello?');
    expect(res.statusCode).toBe(404);
    expect(res.body.message).toBe('This member is not able to receive messages.');
  });

  it('refuses a member id nobody has', async () => {
    const me = await premium();
    const res = await t.call(messages.postMessage, { to_id: 2_000_000_000, message: 'Hi' }, me.token);
    expect(res.statusCode).toBe(404);
  });

  it.each([
    [{ to_id: 1000 }, 'Please write a message.'],
    [{ to_id: 1000, message: '' }, 'Please write a message of at least 2 characters.'],
    [{ to_id: 1000, message: ' a ' }, 'Please write a message of at least 2 characters.'],
    [{ to_id: 1000, message: 'x'.repeat(2001) }, 'Please keep your message under 2,000 characters.'],
    [{ message: 'Hello' }, 'Please choose a member.'],
    [{ to_id: 'someone', message: 'Hello' }, 'Please choose a member.'],
    [{ to_id: 1000.5, message: 'Hello' }, 'Please choose a member.'],
  ])('refuses bad input %j', async (input, message) => {
    const me = await premium();
    const res = await t.call(messages.postMessage, input, me.token);
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ status: 'error', message });
  });

  it('takes exactly 2 characters and 2,000 characters (more than 1 character, spec 2 §5)', async () => {
    const me = await premium();
    const them = await premium();
    expect((await post(me, them, 'hi')).statusCode).toBe(200);
    expect((await post(me, them, 'y'.repeat(2000))).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const res = await t.call(messages.postMessage, { to_id: 1000, message: 'Hello' });
    expect(res.statusCode).toBe(401);
    expect(res.body).toMatchObject({ extra: 'logged_out' });
  });

  it('limits a member to 10 messages a minute, saying how long to wait', async () => {
    const me = await premium();
    const them = await premium();
    const other = await premium();
    for (let i = 0; i < 10; i++) {
      expect((await post(me, i % 2 ? them : other, `Message ${i}`)).statusCode).toBe(200);
      t.clock.advance(1000);
    }
    const res = await post(me, them, 'One too many');
    expect(res.statusCode).toBe(429);
    expect(res.body.message).toBe(
      'You are sending messages very quickly. Please wait 50 seconds before sending another.',
    );
    expect(res.response.headers['retry-after']).toBe('50');
    t.clock.advance(50_000);
    expect((await post(me, them, 'Calmer now')).statusCode).toBe(200);
  });

  it('sends exactly 10 of a burst of 30 concurrent messages (L2)', async () => {
    const me = await premium();
    const them = await premium();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => post(me, them, `Burst message ${i}`)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(20);
    expect(await messagesBetween(me.id, them.id)).toHaveLength(10);
  });

  it('limits a member to 120 messages an hour', async () => {
    const me = await premium();
    const them = await premium();
    for (let burst = 0; burst < 12; burst++) {
      for (let i = 0; i < 10; i++) expect((await post(me, them, `m${burst}.${i}`)).statusCode).toBe(200);
      t.clock.advance(burst < 11 ? 5 * MINUTE_MS : MINUTE_MS);
    }
    // 56 minutes in: nothing in the last minute, 120 in the hour; the first burst leaves it at 60.
    const res = await post(me, them, 'The 121st');
    expect(res.statusCode).toBe(429);
    expect(res.body.message).toBe(
      'You have sent 120 messages in the last hour. Please wait 4 minutes before sending another.',
    );
    t.clock.advance(4 * MINUTE_MS);
    expect((await post(me, them, 'The 121st, later')).statusCode).toBe(200);
  });
});
