import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../members/members.tables.js';

/** A member's listing that others act on to earn points (spec 1 §3, spec 2 §3, D6). */
export const listings = pgTable(
  'listings',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'imdb-view', 'twitter-follow', 'youtube-view' or 'facebook-like'. */
    type: text().notNull(),
    /** 'imdb', 'twitter', 'youtube' or 'facebook'. */
    platform: text().notNull(),
    name: text().notNull(),
    url: text().notNull(),
    externalId: text().notNull(),
    externalProfile: text(),
    externalDescription: text(),
    /** Points given per action. */
    give: integer().notNull(),
    /** 500 off, 99 automatic, else actions per day (D4.5). */
    rlSelection: integer().notNull().default(500),
    /** 1-4 distribution windows (D4.5). */
    distributed: integer().notNull().default(1),
    sponsorBought: integer().notNull().default(0),
    sponsorUsed: integer().notNull().default(0),
    sponsorPaused: boolean().notNull().default(false),
    /** Unpaused sponsored actions are left (D4.3, first in the D4 order); kept by the database. */
    sponsorLeft: boolean()
      .notNull()
      .generatedAlwaysAs(sql`sponsor_used < sponsor_bought and not sponsor_paused`),
    /**
     * The Pacific day of the latest credit and the credits on that day: "actions today" for the
     * rate limit (D4.5) and the D4 order read from the listing itself. Past days are in `actions`.
     */
    actedOn: date({ mode: 'string' }),
    actedCount: integer().notNull().default(0),
    allowProViews: boolean().notNull().default(false),
    /** IMDb: 3 person page, 4 other IMDb category. */
    pageCategory: integer(),
    /** IMDb: 'person' or 'title'. */
    imdbType: text(),
    /** IMDb person pages: the credit category asked about. */
    testCat: text(),
    nmCode: text(),
    /** 'active', 'paused', 'disabled', 'pending', 'invalid' or 'deleted' (D4.1). */
    status: text().notNull().default('active'),
    /** Why an admin must look: 'credit_update' after repeated misses (D5.3), 'page_missing'. */
    statusReason: text(),
    changingTo: integer(),
    changeAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('listings_user_idx').on(t.userId, t.type),
    index('listings_offer_idx').on(t.type, t.status, t.give),
    // earnPoints/fetchListings (D4): the offerable listings of a type, sponsored ones apart, by
    // points, then id, so a tab reads the highest points first from a random id instead of sorting
    // every candidate; and by points, then actions today, for those already acted on today (with the
    // id, so the sponsored ones are sorted from the index alone).
    index('listings_offer_pick_idx')
      .on(t.type, t.sponsorLeft, t.give, t.id)
      .where(sql`${t.status} = 'active' and ${t.give} > 0 and ${t.changingTo} is null`),
    // D6.2: the minute job finds the point changes that have come due without reading every listing.
    index('listings_change_due_idx')
      .on(t.changeAt)
      .where(sql`${t.changingTo} is not null`),
    // The admin console's queues (docs/domain.md AL4, AL5): listings waiting for staff, oldest first.
    index('listings_staff_idx')
      .on(t.statusReason, t.id)
      .where(sql`${t.status} in ('disabled', 'pending')`),
    index('listings_acted_pick_idx')
      .on(t.type, t.sponsorLeft, t.give, t.actedOn, t.actedCount, t.id)
      .where(sql`${t.status} = 'active' and ${t.give} > 0 and ${t.changingTo} is null`),
  ],
);
