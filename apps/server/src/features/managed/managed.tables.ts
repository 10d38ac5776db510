import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../members/members.tables.js';
import { listings } from '../listings/listings.tables.js';

/**
 * Managed Rank (D14, docs/domain.md MR1-MR12). The waitlist itself is `managed_waitlist`
 * (admin.tables.ts, AD11).
 */

/** What staff set up for a member with Set Up Managed (spec 4 §3 "Managed user setup", MR2). */
export const managedSetups = pgTable('managed_setups', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The IMDb person page the service looks after. */
  nmCode: text().notNull(),
  /** The tier (spec 4 §9 selection: 3 Top 60K, 2 Top 100K, 1 Top 200K). */
  selection: integer().notNull(),
  /** The page's last four weeks when set up, newest first: STARmeter ranks and views (null: unknown). */
  rank1: integer(),
  rank2: integer(),
  rank3: integer(),
  rank4: integer(),
  views1: integer(),
  views2: integer(),
  views3: integer(),
  views4: integer(),
  hasPicture: boolean().notNull(),
  /** The member's unsubscribe code for Managed Rank mail (spec 4 §7 "unsub code"). */
  unsubCode: text().notNull().unique(),
  setUpBy: integer().references(() => users.id, { onDelete: 'set null' }),
  setUpAt: timestamp({ withTimezone: true }).notNull(),
});

/** An invitation mailed to a member (MR3): its one-time code is kept hashed. */
export const managedInvitations = pgTable(
  'managed_invitations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    selection: integer().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** When a verified payment used it (MR4). */
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('managed_invitations_code_idx').on(t.codeHash),
    index('managed_invitations_user_idx').on(t.userId, t.sentAt),
  ],
);

/** A week of the service for a member (MR5-MR7): the views sent and the STARmeter read at its end. */
export const managedWeeks = pgTable(
  'managed_weeks',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The week's Sunday (D1.2). */
    weekEnding: date({ mode: 'string' }).notNull(),
    listingId: integer().references(() => listings.id, { onDelete: 'set null' }),
    selection: integer().notNull(),
    target: integer().notNull(),
    /** Sponsored views granted for the week, paid by the house. */
    viewsGranted: integer().notNull(),
    /** The STARmeter read at the week's end; null until read. */
    rank: integer(),
    rankReadAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.weekEnding] }),
    index('managed_weeks_unread_idx')
      .on(t.weekEnding)
      .where(sql`${t.rank} is null`),
  ],
);
