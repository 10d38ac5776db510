import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../members/members.tables.js';

/** An event on the When To Watch calendar (spec 3 §3 Event, D12.3). */
export const events = pgTable(
  'events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** tv, newmedia, premiere, release or other (docs/domain.md W2). */
    category: text().notNull(),
    /** Plain text as typed, or the IMDb title's name (W3). */
    title: text().notNull(),
    postedBy: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The Pacific calendar day it takes place (D1.1): what the calendar files it under. */
    day: date({ mode: 'string' }).notNull(),
    /** The start, on a 15-minute step; null for an event that takes a date only (a release). */
    startsAt: timestamp({ withTimezone: true }),
    channel: text().notNull().default(''),
    channelUrl: text().notNull().default(''),
    /** The IMDb title page, canonical (https://www.imdb.com/title/tt…/), or ''. */
    imdbUrl: text().notNull().default(''),
    /** As typed; shown links-only (D8.1). */
    notes: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    // The calendar reads a month of days in the order it shows them (W6): dates only first, then by time.
    index('events_day_idx').on(t.day, t.startsAt.asc().nullsFirst(), t.id),
    index('events_posted_by_idx').on(t.postedBy),
    check('events_category_known', sql`${t.category} in ('tv', 'newmedia', 'premiere', 'release', 'other')`),
    // Releases take a date only; every other category a time (spec 3 §9).
    check('events_time_by_category', sql`(${t.category} = 'release') = (${t.startsAt} is null)`),
  ],
);

/** The members taking part in an event, each with their role (spec 3 §3 participants, D12.3). */
export const eventParticipants = pgTable(
  'event_participants',
  {
    eventId: integer()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text().notNull(),
    joinedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    // One place per member and event: a repeated or concurrent Add Me cannot take two (W8).
    primaryKey({ columns: [t.eventId, t.userId] }),
    index('event_participants_user_idx').on(t.userId),
  ],
);
