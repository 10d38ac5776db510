import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { users } from '../members/members.tables.js';
import { chatConversations, chatMessages } from './help.tables.js';

export interface ChatRow {
  id: number;
  fromSupport: boolean;
  staffFirst: string | null;
  staffLast: string | null;
  body: string;
  createdAt: Date;
}

const chatColumns = {
  id: chatMessages.id,
  fromSupport: chatMessages.fromSupport,
  staffFirst: users.first,
  staffLast: users.last,
  body: chatMessages.body,
  createdAt: chatMessages.createdAt,
};

/** The newest `limit` messages of a member's chat, newest first (chat_messages_member_idx backwards). */
export function latestChatQuery(db: Db, memberId: number, limit: number) {
  return db
    .select(chatColumns)
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.staffId))
    .where(eq(chatMessages.memberId, memberId))
    .orderBy(desc(chatMessages.id))
    .limit(limit);
}

/** The messages of a member's chat after message `after`, oldest first: the panel's poll (H11). */
export function chatAfterQuery(db: Db, memberId: number, after: number, limit: number) {
  return db
    .select(chatColumns)
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.staffId))
    .where(and(eq(chatMessages.memberId, memberId), gt(chatMessages.id, after)))
    .orderBy(asc(chatMessages.id))
    .limit(limit);
}

/** Oldest first: the latest page, or what came after `after`. */
export async function chatMessagesOf(
  db: Db,
  memberId: number,
  after: number | undefined,
  limit: number,
): Promise<ChatRow[]> {
  if (after === undefined) return (await latestChatQuery(db, memberId, limit)).reverse();
  return chatAfterQuery(db, memberId, after, limit);
}

/** Writes a chat message and the chat's row for the staff list. Run inside a transaction. */
export async function insertChatMessage(
  tx: Db,
  m: { memberId: number; fromSupport: boolean; staffId: number | null; body: string; at: Date },
): Promise<number> {
  const [row] = await tx
    .insert(chatMessages)
    .values({
      memberId: m.memberId,
      fromSupport: m.fromSupport,
      staffId: m.staffId,
      body: m.body,
      createdAt: m.at,
    })
    .returning({ id: chatMessages.id });
  const id = (row as { id: number }).id;
  await tx
    .insert(chatConversations)
    .values({ memberId: m.memberId, lastMessageId: id, lastAt: m.at, waiting: !m.fromSupport })
    .onConflictDoUpdate({
      target: chatConversations.memberId,
      set: {
        lastMessageId: sql`excluded.last_message_id`,
        lastAt: sql`excluded.last_at`,
        waiting: sql`excluded.waiting`,
      },
    });
  return id;
}

/** The staff list of chats, latest first, along chat_conversations_recent_idx. */
export function chatListQuery(db: Db, limit: number) {
  return db
    .select({
      memberId: chatConversations.memberId,
      first: users.first,
      last: users.last,
      lastAt: chatConversations.lastAt,
      waiting: chatConversations.waiting,
      body: chatMessages.body,
    })
    .from(chatConversations)
    .innerJoin(users, eq(users.id, chatConversations.memberId))
    .innerJoin(chatMessages, eq(chatMessages.id, chatConversations.lastMessageId))
    .orderBy(desc(chatConversations.lastAt))
    .limit(limit);
}

/** The member a chat is with (primary key). */
export function chatMemberQuery(db: Db, memberId: number) {
  return db
    .select({
      id: users.id,
      kind: users.kind,
      status: users.status,
      first: users.first,
      last: users.last,
      email: users.email,
    })
    .from(users)
    .where(eq(users.id, memberId))
    .limit(1);
}
