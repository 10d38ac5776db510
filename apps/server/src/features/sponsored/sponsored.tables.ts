import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sessions } from '../login/login.tables.js';

/**
 * A sponsor special (spec 2 §3 Special): sponsored activity sold in multiples of `minimum` up to
 * `maximum` at a special price while it runs, for the listing types it names.
 */
export const specials = pgTable(
  'specials',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The call to action shown on the banner. */
    cta: text().notNull(),
    /** Listing types it applies to, comma separated: 'imdb-view,twitter-follow,youtube-view'. */
    types: text().notNull(),
    minimum: integer().notNull(),
    maximum: integer().notNull(),
    /** The price of `minimum` sponsored actions during the special. */
    pricePennies: integer().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('specials_running_idx').on(t.endsAt, t.startsAt)],
);

/** myListings/hideSpecials: the special banner hidden for the rest of one login (spec 2 §8). */
export const specialDismissals = pgTable(
  'special_dismissals',
  {
    sessionId: integer()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    specialId: integer()
      .notNull()
      .references(() => specials.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.specialId] })],
);
