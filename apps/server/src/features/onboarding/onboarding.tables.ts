import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../members/members.tables.js';

/**
 * Where a member is in the getting-started wizard (docs/domain.md "Getting started", G3): the step
 * the wizard reopens at, and when it was finished or skipped. No row yet means step 1, untouched.
 */
export const onboardingProgress = pgTable(
  'onboarding_progress',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    currentStep: integer().notNull().default(1),
    finishedAt: timestamp({ withTimezone: true }),
    dismissedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [check('onboarding_progress_step_range', sql`${t.currentStep} between 1 and 4`)],
);

/** A wizard step the server saw done, once its real effect existed (G2); at most four rows a member. */
export const onboardingSteps = pgTable(
  'onboarding_steps',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    step: integer().notNull(),
    completedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.step] }),
    check('onboarding_steps_step_range', sql`${t.step} between 1 and 4`),
  ],
);
