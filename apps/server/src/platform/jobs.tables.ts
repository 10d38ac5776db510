import { date, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The daily jobs that have run (the featuring pick at 12am Pacific, D8.3; membership reminders):
 * one row per job and Pacific day, so a job runs once a day however many servers ask.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    name: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    ranAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.name, t.day] })],
);
