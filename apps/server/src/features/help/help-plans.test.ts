import { describe, expect, it } from 'vitest';
import { help } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember } from '../../../test/factories.js';
import { planOf } from '../../../test/plans.js';
import {
  adminRequestsQuery,
  faqsQuery,
  memberRequestsQuery,
  messagesQuery,
  requestQuery,
  statusCountsQuery,
} from './help.repo.js';
import { chatAfterQuery, chatListQuery, chatMemberQuery, latestChatQuery } from './chat.repo.js';
import { openRequest } from './help.test-support.js';

const t = useTestApp();

/** Every page query of the help center, the staff desk and the chat reads through an index, never a whole table. */
describe('help reads through indexes', () => {
  it('each query of the feature', async () => {
    const m = await buildMember(t.db, t.clock);
    const id = await openRequest(t, m);
    await t.call(help.postChat, { message: 'Hello' }, m.token);
    const queries = {
      request: requestQuery(t.db, id),
      messages: messagesQuery(t.db, id, 500),
      'open requests': memberRequestsQuery(t.db, m.id, false, 100),
      'closed requests': memberRequestsQuery(t.db, m.id, true, 100),
      'staff: Pending': adminRequestsQuery(t.db, 'Pending', 0, 25),
      'staff: Awaiting Response': adminRequestsQuery(t.db, 'Awaiting Response', 50, 25),
      'staff: Closed': adminRequestsQuery(t.db, 'Closed', 0, 25),
      'staff: all': adminRequestsQuery(t.db, 'all', 25, 25),
      'status counts': statusCountsQuery(t.db),
      faqs: faqsQuery(t.db),
      'chat: latest': latestChatQuery(t.db, m.id, 50),
      'chat: poll': chatAfterQuery(t.db, m.id, 10, 200),
      'chat: staff list': chatListQuery(t.db, 50),
      'chat: member': chatMemberQuery(t.db, m.id),
    };
    for (const [what, query] of Object.entries(queries)) {
      const plan = await planOf(t.db, query);
      expect(plan, `${what}:\n${plan}`).not.toMatch(
        /Seq Scan on (help_requests|help_messages|faqs|chat_messages|chat_conversations|users)/,
      );
    }
    expect(await planOf(t.db, queries.messages)).toMatch(/help_messages_request_idx/);
    expect(await planOf(t.db, queries['open requests'])).toMatch(/help_requests_user_idx/);
    expect(await planOf(t.db, queries['staff: Pending'])).toMatch(/help_requests_status_idx/);
    expect(await planOf(t.db, queries['staff: all'])).toMatch(/help_requests_updated_idx/);
    expect(await planOf(t.db, queries['chat: poll'])).toMatch(/chat_messages_member_idx/);
    expect(await planOf(t.db, queries['chat: staff list'])).toMatch(/chat_conversations_recent_idx/);
  });
});
