import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../members/members.tables.js';
import { subscriptions } from '../membership/membership.tables.js';
import { listings } from '../listings/listings.tables.js';
import { specials } from '../sponsored/sponsored.tables.js';

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
    /** 'test', 'stripe' or 'paypal'; 'house' for the pro bonus's sponsored views, which no one pays for (docs/domain.md). */
    provider: text().notNull(),
    /**
     * 'membership' (paid once), 'subscription' (its first period), 'managed' (a Managed Rank
     * subscription's first month, MR4) or 'sponsored' (sponsored activity).
     */
    kind: text().notNull(),
    /** Memberships: 'premium' or 'pro'; 'managed' for Managed Rank. */
    level: text(),
    /** Memberships: the months bought (0 for sponsored activity). */
    months: integer().notNull(),
    /**
     * Sponsored activity: the listing, the number of actions bought, and the special it was bought on.
     * Managed Rank: `quantity` is the invitation (managed_invitations.id) the checkout was started
     * with, which gives the tier and which the verified payment uses up (MR4).
     */
    listingId: integer().references(() => listings.id, { onDelete: 'set null' }),
    quantity: integer(),
    specialId: integer().references(() => specials.id),
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
    // sv_max (D6.4): the sponsored IMDb actions sold in the last 24 hours.
    index('purchases_sponsored_idx')
      .on(t.paidAt)
      .where(sql`${t.kind} = 'sponsored'`),
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
    /** The money it moved, in pennies: what a granted payment brought in, less for a refund; 0 otherwise (AD4). */
    amountPennies: integer().notNull().default(0),
    /** What a granted payment sold: 'premium', 'pro', 'managed' or 'sponsored' (the overview's sales today, AD4). */
    sold: text(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.eventId] }),
    index('payment_events_user_idx').on(t.userId),
    // The overview's income and sales (AD4): only the events that moved money.
    index('payment_events_money_idx')
      .on(t.receivedAt)
      .where(sql`${t.amountPennies} <> 0`),
  ],
);
