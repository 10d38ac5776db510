import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../members/members.tables.js';

/** Recurring memberships (premium, pro, managed). A cancelled one serves until currentPeriodEnd (spec 4 §4). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'premium', 'pro' or 'managed'. */
    level: text().notNull(),
    /** 'test', 'stripe', 'paypal' or 'admin'. */
    provider: text().notNull(),
    providerRef: text(),
    /** 'active', 'cancelled' or 'ended'. */
    status: text().notNull(),
    currentPeriodEnd: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId, t.level)],
);
