import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Mail kept for /dev/mail when no SMTP server is configured. */
export const outboxMails = pgTable(
  'outbox_mails',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('outbox_mails_created_idx').on(t.createdAt)],
);
