import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../members/members.tables.js';

/** Direct messages between two members (spec 2 §3). */
export const messages = pgTable(
  'messages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    senderId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('messages_pair_idx').on(t.senderId, t.recipientId, t.id),
    // The posting rate limit counts a sender's recent messages across all conversations.
    index('messages_sender_recent_idx').on(t.senderId, t.createdAt),
  ],
);

/** One row per member per conversation, so that recent threads and unread counts are one indexed read. */
export const messageThreads = pgTable(
  'message_threads',
  {
    ownerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    otherId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageId: integer()
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    lastAt: timestamp({ withTimezone: true }).notNull(),
    unread: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.ownerId, t.otherId] }),
    index('message_threads_recent_idx').on(t.ownerId, t.lastAt),
    // The badge counts unread conversations: read without the member's read ones.
    index('message_threads_unread_idx')
      .on(t.ownerId)
      .where(sql`${t.unread}`),
  ],
);
