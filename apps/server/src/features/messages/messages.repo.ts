import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { users } from '../members/members.tables.js';
import { messageThreads, messages } from './messages.tables.js';

/** Conversations with an unread message, for the top bar's badge. */
export async function unreadThreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messageThreads)
    .where(and(eq(messageThreads.ownerId, userId), eq(messageThreads.unread, true)));
  return row?.n ?? 0;
}

/** The member's most recent conversations with the other member and the last message: one indexed read. */
export async function recentThreads(db: Db, userId: number, limit: number) {
  return db
    .select({
      otherId: messageThreads.otherId,
      otherFirst: users.first,
      otherLast: users.last,
      otherAvatar: users.defaultPic,
      lastAt: messageThreads.lastAt,
      unread: messageThreads.unread,
      body: messages.body,
    })
    .from(messageThreads)
    .innerJoin(users, eq(users.id, messageThreads.otherId))
    .innerJoin(messages, eq(messages.id, messageThreads.lastMessageId))
    .where(and(eq(messageThreads.ownerId, userId), eq(users.status, 'active')))
    .orderBy(desc(messageThreads.lastAt))
    .limit(limit);
}
