import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Crashes the browser's error boundary caught and reported (spec 4 §7). */
export const errorReports = pgTable(
  'error_reports',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer(),
    error: text().notNull(),
    info: text().notNull(),
    url: text().notNull(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('error_reports_created_idx').on(t.createdAt)],
);
