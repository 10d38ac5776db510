import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { sessions } from '../login/login.tables.js';

/**
 * A listing offered to an earner by earnPoints/fetchListings (D5.1). A credit names an offer that
 * is still open; the promised points are what is paid, whatever the owner changed since.
 */
export const offers = pgTable(
  'offers',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    earnerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: integer()
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    sessionId: integer().references(() => sessions.id, { onDelete: 'set null' }),
    /** Points the earner is promised: the listing's points, +2 for a pro view (D5.7). */
    points: integer().notNull(),
    /** Points the owner pays (0 when a sponsored action pays instead, D6.4). */
    cost: integer().notNull(),
    /** +1 paid by the house when the owner is featured today (D5.7). */
    bonus: integer().notNull().default(0),
    proView: boolean().notNull().default(false),
    sponsored: boolean().notNull().default(false),
    /** An IMDb view-for-view offer (D7.2): no points change hands. */
    exchange: boolean().notNull().default(false),
    /** Made to the Pro extension's session (D15.1): open 900 s, and its credit is marked (PX5). */
    viaExtension: boolean().notNull().default(false),
    /**
     * The last wrong IMDb answer recordCorrectAnswer counted on this offer: checkIncorrectAnswer
     * settles that number and no other, so it is never a way to try more (docs/domain.md, Earning).
     */
    wrongAnswer: integer(),
    offeredAt: timestamp({ withTimezone: true }).notNull(),
    /** Start pressed: the page opened, the confirm button or the video shown (D11.1 dwell). */
    startedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('offers_earner_listing_idx').on(t.earnerId, t.listingId, t.offeredAt)],
);

/**
 * One credited action: the earner's and the owner's history row at once. A unique offer makes a
 * repeated or concurrent credit a no-op (D3.2).
 */
export const actions = pgTable(
  'actions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    offerId: bigint({ mode: 'number' })
      .notNull()
      .references(() => offers.id),
    earnerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ownerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: integer()
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    /** The listing's type and platform when the action was taken. */
    type: text().notNull(),
    platform: text().notNull(),
    /** Everything the earner received, bonuses included. */
    points: integer().notNull(),
    /** What the owner paid. */
    cost: integer().notNull(),
    bonus: integer().notNull().default(0),
    sponsored: boolean().notNull().default(false),
    proView: boolean().notNull().default(false),
    /** An IMDb view-for-view (D7.2): counts toward daily actions, shows as V4V, moves no points. */
    exchange: boolean().notNull().default(false),
    /** Done by the Pro extension (D15.1): its history rows say so (PX5). */
    viaExtension: boolean().notNull().default(false),
    /** The Pacific day of the credit (D1.1). */
    day: date({ mode: 'string' }).notNull(),
    /** 'credited', 'verified', 'missing', 'reversed' or 'invalid' (D5.6, D11.3). */
    status: text().notNull().default('credited'),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    checkedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('actions_offer_idx').on(t.offerId),
    index('actions_earner_listing_idx').on(t.earnerId, t.listingId, t.createdAt),
    index('actions_earner_created_idx').on(t.earnerId, t.createdAt),
    index('actions_owner_created_idx').on(t.ownerId, t.createdAt),
    index('actions_listing_created_idx').on(t.listingId, t.createdAt),
    // The admin overview's actions of a day by type (AD2, AD3), counted from the index alone.
    index('actions_day_type_idx').on(t.day, t.type),
    // The IMDb exchange's week and history (D7.2, EX11), both ways.
    index('actions_exchange_earner_idx')
      .on(t.earnerId, t.createdAt)
      .where(sql`${t.exchange}`),
    index('actions_exchange_owner_idx')
      .on(t.ownerId, t.createdAt)
      .where(sql`${t.exchange}`),
    index('actions_missing_idx')
      .on(t.earnerId, t.platform)
      .where(sql`${t.status} = 'missing'`),
  ],
);

/** Listings an earner hid during one login (D4.6). */
export const hiddenListings = pgTable(
  'hidden_listings',
  {
    sessionId: integer()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    listingId: integer()
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.listingId] })],
);

/**
 * Wrong IMDb answers, for the crowd correction and the credit-update signal (D5.3). A miss settles
 * its offer: the unique offer id records one miss per offer, however many wrong answers arrive.
 */
export const answerMisses = pgTable(
  'answer_misses',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The offer the wrong answer settled (null only on misses recorded before offers were kept). */
    offerId: bigint({ mode: 'number' }).references(() => offers.id, { onDelete: 'set null' }),
    listingId: integer()
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    earnerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    question: text().notNull(),
    answer: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('answer_misses_offer_idx').on(t.offerId),
    index('answer_misses_listing_idx').on(t.listingId, t.createdAt),
    index('answer_misses_earner_idx').on(t.earnerId, t.createdAt),
  ],
);

/**
 * What an IMDb page says, as the server knows it (D5.2, D5.4): the page (nm/tt code) and the
 * question ('runtime', 'credits:<category>', 'starmeter'). Never sent to the browser.
 */
export const imdbFacts = pgTable(
  'imdb_facts',
  {
    pageCode: text().notNull(),
    question: text().notNull(),
    value: integer().notNull(),
    /** 'reader', 'admin', 'crowd' or 'seed'. */
    source: text().notNull(),
    confirmedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.pageCode, t.question] })],
);
