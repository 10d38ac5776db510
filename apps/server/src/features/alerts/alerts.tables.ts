import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../members/members.tables.js';

/** Alerts for a member, each with the link to the thing it is about (D8.2). */
export const alerts = pgTable(
  'alerts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    content: text().notNull(),
    link: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    seenAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('alerts_user_idx').on(t.userId, t.id)],
);
