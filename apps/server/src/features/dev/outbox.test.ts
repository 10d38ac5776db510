import { describe, expect, it } from 'vitest';
import { devmail } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import type { MailMessage, Mailer } from '../../platform/mail.js';

describe('dev/fetchOutbox without SMTP', () => {
  const t = useTestApp();
  it('lists the outbox newest first', async () => {
    await t.app.deps.mailer.send({ to: 'a@example.test', subject: 'First', text: 'one' });
    await t.app.deps.mailer.send({ to: 'b@example.test', subject: 'Second', text: 'two' });
    const res = await t.call(devmail.fetchOutbox, {});
    expect(res.body.mails.slice(0, 2)).toMatchObject([
      { to: 'b@example.test', subject: 'Second', text: 'two', ago: 'just now' },
      { to: 'a@example.test', subject: 'First', text: 'one' },
    ]);
  });
});

describe('dev/fetchOutbox with SMTP configured', () => {
  const sent: MailMessage[] = [];
  // Stands in for the SMTP server, which these machines cannot reach.
  const smtp: Mailer = { kind: 'smtp', send: async (m) => void sent.push(m) };
  const t = useTestApp({ mailer: smtp });
  it('does not exist: mail goes out instead', async () => {
    await t.app.deps.mailer.send({ to: 'a@example.test', subject: 'Hi', text: 'x' });
    const res = await t.call(devmail.fetchOutbox, {});
    expect(res.statusCode).toBe(404);
    expect(res.body.message).toBe('There is no outbox here: mail is sent through SMTP.');
    expect(sent).toHaveLength(1);
  });
});
