import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { account, help, operationUrl } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember } from '../../../test/factories.js';
import { postMultipart, testPicture } from '../uploads/test-files.js';
import { alertsOf, mailsTo, openRequest, reply, staff } from './help.test-support.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-help-'));
const t = useTestApp({ config: { dataDir } });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const statusOf = async (token: string, id: number) =>
  (await t.call(help.fetchRequestThread, { thread_id: id }, token)).body.request;

describe('help/postHelpComment: statuses (D12.4)', () => {
  it('a staff reply is posted as the support account and makes the request Awaiting Response', async () => {
    const m = await buildMember(t.db, t.clock);
    const admin = await staff(t);
    const id = await openRequest(t, m);
    const answer = await reply(t, admin.token, id, 'We found the listing: it was paused. Try again now.');
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toMatchObject({
      message: help.REPLY_SENT,
      request: { status: 'Awaiting Response', status_label: 'Awaiting Response' },
      sent: { user_id: 3, first: 'Marquee', last: 'Support', from_support: true },
    });
    expect(answer.body.sent.staff_name).toMatch(/^Test Member /);

    // The member reads "Awaiting Your Response" (spec 3 §4); the reply is the support team's, unnamed.
    const mine = await t.call(help.fetchRequestThread, { thread_id: id }, m.token);
    expect(mine.body.request).toMatchObject({
      status: 'Awaiting Response',
      status_label: 'Awaiting Your Response',
    });
    expect(mine.body.messages[1]).toMatchObject({ first: 'Marquee', last: 'Support', from_support: true });
    expect(mine.body.messages[1]).not.toHaveProperty('staff_name');
    const open = (await t.call(help.fetchOpenRequests, {}, m.token)).body.openRequests;
    expect(open[0]?.status_label).toBe('Awaiting Your Response');
  });

  it("the member's reply makes it Pending again", async () => {
    const m = await buildMember(t.db, t.clock);
    const admin = await staff(t);
    const id = await openRequest(t, m);
    await reply(t, admin.token, id, 'Which listing is it?');
    const answer = await reply(t, m.token, id, 'The IMDb one, thanks!');
    expect(answer.statusCode).toBe(200);
    expect(answer.body.request.status).toBe('Pending');
    expect(answer.body.sent).toMatchObject({ user_id: m.id, from_support: false });
  });

  it("the member's reply reopens a closed request; a staff reply to a closed one awaits the member", async () => {
    const m = await buildMember(t.db, t.clock);
    const admin = await staff(t);
    const id = await openRequest(t, m);
    await t.call(help.updateHelpStatus, { thread_id: id, status: 'Closed' }, admin.token);
    await reply(t, m.token, id, 'Sorry, it happened again.');
    expect((await statusOf(m.token, id)).status).toBe('Pending');
    await t.call(help.closeHelpRequest, { thread_id: id }, m.token);
    await reply(t, admin.token, id, 'One more note for you.');
    expect((await statusOf(m.token, id)).status).toBe('Awaiting Response');
  });

  it('an admin replying on their own request writes as a member (H5)', async () => {
    const admin = await staff(t);
    const id = await openRequest(t, admin);
    const answer = await reply(t, admin.token, id, 'Adding a detail.');
    expect(answer.body.sent).toMatchObject({ user_id: admin.id, from_support: false });
    expect(answer.body.request.status).toBe('Pending');
  });
});

describe('help/postHelpComment: the alert and the mail (D8.2, D12.4)', () => {
  it('a staff reply alerts and mails the member, with the link to the request', async () => {
    const m = await buildMember(t.db, t.clock);
    const admin = await staff(t);
    const id = await openRequest(t, m, 'Payment question');
    await reply(t, admin.token, id, 'Your payment went through on March 9.');
    const [alert] = await alertsOf(t, m.id);
    expect(alert).toMatchObject({
      kind: 'help reply',
      link: `/help/${id}`,
      content: 'Marquee Support replied to your help request: Payment question',
    });
    const [mail] = await mailsTo(t, m.email);
    expect(mail?.subject).toBe('Marquee Support replied: Payment question');
    expect(mail?.text).toContain('Your payment went through on March 9.');
    expect(mail?.text).toContain(`http://marquee.test/help/${id}`);
  });

  it("a member's own reply alerts and mails nobody", async () => {
    const m = await buildMember(t.db, t.clock);
    const id = await openRequest(t, m);
    await reply(t, m.token, id, 'Another detail.');
    expect(await alertsOf(t, m.id)).toEqual([]);
    expect(await mailsTo(t, m.email)).toEqual([]);
  });

  it('honours the email settings: no mail with help replies (or all mail) switched off, the alert still comes', async () => {
    for (const field of ['help', 'all']) {
      const m = await buildMember(t.db, t.clock);
      const admin = await staff(t);
      await t.call(account.updateEmailSetting, { field, value: 'no' }, m.token);
      const id = await openRequest(t, m);
      await reply(t, admin.token, id, 'Answered.');
      expect(await mailsTo(t, m.email), field).toEqual([]);
      expect(await alertsOf(t, m.id), field).toHaveLength(1);
    }
  });
});

