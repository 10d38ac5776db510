import { describe, expect, it } from 'vitest';
import { help } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember } from '../../../test/factories.js';
import { HOUR_MS } from '../../platform/time.js';
import { statusChangesOf } from './help.repo.js';
import { openRequest, reply, staff } from './help.test-support.js';

// A database of this file's own, so the staff list holds only the requests made here.
const t = useTestApp({ ownDatabase: true });

describe('admin/updateHelpStatus (spec 3 §4, §7; D13.1)', () => {
  it.each(help.HELP_STATUSES)('staff set %s, recorded with who and when', async (status) => {
    const m = await buildMember(t.db, t.clock);
    const admin = await staff(t);
    const id = await openRequest(t, m);
    if (status === 'Pending') await reply(t, admin.token, id, 'Answered first.');
    const answer = await t.call(help.updateHelpStatus, { thread_id: id, status }, admin.token);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toMatchObject({ status: 'success', message: `The request is now ${status}.` });
    expect(answer.body.request.status).toBe(status);
    const changes = await statusChangesOf(t.db, id);
    expect(changes.at(-1)).toMatchObject({ changedBy: admin.id, toStatus: status, reason: 'staff set' });
    const mine = await t.call(help.fetchRequestThread, { thread_id: id }, m.token);
    expect(mine.body.request.status).toBe(status);
  });

  it('answers not_admin to a member, even the one who opened it, and changes nothing (D2.2)', async () => {
    const m = await buildMember(t.db, t.clock);
    const id = await openRequest(t, m);
    const answer = await t.call(help.updateHelpStatus, { thread_id: id, status: 'Closed' }, m.token);
    expect(answer.statusCode).toBe(403);
    expect(answer.body.extra).toBe('not_admin');
    expect((await t.call(help.fetchRequestThread, { thread_id: id }, m.token)).body.request.status).toBe(
      'Pending',
    );
  });

  it('answers logged_out to a visitor, and no such request for an unknown id', async () => {
    const admin = await staff(t);
    expect((await t.call(help.updateHelpStatus, { thread_id: 1, status: 'Closed' })).statusCode).toBe(401);
    const unknown = await t.call(
      help.updateHelpStatus,
      { thread_id: 2_000_000_000, status: 'Closed' },
      admin.token,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body.message).toBe(help.NO_SUCH_REQUEST);
  });

  it('refuses a status the selector does not offer', async () => {
    const m = await buildMember(t.db, t.clock);
    const admin = await staff(t);
    const id = await openRequest(t, m);
    for (const status of ['Open', 'Awaiting Your Response', '', 'closed']) {
      const answer = await t.call(help.updateHelpStatus, { thread_id: id, status }, admin.token);
      expect(answer.statusCode).toBe(400);
      expect(answer.body.message).toBe('Please choose Pending, Awaiting Response or Closed.');
    }
  });
});

describe('admin/fetchHelpRequests (spec 4 §7, H8)', () => {
  it('lists one status at a time with the counts, Pending longest-waiting first with overdue marked', async () => {
    const before = (await t.call(help.fetchHelpRequests, {}, (await staff(t)).token)).body.counts;
    const a = await buildMember(t.db, t.clock);
    const b = await buildMember(t.db, t.clock);
    const old = await openRequest(t, a, 'Waiting since yesterday');
    t.clock.advance(25 * HOUR_MS);
    // A day on, the desk is opened by an admin signed in today (admin sessions idle out after 8 hours, AD8).
    const admin = await staff(t);
    const fresh = await openRequest(t, b, 'Just asked');
    const answered = await openRequest(t, b, 'Answered one');
    await reply(t, admin.token, answered, 'Done.');
    const closed = await openRequest(t, a, 'Closed one');
    await t.call(help.closeHelpRequest, { thread_id: closed }, a.token);

    const pending = await t.call(help.fetchHelpRequests, {}, admin.token);
    expect(pending.statusCode).toBe(200);
    expect(pending.body.counts).toEqual({
      Pending: before.Pending + 2,
      'Awaiting Response': before['Awaiting Response'] + 1,
      Closed: before.Closed + 1,
    });
    const ours = (list: help.AdminHelpRequest[]) =>
      list.filter((r) => [old, fresh, answered, closed].includes(r.id));
    expect(ours(pending.body.requests).map((r) => r.id)).toEqual([old, fresh]);
    expect(ours(pending.body.requests)[0]).toMatchObject({
      subject: 'Waiting since yesterday',
      user_id: a.id,
      first: 'Test',
      status: 'Pending',
      ago: '1 day ago',
      overdue: true,
    });
    expect(ours(pending.body.requests)[1]?.overdue).toBe(false);
    expect(pending.body).toMatchObject({ page: 0, pageCount: 1 });

    const awaiting = await t.call(help.fetchHelpRequests, { filter: 'Awaiting Response' }, admin.token);
    expect(awaiting.body.requests[0]?.id).toBe(answered);
    expect(ours(awaiting.body.requests).map((r) => r.id)).toEqual([answered]);
    const done = await t.call(help.fetchHelpRequests, { filter: 'Closed' }, admin.token);
    expect(done.body.requests[0]?.id).toBe(closed);
    expect(ours(done.body.requests).map((r) => r.id)).toEqual([closed]);
    const all = await t.call(help.fetchHelpRequests, { filter: 'all' }, admin.token);
    expect(ours(all.body.requests).map((r) => r.id)).toEqual([closed, answered, fresh, old]);
  });

  it('pages 25 at a time', async () => {
    const admin = await staff(t);
    const before = (await t.call(help.fetchHelpRequests, { filter: 'all' }, admin.token)).body.counts;
    const total = before.Pending + before['Awaiting Response'] + before.Closed;
    const members = await Promise.all(Array.from({ length: 6 }, () => buildMember(t.db, t.clock)));
    for (const m of members) for (let i = 0; i < 5; i++) await openRequest(t, m);
    const pages = Math.ceil((total + 30) / 25);
    const last = await t.call(help.fetchHelpRequests, { filter: 'all', page: pages - 1 }, admin.token);
    expect(last.body.pageCount).toBe(pages);
    expect(last.body.requests).toHaveLength((total + 30) % 25 || 25);
    const beyond = await t.call(help.fetchHelpRequests, { filter: 'all', page: pages }, admin.token);
    expect(beyond.body.requests).toEqual([]);
  });

  it('answers not_admin to members and logged_out to visitors', async () => {
    const m = await buildMember(t.db, t.clock, { membership: 'pro' });
    const answer = await t.call(help.fetchHelpRequests, {}, m.token);
    expect(answer.statusCode).toBe(403);
    expect(answer.body.extra).toBe('not_admin');
    expect((await t.call(help.fetchHelpRequests, {})).statusCode).toBe(401);
  });

  it('refuses an unknown filter or page', async () => {
    const admin = await staff(t);
    const filter = await t.call(help.fetchHelpRequests, { filter: 'open' }, admin.token);
    expect(filter.statusCode).toBe(400);
    expect(filter.body.message).toBe('Please choose Pending, Awaiting Response, Closed or all.');
    const page = await t.call(help.fetchHelpRequests, { page: -1 }, admin.token);
    expect(page.body.message).toBe('Please give a valid page.');
  });
});
