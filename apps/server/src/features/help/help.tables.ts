import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../members/members.tables.js';

/** A help request: a thread between a member and the support team (spec 3 §3, D12.4). */
export const helpRequests = pgTable(
  'help_requests',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The member who opened it; erasing the member erases it (D2.5). */
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text().notNull(),
    /** 'Pending', 'Awaiting Response' or 'Closed' (D12.4). */
    status: text().notNull().default('Pending'),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** The last message or status change. */
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    check('help_requests_status_check', sql`${t.status} in ('Pending', 'Awaiting Response', 'Closed')`),
    // The member's open and closed lists, newest first.
    index('help_requests_user_idx').on(t.userId, t.updatedAt),
    // The staff desk: one status, by when it was last updated.
    index('help_requests_status_idx').on(t.status, t.updatedAt, t.id),
    // The staff desk's "all" filter.
    index('help_requests_updated_idx').on(t.updatedAt, t.id),
  ],
);

/**
 * A message of a request (spec 3 §3): the member's, or the support team's, posted as the support
 * account (D2.1) with the admin who wrote it kept beside it (H5).
 */
export const helpMessages = pgTable(
  'help_messages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    requestId: integer()
      .notNull()
      .references(() => helpRequests.id, { onDelete: 'cascade' }),
    /** The member, or the support account for staff replies. */
    authorId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The admin who wrote a support reply; null for the member's own messages. */
    staffId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** As typed; shown links-only (D8.1). */
    body: text().notNull(),
    /** A picture of the support team's (the image's stored name), or null (D12.4). */
    image: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('help_messages_request_idx').on(t.requestId, t.id),
    // Erasing an admin (D2.5) clears their name from the replies they wrote.
    index('help_messages_staff_idx')
      .on(t.staffId)
      .where(sql`${t.staffId} is not null`),
  ],
);

/**
 * Every change of a request's status, with who made it and why (D13.1 for staff changes; H4). The
 * newest row of a request always names its current status.
 */
export const helpStatusChanges = pgTable(
  'help_status_changes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    requestId: integer()
      .notNull()
      .references(() => helpRequests.id, { onDelete: 'cascade' }),
    /** The member or admin; null once that account is erased. */
    changedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    fromStatus: text(),
    toStatus: text().notNull(),
    /** 'opened', 'member reply', 'staff reply', 'member closed' or 'staff set'. */
    reason: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('help_status_changes_request_idx').on(t.requestId, t.id),
    index('help_status_changes_by_idx')
      .on(t.changedBy)
      .where(sql`${t.changedBy} is not null`),
  ],
);

/** The FAQs of the help center: operator content, in the order shown (H7). */
export const faqs = pgTable(
  'faqs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    position: integer().notNull(),
    question: text().notNull(),
    answer: text().notNull(),
  },
  (t) => [uniqueIndex('faqs_position_idx').on(t.position)],
);

/** A message of a member's live chat with the support team (spec 3 §1, H10). */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The member whose chat it is. */
    memberId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Written by the support team. */
    fromSupport: boolean().notNull(),
    /** The admin who answered; null for the member's own messages, or once that admin is erased. */
    staffId: integer().references(() => users.id, { onDelete: 'set null' }),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('chat_messages_member_idx').on(t.memberId, t.id),
    index('chat_messages_staff_idx')
      .on(t.staffId)
      .where(sql`${t.staffId} is not null`),
  ],
);

/** One row per member's chat, so the staff desk lists chats with one indexed read. */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    memberId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageId: integer()
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    lastAt: timestamp({ withTimezone: true }).notNull(),
    /** The member wrote last: the chat waits for the support team. */
    waiting: boolean().notNull(),
  },
  (t) => [index('chat_conversations_recent_idx').on(t.lastAt)],
);
