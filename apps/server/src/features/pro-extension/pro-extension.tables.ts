import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../members/members.tables.js';
import { sessions } from '../login/login.tables.js';

/**
 * A browser in which a Pro member paired the extension (docs/domain.md PX2): its own session (kind
 * 'extension', PX3), the installation it came from, and what it last said it was doing (PX6, PX7).
 * Unpairing deletes the row and revokes the session; a session revoked otherwise (a new password)
 * leaves a row nobody reads, replaced when that installation pairs again.
 */
export const extensionPairings = pgTable(
  'extension_pairings',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: integer()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** The installation's own random id, made by the extension when it was installed. */
    installId: text().notNull(),
    version: text().notNull(),
    /** The browser as its user agent names it, for the member's list. */
    browser: text().notNull(),
    /** 'running', 'paused' or 'stopped' (PX6). */
    state: text().notNull().default('paused'),
    /** Why it stopped (PX7): done, pointsmaxed, nolistings, not_pro, error; 'paused' by the member. */
    reason: text(),
    pairedAt: timestamp({ withTimezone: true }).notNull(),
    stateAt: timestamp({ withTimezone: true }).notNull(),
    /** Its last call; running counts only while this is recent (PX6). */
    lastSeenAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('extension_pairings_session_idx').on(t.sessionId),
    uniqueIndex('extension_pairings_install_idx').on(t.userId, t.installId),
  ],
);
