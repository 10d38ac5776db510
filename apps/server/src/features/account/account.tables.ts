import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../members/members.tables.js';

/**
 * A member's choice for one kind of optional mail (spec 3 §3 "Email setting"); a kind with no row
 * is on. The 'all' row switches every optional mail off or on at once.
 */
export const emailSettings = pgTable(
  'email_settings',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    enabled: boolean().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.name] })],
);

/** The emails of deleted accounts, hashed, so that they cannot register again (D2.5). */
export const deletedEmails = pgTable('deleted_emails', {
  emailHash: text().primaryKey(),
  deletedAt: timestamp({ withTimezone: true }).notNull(),
});
