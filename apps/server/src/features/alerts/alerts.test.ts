import { describe, expect, it } from 'vitest';
import { alerts, messages } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember, type BuiltMember } from '../../../test/factories.js';
import { MINUTE_MS } from '../../platform/time.js';
import { blocks } from '../members/members.tables.js';
import { raiseAlert, raiseAlertOnce } from './alerts.repo.js';

const t = useTestApp();

const premium = () => buildMember(t.db, t.clock, { membership: 'premium' });

const send = (from: BuiltMember, to: BuiltMember, message: string) =>
  t.call(messages.postMessage, { to_id: to.id, message }, from.token);

describe('alerts/checkMessagesAndAlerts', () => {
  it('counts unread conversations and unseen alerts, each member only their own', async () => {
    const me = await premium();
    const a = await premium();
    const b = await premium();
    expect((await t.call(alerts.checkMessagesAndAlerts, {}, me.token)).body).toEqual({
      status: 'success',
      messageCount: 0,
      alertCount: 0,
    });
    await send(a, me, 'Hello there');
    await send(a, me, 'Are you around?');
    await send(b, me, 'Hi!');
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
    // Two conversations; one alert per conversation (D8.2, not flooding) and the like.
    expect((await t.call(alerts.checkMessagesAndAlerts, {}, me.token)).body).toMatchObject({
      messageCount: 2,
      alertCount: 3,
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
    const me = await premium();
    const ana = await premium();
    await raiseAlert(t.db, {
      userId: me.id,
      kind: 'listing_disabled',
      content: 'Your listing "Jane Doe" is paused while we check its IMDb details.',
      link: '/dashboard/imdb',
      at: t.clock.now(),
    });
    t.clock.advance(5 * MINUTE_MS);
    await raiseAlert(t.db, {
      userId: me.id,
      actorId: ana.id,
      kind: 'comment',
      content: 'Ana commented on your post.',
      link: '/home/7',
      at: t.clock.now(),
    });
    t.clock.advance(MINUTE_MS);
    await send(ana, me, 'Did you see my comment?');
    const first = await t.call(alerts.fetchAlertList, {}, me.token);
    expect(first.body.alerts).toMatchObject([
      {
        content: expect.stringMatching(/sent you a message\.$/),
        link: `/messages/${ana.id}`,
        ago: 'just now',
        seen: false,
      },
      { content: 'Ana commented on your post.', link: '/home/7', ago: '1 minute ago', seen: false },
      { link: '/dashboard/imdb', ago: '6 minutes ago', seen: false },
    ]);
    expect((await t.call(alerts.checkMessagesAndAlerts, {}, me.token)).body.alertCount).toBe(0);
    const second = await t.call(alerts.fetchAlertList, {}, me.token);
    expect(second.body.alerts.every((a) => a.seen)).toBe(true);
  });

  it.each(['I blocked them', 'they blocked me'])(
    'leaves out alerts about a member when %s, in the list and the badge',
    async (who) => {
      const me = await premium();
      const them = await premium();
      await raiseAlert(t.db, {
        userId: me.id,
        actorId: them.id,
        kind: 'like',
        content: 'They liked your post.',
        link: '/home/3',
        at: t.clock.now(),
      });
      await send(them, me, 'Hello');
      await raiseAlert(t.db, {
        userId: me.id,
        kind: 'listing_disabled',
        content: 'Your listing is paused.',
        link: '/dashboard/imdb',
        at: t.clock.now(),
      });
      expect((await t.call(alerts.checkMessagesAndAlerts, {}, me.token)).body.alertCount).toBe(3);
      const [blockerId, blockedId] = who === 'I blocked them' ? [me.id, them.id] : [them.id, me.id];
      await t.db.insert(blocks).values({ blockerId, blockedId, createdAt: t.clock.now() });
      expect((await t.call(alerts.checkMessagesAndAlerts, {}, me.token)).body).toMatchObject({
        alertCount: 1,
        messageCount: 0,
      });
      const list = await t.call(alerts.fetchAlertList, {}, me.token);
      expect(list.body.alerts).toMatchObject([{ content: 'Your listing is paused.' }]);
      expect(list.body.alerts).toHaveLength(1);
    },
  );

  it('raiseAlertOnce: never a second alert of the same kind about the same member and link, even once seen', async () => {
    const me = await premium();
    const them = await premium();
    const like = (link: string) => ({
      userId: me.id,
      actorId: them.id,
      kind: 'news_like',
      content: 'They liked your post.',
      link,
      at: t.clock.now(),
    });
    expect(await raiseAlertOnce(t.db, like('/home/7'))).toBe(true);
    await t.call(alerts.fetchAlertList, {}, me.token);
    expect(await raiseAlertOnce(t.db, like('/home/7'))).toBe(false);
    expect(await raiseAlertOnce(t.db, like('/home/8'))).toBe(true);
    const list = await t.call(alerts.fetchAlertList, {}, me.token);
    expect(list.body.alerts).toHaveLength(2);
  });

  it('is empty for a new member', async () => {
    const me = await premium();
    expect((await t.call(alerts.fetchAlertList, {}, me.token)).body).toEqual({
      status: 'success',
      alerts: [],
    });
  });

  it('needs a session', async () => {
    expect((await t.call(alerts.fetchAlertList, {}, 'bogus')).body.extra).toBe('logged_out');
  });
});
