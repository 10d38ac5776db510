import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../members/members.tables.js';

/** Sign-in sessions (D2.6): random tokens stored as SHA-256 hashes, revocable, 30 days idle. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text().notNull().unique(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    address: text(),
    userAgent: text(),
    /** Use-as-user (D13.2): the admin this session lets use the member's account; null for the member's own. */
    impersonatedBy: integer(),
    /** 'browser', or 'extension': the paired Pro extension's own session, for its calls only (PX3). */
    kind: text().notNull().default('browser'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Single-use password reset links, valid for one hour (D2.6). */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text().notNull().unique(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/**
 * Members who have not confirmed their email address yet (D2.4, D11.4): the row goes when they do,
 * and its removal is what pays the sign-up bonus, so the bonus is paid exactly once. Members
 * without a row (everyone who joined before confirmation existed) count as confirmed.
 */
export const unconfirmedEmails = pgTable('unconfirmed_emails', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});

/** Single-use links that confirm a member's email address, valid for 7 days; each names the address it went to. */
export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text().notNull().unique(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('email_confirmations_user_idx').on(t.userId)],
);
