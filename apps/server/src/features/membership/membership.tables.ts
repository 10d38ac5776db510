import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    /** Months in each billing period. */
    months: integer().notNull().default(1),
    amountPennies: integer().notNull().default(0),
    /** Managed Rank: the tier (spec 4 §9 selection 3, 2 or 1); null for other levels. */
    tier: integer(),
    currentPeriodEnd: timestamp({ withTimezone: true }).notNull(),
    /** The provider's time of the last event applied: an older event arriving late cannot undo a newer one. */
    lastEventAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId, t.level),
    uniqueIndex('subscriptions_provider_ref_idx')
      .on(t.provider, t.providerRef)
      .where(sql`${t.providerRef} is not null`),
  ],
);
