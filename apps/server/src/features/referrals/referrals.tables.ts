import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../members/members.tables.js';

/**
 * What a referrer earned when a member they referred paid (spec 3 §3 referral stats): referral
 * points and feature points, once per payment (`source` names it, so a replayed event adds nothing).
 */
export const referralRewards = pgTable(
  'referral_rewards',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    referrerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referralId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The payment it is for: 'purchase:{id}' or 'renewal:{provider}:{event id}'. */
    source: text().notNull(),
    refPoints: integer().notNull(),
    featurePoints: integer().notNull(),
    /**
     * 'pending' for the 14 days a payment may still be refunded, then 'released' into the
     * referrer's balances; 'withdrawn' when refunded while pending. Take-backs are 'released'.
     */
    status: text().notNull().default('released'),
    releasedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('referral_rewards_source_idx').on(t.source),
    index('referral_rewards_referrer_idx').on(t.referrerId, t.createdAt),
    // The rewards whose hold is over, found without reading the released ones.
    index('referral_rewards_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Membership days a member got by trading points (account/tradePoints) or referral points
 * (referrals/tradePoints): the "credits" of spec 3 §3 (level, days, date).
 */
export const membershipCredits = pgTable(
  'membership_credits',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'points' (account/tradePoints) or 'referral_points' (referrals/tradePoints). */
    paidWith: text().notNull(),
    level: text().notNull(),
    days: integer().notNull(),
    /** What the days cost, in points or referral points. */
    cost: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('membership_credits_user_idx').on(t.userId, t.createdAt),
    index('membership_credits_referral_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.paidWith} = 'referral_points'`),
  ],
);
