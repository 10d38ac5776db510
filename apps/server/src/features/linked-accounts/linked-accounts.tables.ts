import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../members/members.tables.js';

/**
 * A member's own account on X/Twitter or Facebook, linked through authenticate/{platform}, that
 * follows and likes are checked against (spec 1 §4 account check, D5.6).
 */
export const linkedAccounts = pgTable(
  'linked_accounts',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'twitter' or 'facebook'. */
    platform: text().notNull(),
    /** The account's handle on the platform. */
    handle: text().notNull(),
    displayName: text(),
    /** The platform's access token, when the real adapter keeps one. */
    accessToken: text(),
    /** 'verified' or 'token_error'. */
    status: text().notNull().default('verified'),
    /** The member confirmed that this is their profile (earnPoints/confirmProfile). */
    profileConfirmed: boolean().notNull().default(false),
    linkedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.platform] })],
);

/** One-time states of the OAuth round trip of authenticate/{platform}. */
export const oauthStates = pgTable('oauth_states', {
  state: text().primaryKey(),
  userId: integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  platform: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
});
