import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../members/members.tables.js';
import { listings } from '../listings/listings.tables.js';

/**
 * The Exchange (D7, docs/domain.md EX1-EX14). A member's standing on the Instagram exchange outlives
 * their listing: removing and setting up again does not reset the reputation (EX3).
 */
export const instagramMembers = pgTable(
  'instagram_members',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** D7.1: starts at 600, kept between 0 and 1000. */
    reputation: integer().notNull().default(600),
    /** The initiation limit: the reputation others need to start a swap with this member (spec 4 §6). */
    repLimit: integer().notNull().default(500),
  },
  (t) => [check('instagram_members_reputation_range', sql`${t.reputation} between 0 and 1000`)],
);

/**
 * The member's one Instagram listing (D7.1, spec 4 §3). It carries a copy of its member's reputation
 * and initiation limit, written in the same statement as instagram_members (instagram.repo.ts), so
 * New Listings is read in its order from instagram_listings_pick_idx (EX4, decision 0028).
 */
export const instagramListings = pgTable(
  'instagram_listings',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The profile's address as the member gave it, and its handle (lower case). */
    url: text().notNull(),
    handle: text().notNull(),
    title: text().notNull(),
    description: text().notNull(),
    /** The stored picture's name (the upload pipeline, M1). */
    image: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** instagram_members' reputation and rep_limit of the member, copied (EX3, EX4). */
    reputation: integer().notNull().default(600),
    repLimit: integer().notNull().default(500),
  },
  (t) => [
    // One member per profile (EX2): two members listing one at once settle on one.
    uniqueIndex('instagram_listings_handle_idx').on(t.handle),
    // New Listings (EX4): for each initiation limit the viewer meets, a run in the list's order.
    index('instagram_listings_pick_idx').on(
      t.repLimit,
      t.reputation.desc(),
      t.createdAt.desc(),
      t.userId.desc(),
    ),
  ],
);

/**
 * One follow swap between an initiator (user 1) and a receiver (user 2). `status1` is the
 * initiator's follow of the receiver, `status2` the receiver's follow back (spec 4 §3, §4).
 * A skip of a new listing is a row with status1 'skipped', so the listing is never shown again.
 * One row per pair, whoever initiated: the unique index on the ordered pair makes two members
 * starting a swap with each other at once settle on one (EX6).
 */
export const instagramSwaps = pgTable(
  'instagram_swaps',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    initiatorId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** claimed, verified, contested, skipped (spec 4 §4). */
    status1: text().notNull(),
    /** null until the receiver follows back or skips; then claimed, verified, contested or skipped. */
    status2: text(),
    /** The contested member acknowledged the contest (spec 4 §4 acknowledged). */
    acknowledgedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('instagram_swaps_pair_idx').on(
      sql`least(${t.initiatorId}, ${t.receiverId})`,
      sql`greatest(${t.initiatorId}, ${t.receiverId})`,
    ),
    index('instagram_swaps_initiator_idx').on(t.initiatorId, t.updatedAt),
    index('instagram_swaps_receiver_idx').on(t.receiverId, t.updatedAt),
  ],
);

/** Members opted in to the IMDb view-for-view exchange with one of their IMDb listings (D7.2, EX10). */
export const imdbExchangeListings = pgTable(
  'imdb_exchange_listings',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: integer()
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    /** On the exchange: the allowed switch (spec 4 §7 updateAllowed, 1 on, 2 off). */
    allowed: integer().notNull().default(1),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    // Every row: the foreign key's cascade finds a deleted listing's row, and the list walks it (EX11).
    index('imdb_exchange_listings_listing_idx').on(t.listingId),
  ],
);
