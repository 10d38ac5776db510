import { describe, expect, it } from 'vitest';
import { help } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember } from '../../../test/factories.js';
import { statusChangesOf } from './help.repo.js';
import { openRequest, staff } from './help.test-support.js';

const t = useTestApp();

/**
 * H4: replies and status changes of one request arriving at once are taken one after another (the
 * request's row is locked), so the request's status is always the one its latest change set, and
 * every reply and change is kept. Meaningful on PostgreSQL, where the calls really overlap
 * (TEST_DB=postgres); on PGlite they queue on its one connection.
 */
describe('simultaneous replies and status changes (H4)', () => {
  it('leave the status the latest change set, with every message and change recorded', async () => {
    const m = await buildMember(t.db, t.clock);
    const admins = await Promise.all([staff(t), staff(t), staff(t)]);
    for (let round = 0; round < 3; round++) {
      const id = await openRequest(t, m, `Race ${round}`);
      const calls = [
        ...admins.map((a, i) => t.call(help.postHelpComment, { thread: id, comment: `Staff ${i}` }, a.token)),
        ...[0, 1, 2].map((i) =>
          t.call(help.postHelpComment, { thread: id, comment: `Member ${i}` }, m.token),
        ),
        t.call(help.updateHelpStatus, { thread_id: id, status: 'Closed' }, admins[0]?.token),
        t.call(help.updateHelpStatus, { thread_id: id, status: 'Pending' }, admins[1]?.token),
        t.call(help.closeHelpRequest, { thread_id: id }, m.token),
        t.call(help.updateHelpStatus, { thread_id: id, status: 'Awaiting Response' }, admins[2]?.token),
      ];
      const answers = await Promise.all(calls);
      expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));

      const thread = await t.call(help.fetchRequestThread, { thread_id: id }, m.token);
      expect(thread.body.messages).toHaveLength(1 + 6);
      const changes = await statusChangesOf(t.db, id);
      // Each change starts from the status the one before it left: none was lost or interleaved.
      for (let i = 1; i < changes.length; i++) {
        expect(changes[i]?.fromStatus, `change ${i} of round ${round}`).toBe(changes[i - 1]?.toStatus);
      }
      expect(thread.body.request.status).toBe(changes.at(-1)?.toStatus);
      // The last message decides when no status change came after it (D12.4).
      const lastMessage = thread.body.messages.at(-1);
      const lastSetting = changes.at(-1);
      if (lastSetting?.reason.endsWith('reply')) {
        expect(thread.body.request.status).toBe(lastMessage?.from_support ? 'Awaiting Response' : 'Pending');
      }
    }
  });
});
