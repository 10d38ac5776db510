import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { help } from '@marquee/contract';
import { useTestApp } from '../../test/test-app.js';
import { buildMember } from '../../test/factories.js';
import { rowsOf } from '../platform/db/database.js';
import { seedLargeHelp } from './seed-large-help.js';

const t = useTestApp({ ownDatabase: true });

describe('the large data set of the help desk (seed-large-help.ts)', () => {
  it('seeds requests whose status is the one their messages and changes lead to, once', async () => {
    const admin = await buildMember(t.db, t.clock, { role: 'admin' });
    for (let i = 0; i < 5; i++) await buildMember(t.db, t.clock);
    const report = await seedLargeHelp(t.db, { requests: 300, chats: 4 });
    expect(report?.requests).toBe(300);
    expect(report?.messages).toBeGreaterThanOrEqual(300);
    expect(report?.chatMessages).toBeGreaterThan(0);
    expect(await seedLargeHelp(t.db, { requests: 300, chats: 4 })).toBeNull();

    // H4: the latest change names the status; Pending ends on the member, Awaiting Response on support.
    const wrong = await rowsOf<{ id: number }>(
      t.db,
      sql`select r.id from help_requests r
          where r.status <> (select to_status from help_status_changes c where c.request_id = r.id
                             order by c.id desc limit 1)
             or (r.status = 'Pending') <> (select author_id <> 3 from help_messages m where m.request_id = r.id
                                          order by m.id desc limit 1) and r.status <> 'Closed'`,
    );
    expect(wrong).toEqual([]);

    const desk = await t.call(help.fetchHelpRequests, { filter: 'all' }, admin.token);
    const { Pending, Closed } = desk.body.counts;
    expect(Pending + desk.body.counts['Awaiting Response'] + Closed).toBe(300);
    expect(Closed).toBeGreaterThan(Pending);
    const one = desk.body.requests[0] as help.AdminHelpRequest;
    const thread = await t.call(help.fetchRequestThread, { thread_id: one.id }, admin.token);
    expect(thread.statusCode).toBe(200);
    // New requests get ids after the seeded ones.
    const m = await buildMember(t.db, t.clock);
    const opened = await t.call(
      help.submitHelpRequest,
      { subject: 'After the seed', content: 'A new one' },
      m.token,
    );
    expect(opened.body.thread_id).toBeGreaterThan(300);
    expect((await t.call(help.fetchChats, {}, admin.token)).body.chats.length).toBeGreaterThan(0);
  });
});
