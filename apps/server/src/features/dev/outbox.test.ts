import { describe, expect, it } from 'vitest';
import { devmail } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember, unique } from '../../../test/factories.js';
import type { MailMessage, Mailer } from '../../platform/mail.js';

const NO_SUCH_CALL = { status: 'error', message: 'There is no such call.' };

describe('dev/fetchOutbox without SMTP (R1)', () => {
  const t = useTestApp();
  it('lists the outbox newest first to an admin', async () => {
    const admin = await buildMember(t.db, t.clock, { role: 'admin' });
    // Addresses of this test's own: on PostgreSQL other files' mail joins the same outbox meanwhile.
    const [a, b] = [`a_${unique()}@example.test`, `b_${unique()}@example.test`];
    await t.app.deps.mailer.send({ to: a, subject: 'First', text: 'one' });
    await t.app.deps.mailer.send({ to: b, subject: 'Second', text: 'two' });
    const res = await t.call(devmail.fetchOutbox, {}, admin.token);
    expect(res.body.mails.filter((m) => m.to === a || m.to === b)).toMatchObject([
      { to: b, subject: 'Second', text: 'two', ago: 'just now' },
      { to: a, subject: 'First', text: 'one' },
    ]);
  });

  it('answers anonymous callers, members and bad tokens as if it did not exist', async () => {
    await t.app.deps.mailer.send({ to: 'c@example.test', subject: 'Reset', text: 'secret link' });
    const member = await buildMember(t.db, t.clock);
    for (const token of [undefined, member.token, 'not-a-session']) {
      const res = await t.call(devmail.fetchOutbox, {}, token);
      expect(res.statusCode).toBe(404);
      expect(res.body).toEqual(NO_SUCH_CALL);
    }
    const unknown = await t.app.inject({ method: 'GET', url: '/v4/operations/dev/noSuchThing' });
    expect(unknown.json()).toEqual(NO_SUCH_CALL);
  });

  it('is not told apart from an unknown call by the anonymous-call limit either', async () => {
    const remoteAddress = '203.0.113.99';
    for (let i = 0; i < 310; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/v4/operations/dev/fetchOutbox', remoteAddress });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('dev/fetchOutbox with SMTP configured', () => {
  const sent: MailMessage[] = [];
  // Stands in for the SMTP server, which these machines cannot reach.
  const smtp: Mailer = { kind: 'smtp', send: async (m) => void sent.push(m) };
  const t = useTestApp({ mailer: smtp });
  it('does not exist, even for an admin: mail goes out instead', async () => {
    const admin = await buildMember(t.db, t.clock, { role: 'admin' });
    await t.app.deps.mailer.send({ to: 'a@example.test', subject: 'Hi', text: 'x' });
    const res = await t.call(devmail.fetchOutbox, {}, admin.token);
    expect(res.statusCode).toBe(404);
    expect(res.body).toEqual(NO_SUCH_CALL);
    expect(sent).toHaveLength(1);
  });
});

describe('in production (R1)', () => {
  const t = useTestApp({ config: { production: true } });
  it('has no outbox call at all, even for an admin', async () => {
    const admin = await buildMember(t.db, t.clock, { role: 'admin' });
    const res = await t.call(devmail.fetchOutbox, {}, admin.token);
    expect(res.statusCode).toBe(404);
    expect(res.body).toEqual(NO_SUCH_CALL);
  });
});
