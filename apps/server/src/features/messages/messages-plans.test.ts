import { describe, expect, it } from 'vitest';
import { messages } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember } from '../../../test/factories.js';
import { planOf } from '../../../test/plans.js';
import { latestAlerts, unseenAlertCountQuery } from '../alerts/alerts.repo.js';
import {
  conversationPageQuery,
  correspondentQuery,
  recentThreads,
  unreadThreadCountQuery,
} from './messages.repo.js';

const t = useTestApp();

/** Every read of messages and alerts starts from an index on the member asked about, never a table scan. */
describe('messages and alerts read through indexes', () => {
  it('each query of the feature', async () => {
    const me = await buildMember(t.db, t.clock, { membership: 'premium' });
    const them = await buildMember(t.db, t.clock, { membership: 'premium' });
    await t.call(messages.postMessage, { to_id: them.id, message: 'Hello' }, me.token);
    const queries = {
      'conversation page': conversationPageQuery(me.id, them.id, 31, undefined),
      'older page': conversationPageQuery(me.id, them.id, 31, 1_000_000),
      correspondent: correspondentQuery(t.db, me.id, them.id),
      'recent threads': recentThreads(t.db, me.id, 6),
      'unread count': unreadThreadCountQuery(t.db, me.id),
      'unseen alerts': unseenAlertCountQuery(t.db, me.id),
      'alert list': latestAlerts(t.db, me.id),
    };
    for (const [what, query] of Object.entries(queries)) {
      const plan = await planOf(t.db, query);
      expect(plan, `${what}:\n${plan}`).not.toMatch(
        /Seq Scan on (messages|message_threads|alerts|blocks|users)/,
      );
    }
    const page = await planOf(t.db, queries['conversation page']);
    expect(page.match(/messages_pair_idx/g)).toHaveLength(2);
  });
});
