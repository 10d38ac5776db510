import { boolean, date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The overview's figures of one finished Pacific day (AD3), written by the daily `site-figures` job so
 * that the overview reads thirty rows instead of counting a month of actions on every visit.
 */
export const siteDailyFigures = pgTable('site_daily_figures', {
  day: date({ mode: 'string' }).primaryKey(),
  imdbViews: integer().notNull(),
  youtubeViews: integer().notNull(),
  follows: integer().notNull(),
  likes: integer().notNull(),
  /** Money received less refunds, in pennies (AD4). */
  incomePennies: integer().notNull(),
  computedAt: timestamp({ withTimezone: true }).notNull(),
});

/** Runs of the ledger's invariant check (D3.1, AD6): the daily job's and those staff asked for. */
export const ledgerChecks = pgTable('ledger_checks', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  ok: boolean().notNull(),
  problems: jsonb().$type<string[]>().notNull(),
  accounts: integer().notNull(),
  entries: integer().notNull(),
  /** The admin who asked for it; null for the daily job. */
  adminId: integer(),
  /** 'daily' or 'admin'. */
  source: text().notNull(),
  checkedAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * The fair-play signals of the last run (D11.2, docs/domain.md FP1-FP8): each row one pattern found
 * for one member, with the evidence behind it; a run replaces them all.
 */
export const fairplaySignals = pgTable(
  'fairplay_signals',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer().notNull(),
    kind: text().notNull(),
    score: integer().notNull(),
    evidence: jsonb().$type<Record<string, unknown>>().notNull(),
    computedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('fairplay_signals_user_idx').on(t.userId)],
);

/** When the signals were last computed (one row). */
export const fairplayRuns = pgTable('fairplay_runs', {
  id: integer().primaryKey(),
  computedAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * Members waiting for Managed Rank (D14.1, spec 4 §3 Managed waitlist item; docs/domain.md AD11): the
 * tier they chose and whether an admin has invited them. Members join it from /managed.
 */
export const managedWaitlist = pgTable(
  'managed_waitlist',
  {
    userId: integer().primaryKey(),
    /** spec 4 §9: 3 Top 60K, 2 Top 100K, 1 Top 200K. */
    selection: integer().notNull(),
    /** 'waitlisted' or 'invited'. */
    status: text().notNull().default('waitlisted'),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('managed_waitlist_created_idx').on(t.createdAt)],
);
