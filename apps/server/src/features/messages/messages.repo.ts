import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db/database.js';
import { users } from '../members/members.tables.js';
import { blockExists, notBlockedWith } from '../members/index.js';
import { messageThreads, messages } from './messages.tables.js';
import type { CorrespondentFacts } from './messages.policy.js';

/** Drizzle leaves column names unqualified in a select list, so the joined member is named explicitly. */
const otherMember = sql.raw('"users"."id"');

/** Conversations with an unread message from a member the reader can still see, for the top bar's badge. */
export async function unreadThreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await unreadThreadCountQuery(db, userId);
  return row?.n ?? 0;
}

export function unreadThreadCountQuery(db: Db, userId: number) {
  return db
    .select({ n: count() })
    .from(messageThreads)
    .innerJoin(users, eq(users.id, messageThreads.otherId))
    .where(
      and(
        eq(messageThreads.ownerId, userId),
        eq(messageThreads.unread, true),
        eq(users.status, 'active'),
        notBlockedWith(userId, otherMember),
      ),
    );
}

/** The member's most recent conversations with the other member and the last message: one indexed read. */
export function recentThreads(db: Db, userId: number, limit: number) {
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
    .where(
      and(
        eq(messageThreads.ownerId, userId),
        eq(users.status, 'active'),
        notBlockedWith(userId, otherMember),
      ),
    )
    .orderBy(desc(messageThreads.lastAt))
    .limit(limit);
}

export type Correspondent = CorrespondentFacts & {
  first: string;
  last: string;
  defaultPic: string | null;
};

/** The other member of a conversation with what the rules need: blocks each way and whether they wrote first. */
export async function correspondent(db: Db, me: number, otherId: number): Promise<Correspondent | null> {
  const [row] = await correspondentQuery(db, me, otherId);
  if (!row) return null;
  return row;
}

export function correspondentQuery(db: Db, me: number, otherId: number) {
  return db
    .select({
      id: users.id,
      kind: users.kind,
      status: users.status,
      first: users.first,
      last: users.last,
      defaultPic: users.defaultPic,
      blockedByMe: blockExists(me, otherMember).mapWith(Boolean),
      blockedMe: blockExists(otherMember, me).mapWith(Boolean),
      theyWrote: sql<boolean>`exists (select 1 from ${messages} m
        where m.sender_id = ${otherMember} and m.recipient_id = ${me})`.mapWith(Boolean),
    })
    .from(users)
    .where(eq(users.id, otherId))
    .limit(1);
}

export interface MessageRow {
  id: number;
  senderId: number;
  body: string;
  createdAt: Date;
}

/**
 * The newest `limit` messages between two members before message `before`, newest first: each
 * direction read backwards through messages_pair_idx and stopped at the limit, then merged.
 */
export async function conversationPage(
  db: Db,
  a: number,
  b: number,
  limit: number,
  before: number | undefined,
): Promise<MessageRow[]> {
  const rows = await rowsOf<{ id: number; sender_id: number; body: string; created_at: Date | string }>(
    db,
    conversationPageQuery(a, b, limit, before),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    senderId: Number(r.sender_id),
    body: r.body,
    createdAt: new Date(r.created_at),
  }));
}

export function conversationPageQuery(a: number, b: number, limit: number, before: number | undefined): SQL {
  const older = before === undefined ? sql`` : sql` and id < ${before}`;
  const side = (from: number, to: number) => sql`(select id, sender_id, body, created_at from ${messages}
      where sender_id = ${from} and recipient_id = ${to}${older} order by id desc limit ${limit})`;
  return sql`select * from (${side(a, b)} union all ${side(b, a)}) m order by id desc limit ${limit}`;
}

/** Writes one message and both members' conversation rows; the recipient's becomes unread. Run inside a transaction. */
export async function insertMessage(
  tx: Db,
  m: { senderId: number; recipientId: number; body: string; at: Date },
): Promise<number> {
  const [row] = await tx
    .insert(messages)
    .values({ senderId: m.senderId, recipientId: m.recipientId, body: m.body, createdAt: m.at })
    .returning({ id: messages.id });
  const lastMessageId = (row as { id: number }).id;
  await tx
    .insert(messageThreads)
    .values([
      { ownerId: m.senderId, otherId: m.recipientId, lastMessageId, lastAt: m.at, unread: false },
      { ownerId: m.recipientId, otherId: m.senderId, lastMessageId, lastAt: m.at, unread: true },
    ])
    .onConflictDoUpdate({
      target: [messageThreads.ownerId, messageThreads.otherId],
      set: {
        lastMessageId: sql`excluded.last_message_id`,
        lastAt: sql`excluded.last_at`,
        unread: sql`excluded.unread`,
      },
    });
  return lastMessageId;
}

/** The reader has seen the conversation: its row is no longer unread (primary key). */
export async function markThreadRead(db: Db, ownerId: number, otherId: number) {
  await db
    .update(messageThreads)
    .set({ unread: false })
    .where(
      and(
        eq(messageThreads.ownerId, ownerId),
        eq(messageThreads.otherId, otherId),
        eq(messageThreads.unread, true),
      ),
    );
}
