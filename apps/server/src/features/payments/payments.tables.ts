import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../members/members.tables.js';
import { subscriptions } from '../membership/membership.tables.js';

/**
 * Something a member started to pay for (D10): a membership paid once, or the first period of a
 * subscription. It is granted only when the provider's verified event says it was paid.
 */
export const purchases = pgTable(
  'purchases',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    /** 'test', 'stripe' or 'paypal'. */
    provider: text().notNull(),
    /** 'membership' (paid once) or 'subscription' (its first period). */
    kind: text().notNull(),
    /** 'premium' or 'pro'. */
    level: text().notNull(),
    months: integer().notNull(),
    amountPennies: integer().notNull(),
    /** 'pending', 'paid', 'refunded' or 'abandoned'. */
    status: text().notNull(),
    /** The provider's checkout, order or payment id. */
    providerRef: text(),
    subscriptionId: integer().references(() => subscriptions.id),
    /** The paid-through date before and after this purchase was granted: what a refund takes back (D2.3). */
    grantedFrom: timestamp({ withTimezone: true }),
    grantedUntil: timestamp({ withTimezone: true }),
    /** How many times the member's subscription check has looked for this purchase (spec 3 §4). */
    checks: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    paidAt: timestamp({ withTimezone: true }),
    refundedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('purchases_user_idx').on(t.userId, t.id),
    uniqueIndex('purchases_provider_ref_idx')
      .on(t.provider, t.providerRef)
      .where(sql`${t.providerRef} is not null`),
  ],
);

/** Every verified event of a payment provider, kept once per event id: a replay changes nothing (D10.1). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text().notNull(),
    eventId: text().notNull(),
    type: text().notNull(),
    /** When the provider says it happened. */
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull(),
    /** What applying it did, for support: 'granted', 'renewed', 'cancelled', 'refunded', 'ignored: …'. */
    outcome: text().notNull(),
    userId: integer(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] }), index('payment_events_user_idx').on(t.userId)],
);
