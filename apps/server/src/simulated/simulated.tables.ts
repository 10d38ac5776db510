import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The simulated internet of D9: the pages, profiles and videos that the app serves under /sim/ in
 * place of IMDb, X/Twitter, Facebook and YouTube, and what people really clicked there.
 */

/** IMDb name (nm…) and title (tt…) pages. */
export const simImdbPages = pgTable('sim_imdb_pages', {
  code: text().primaryKey(),
  /** 'person' or 'title'. */
  kind: text().notNull(),
  name: text().notNull(),
  /** Title pages: runtime in minutes, null when unlisted. */
  runtimeMinutes: integer(),
  /** Person pages: credits by category, e.g. { actor: 12, director: 2 }. */
  credits: jsonb()
    .$type<Record<string, number>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  /** IMDbPro STARmeter rank. */
  starmeter: integer(),
  /** Extra text on the page (a bio or a plot). */
  summary: text(),
  year: integer(),
  removed: boolean().notNull().default(false),
});

/** X/Twitter, Facebook and Instagram profiles and pages that can be followed or liked. */
export const simProfiles = pgTable(
  'sim_profiles',
  {
    /** 'twitter', 'facebook' or 'instagram'. */
    platform: text().notNull(),
    handle: text().notNull(),
    /** Facebook pages: the numeric page id that listings carry. */
    externalId: text(),
    displayName: text().notNull(),
    bio: text(),
    removed: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.platform, t.handle] }),
    index('sim_profiles_external_idx').on(t.platform, t.externalId),
  ],
);

/** The accounts people sign in with on the simulated platforms. */
export const simAccounts = pgTable(
  'sim_accounts',
  {
    platform: text().notNull(),
    handle: text().notNull(),
    displayName: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.platform, t.handle] })],
);

/** Authorisation codes of the simulated OAuth consent page. */
export const simOauthCodes = pgTable('sim_oauth_codes', {
  code: text().primaryKey(),
  platform: text().notNull(),
  handle: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
});

/** Follows and likes really clicked on the simulated sites: what the verifier checks (D9.2). */
export const simClicks = pgTable(
  'sim_clicks',
  {
    platform: text().notNull(),
    /** The account that clicked. */
    actor: text().notNull(),
    /** The profile or page followed or liked. */
    target: text().notNull(),
    /** 'follow' or 'like'. */
    kind: text().notNull(),
    active: boolean().notNull().default(true),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.platform, t.actor, t.target] })],
);

/** YouTube videos the simulated player plays. */
export const simVideos = pgTable('sim_videos', {
  id: text().primaryKey(),
  title: text().notNull(),
  channel: text().notNull(),
  durationSeconds: integer().notNull(),
  removed: boolean().notNull().default(false),
});