describe('help/postHelpComment: who and what (spec 3 §5)', () => {
  it('refuses replies under 2 or over 2,000 characters, and changes nothing', async () => {
    const m = await buildMember(t.db, t.clock);
    const id = await openRequest(t, m);
    for (const comment of ['x', '  y  ', '', 'z'.repeat(2001)]) {
      const answer = await reply(t, m.token, id, comment);
      expect(answer.statusCode, comment.slice(0, 5)).toBe(400);
      expect(answer.body.message).toBe(help.COMMENT_LENGTH_ERROR);
    }
    expect(await reply(t, m.token, id, 'ok')).toMatchObject({ statusCode: 200 });
    expect(await reply(t, m.token, id, 'w'.repeat(2000))).toMatchObject({ statusCode: 200 });
    const thread = await t.call(help.fetchRequestThread, { thread_id: id }, m.token);
    expect(thread.body.messages).toHaveLength(3);
  });

  it("does not let another member reply to someone's request", async () => {
    const m = await buildMember(t.db, t.clock);
    const other = await buildMember(t.db, t.clock);
    const id = await openRequest(t, m);
    const answer = await reply(t, other.token, id, 'Let me in');
    expect(answer.statusCode).toBe(404);
    expect(answer.body.message).toBe(help.NO_SUCH_REQUEST);
    expect((await t.call(help.fetchRequestThread, { thread_id: id }, m.token)).body.messages).toHaveLength(1);
  });

  it('takes the request from the query string, as the spec writes it (postHelpComment?thread)', async () => {
    const m = await buildMember(t.db, t.clock);
    const id = await openRequest(t, m);
    const res = await t.app.inject({
      method: 'POST',
      url: `${operationUrl(help.postHelpComment)}?thread=${id}`,
      payload: { comment: 'Sent the old way' },
      headers: { authorization: `Bearer ${m.token}` },
    });
    expect(res.statusCode).toBe(200);
    const missing = await t.app.inject({
      method: 'POST',
      url: operationUrl(help.postHelpComment),
      payload: { comment: 'No request named' },
      headers: { authorization: `Bearer ${m.token}` },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please give a valid help request.');
  });

  it('answers logged_out to a visitor', async () => {
    const answer = await t.call(help.postHelpComment, { thread: 1, comment: 'Hello' });
    expect(answer.statusCode).toBe(401);
  });

  it('slows a member down after 10 replies in a minute (H6)', async () => {
    const m = await buildMember(t.db, t.clock);
    const id = await openRequest(t, m);
    for (let i = 0; i < 10; i++) expect((await reply(t, m.token, id, `Reply ${i}`)).statusCode).toBe(200);
    const eleventh = await reply(t, m.token, id, 'Reply 11');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.body.message).toMatch(/^You are replying very quickly\. Please wait \d+ seconds?/);
  });
});

describe('help/postHelpComment: media only for the support account (spec 3 §5, D12.4)', () => {
  const url = operationUrl(help.postHelpComment);
  const withPicture = async (token: string, id: number) =>
    postMultipart(
      t.app,
      url,
      [
        { name: 'thread', value: String(id) },
        { name: 'comment', value: 'Here is where to click.' },
        { name: 'hasFile', value: 'yes' },
        { name: 'myFile', value: await testPicture('png'), filename: 'where.png', type: 'image/png' },
      ],
      token,
    );

  it('a staff reply carries a picture, served with the message', async () => {
    const m = await buildMember(t.db, t.clock);
    const admin = await staff(t);
    const id = await openRequest(t, m);
    const answer = await withPicture(admin.token, id);
    expect(answer.statusCode, String(answer.body.message)).toBe(200);
    const thread = await t.call(help.fetchRequestThread, { thread_id: id }, m.token);
    const image = thread.body.messages[1]?.image ?? '';
    expect(image).toMatch(/^\/media\//);
    expect((await t.app.inject({ method: 'GET', url: image })).statusCode).toBe(200);
  });

  it("refuses a member's picture and writes nothing", async () => {
    const m = await buildMember(t.db, t.clock);
    const id = await openRequest(t, m);
    const answer = await withPicture(m.token, id);
    expect(answer.statusCode).toBe(403);
    expect(answer.body.message).toBe(help.MEDIA_SUPPORT_ONLY);
    const asked = await reply(t, m.token, id, 'no picture');
    expect(asked.statusCode).toBe(200);
    const flagged = await t.call(
      help.postHelpComment,
      { thread: id, comment: 'flag only', hasFile: 'yes' },
      m.token,
    );
    expect(flagged.statusCode).toBe(403);
    expect((await t.call(help.fetchRequestThread, { thread_id: id }, m.token)).body.messages).toHaveLength(2);
  });

  it('asks staff for the picture when hasFile says yes but none came', async () => {
    const m = await buildMember(t.db, t.clock);
    const admin = await staff(t);
    const id = await openRequest(t, m);
    const answer = await t.call(
      help.postHelpComment,
      { thread: id, comment: 'See attached', hasFile: 'yes' },
      admin.token,
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.body.message).toBe('Please choose a picture to upload.');
  });
});
