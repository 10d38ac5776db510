import { and, eq } from 'drizzle-orm';
import { messages } from '@marquee/contract';
import type { TestApp } from '../../../test/test-app.js';
import { buildMember, type BuiltMember } from '../../../test/factories.js';
import { blocks } from '../members/members.tables.js';
import { messageThreads, messages as messageRows } from './messages.tables.js';

/** The members, messages, conversation rows and blocks the messages tests build on. */
export function messageHelpers(t: TestApp) {
  const premium = () => buildMember(t.db, t.clock, { membership: 'premium' });
  const free = () => buildMember(t.db, t.clock, { membership: 'free' });

  async function post(from: BuiltMember, to: { id: number }, message: string) {
    return t.call(messages.postMessage, { to_id: to.id, message }, from.token);
  }

  async function threadRow(ownerId: number, otherId: number) {
    const [row] = await t.db
      .select()
      .from(messageThreads)
      .where(and(eq(messageThreads.ownerId, ownerId), eq(messageThreads.otherId, otherId)));
    return row;
  }

  async function messagesBetween(a: number, b: number) {
    return t.db
      .select()
      .from(messageRows)
      .where(and(eq(messageRows.senderId, a), eq(messageRows.recipientId, b)));
  }

  const block = (blockerId: number, blockedId: number) =>
    t.db.insert(blocks).values({ blockerId, blockedId, createdAt: t.clock.now() });
  return { premium, free, post, threadRow, messagesBetween, block };
}
