import { afterEach, describe, expect, it } from 'vitest';
import { help, login, messages, news } from '@marquee/contract';
import { useTestApp } from '../../test/test-app.js';
import { buildMember } from '../../test/factories.js';
import { listening, openLive, type LiveClient } from '../../test/live-client.js';
import { insertPost } from '../features/news/news.test-support.js';
import { pairedPro } from '../features/pro-extension/pro-extension.test-support.js';
import { STREAMS_PER_MEMBER, publishLive } from './live.js';
import { DAY_MS } from './time.js';

const t = useTestApp();
const open: LiveClient[] = [];
const live = async (token: string | null) => {
  const client = await openLive(await listening(t.app), token);
  open.push(client);
  return client;
};
afterEach(() => {
  for (const client of open.splice(0)) client.close();
});

/** A member's stream, once the server holds it (its 'ready' event). */
const liveOf = async (token: string) => {
  const client = await live(token);
  await client.next((e) => e.event === 'ready');
  return client;
};
const premium = () => buildMember(t.db, t.clock, { membership: 'premium' });

describe('GET /v5/live (LV1)', () => {
  it('opens a stream of events for a signed-in member', async () => {
    const member = await premium();
    const client = await liveOf(member.token);
    expect(client.status).toBe(200);
    expect(client.contentType).toBe('text/event-stream; charset=utf-8');
  });

  it('answers logged_out to no token, an unknown one and the Pro extension’s session', async () => {
    const pro = await pairedPro(t);
    for (const token of [null, 'not-a-token', pro.extension]) {
      const client = await live(token);
      expect(client.status).toBe(401);
      expect(client.events).toEqual([]);
    }
  });
});

describe('what each member hears (LV2, LV3, LV7)', () => {
  it('a message reaches the recipient’s stream and the sender’s other tabs, and nobody else’s', async () => {
    const [a, b, c] = [await premium(), await premium(), await premium()];
    const [toB, ofA, ofC] = [await liveOf(b.token), await liveOf(a.token), await liveOf(c.token)];
    const sent = await t.call(
      messages.postMessage,
      { to_id: b.id, message: 'Are you free on Friday?' },
      a.token,
    );
    expect(sent.statusCode).toBe(200);
    const heard = await toB.next((e) => e.event === 'messages');
    // The event names the conversation (the other member), never the message.
    expect(heard.data).toEqual({ ref: a.id });
    await toB.next((e) => e.event === 'alerts');
    expect((await ofA.next((e) => e.event === 'messages')).data).toEqual({ ref: b.id });
    // Events arrive in commit order: once C hears a later event for everyone, A's message was not for C.
    const post = await insertPost(t.db, c.id, 'A post on the feed', 'post', t.clock.now());
    await t.call(news.likeNewsItem, { news_id: post }, b.token);
    await ofC.next((e) => e.event === 'news');
    expect(ofC.events.map((e) => e.event)).not.toContain('messages');
    expect(JSON.stringify(toB.events)).not.toContain('Friday');
  });

  it('a like or a comment on a post reaches every open stream with the post, once committed', async () => {
    const [author, fan, reader] = [await premium(), await premium(), await premium()];
    const post = await insertPost(t.db, author.id, 'Wrapped the shoot today', 'post', t.clock.now());
    const stream = await liveOf(reader.token);
    await t.call(news.likeNewsItem, { news_id: post }, fan.token);
    expect((await stream.next((e) => e.event === 'news')).data).toEqual({ ref: post });
    const before = stream.events.length;
    await t.call(news.postComment, { news_id: post, comment: 'Congratulations!' }, fan.token);
    await stream.next((e, i = stream.events.indexOf(e)) => e.event === 'news' && i >= before);
  });

  it('nothing is heard of work that rolled back', async () => {
    const member = await premium();
    const stream = await liveOf(member.token);
    await t.db
      .transaction(async (tx) => {
        await publishLive(tx, { kind: 'alerts', to: [member.id] });
        throw new Error('rolled back');
      })
      .catch(() => {});
    await publishLive(t.db, { kind: 'news', everyone: true, ref: 1 });
    await stream.next((e) => e.event === 'news');
    expect(stream.events.map((e) => e.event)).toEqual(['ready', 'news']);
  });

  it('the help desk’s events reach staff and the request’s member; an admin using a member’s account is not staff', async () => {
    const [member, admin] = [await premium(), await buildMember(t.db, t.clock, { role: 'admin' })];
    const [desk, mine] = [await liveOf(admin.token), await liveOf(member.token)];
    const asked = await t.call(
      help.submitHelpRequest,
      { subject: 'My listing', content: 'It does not show on the IMDb tab.' },
      member.token,
    );
    expect(asked.statusCode).toBe(200);
    expect((await desk.next((e) => e.event === 'help')).data).toEqual({ ref: asked.body.thread_id });
    await mine.next((e) => e.event === 'help');
    await t.call(help.postChat, { message: 'Hello, anyone there?' }, member.token);
    expect((await desk.next((e) => e.event === 'chat')).data).toEqual({ ref: member.id });
    const other = await premium();
    const otherStream = await liveOf(other.token);
    await t.call(help.postChat, { message: 'Me too, please' }, other.token);
    await otherStream.next((e) => e.event === 'chat');
    await publishLive(t.db, { kind: 'news', everyone: true, ref: 1 });
    await mine.next((e) => e.event === 'news');
    expect(mine.events.filter((e) => e.event === 'chat')).toHaveLength(1);
  });
});

describe('streams end with their session (LV4) and are capped per member (LV6)', () => {
  it('signing out ends the stream at the next heartbeat; an idle session expires it too', async () => {
    const [leaving, idle] = [await premium(), await premium()];
    const [a, b] = [await liveOf(leaving.token), await liveOf(idle.token)];
    await t.call(login.logout, {}, leaving.token);
    await t.app.live.heartbeat();
    await a.ended;
    t.clock.advance(31 * DAY_MS);
    await t.app.live.heartbeat();
    await b.ended;
    t.clock.set(new Date(t.clock.now().getTime() - 31 * DAY_MS));
  });

  it(`a member's ${STREAMS_PER_MEMBER + 1}th stream on a server closes their oldest`, async () => {
    const member = await premium();
    const streams: LiveClient[] = [];
    for (let i = 0; i <= STREAMS_PER_MEMBER; i++) streams.push(await liveOf(member.token));
    await streams[0]?.ended;
    await publishLive(t.db, { kind: 'alerts', to: [member.id] });
    for (const stream of streams.slice(1)) await stream.next((e) => e.event === 'alerts');
    expect(streams[0]?.events.map((e) => e.event)).toEqual(['ready']);
  });
});
