import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { users } from '../members/members.tables.js';
import { actions } from '../earn/earn.tables.js';
import { listings } from '../listings/listings.tables.js';
import { onboardingProgress, onboardingSteps } from './onboarding.tables.js';
import type { StepEffects } from './onboarding.policy.js';

const memberId = sql.raw('"users"."id"');

/** The member's wizard row (or none yet), the steps seen done, and when they joined. */
export async function progressOf(db: Db, userId: number) {
  const [[member], [row], done] = await Promise.all([
    db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId)),
    db.select().from(onboardingProgress).where(eq(onboardingProgress.userId, userId)),
    db.select({ step: onboardingSteps.step }).from(onboardingSteps).where(eq(onboardingSteps.userId, userId)),
  ]);
  return { joinedAt: member?.createdAt ?? null, row: row ?? null, done: done.map((d) => d.step) };
}

/**
 * Every step's real effect in one query (G2): the default photo and details on the member's row, an
 * IMDb credit they earned (actions_earner_created_idx) and a listing of theirs (listings_user_idx).
 */
export async function effectsOf(db: Db, userId: number): Promise<StepEffects | null> {
  const [row] = await db
    .select({
      headshot: sql<boolean>`${users.defaultPic} is not null`,
      location: users.location,
      job1: users.job1,
      bio: users.bio,
      imdbCredit: sql<boolean>`exists (select 1 from ${actions} where ${actions.earnerId} = ${memberId} and ${actions.platform} = 'imdb')`,
      listing: sql<boolean>`exists (select 1 from ${listings} where ${and(
        eq(listings.userId, sql`${memberId}`),
        ne(listings.status, 'deleted'),
      )})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/**
 * Records a step done, with the member's wizard row locked so that steps completed at the same
 * moment each see the others (the next step is chosen from all of them); a repeat changes nothing.
 */
export async function recordStepDone(tx: Db, userId: number, step: number, at: Date) {
  await tx.insert(onboardingProgress).values({ userId, updatedAt: at }).onConflictDoNothing();
  await tx
    .select({ userId: onboardingProgress.userId })
    .from(onboardingProgress)
    .where(eq(onboardingProgress.userId, userId))
    .for('update');
  await tx.insert(onboardingSteps).values({ userId, step, completedAt: at }).onConflictDoNothing();
  const rows = await tx
    .select({ step: onboardingSteps.step })
    .from(onboardingSteps)
    .where(eq(onboardingSteps.userId, userId));
  return rows.map((r) => r.step);
}

/** Writes the member's wizard row; a finish or a skip keeps its first time. */
export async function saveProgress(
  db: Db,
  userId: number,
  at: Date,
  set: { currentStep?: number; finished?: boolean; dismissed?: boolean },
) {
  const values = {
    userId,
    currentStep: set.currentStep ?? 1,
    finishedAt: set.finished ? at : null,
    dismissedAt: set.dismissed ? at : null,
    updatedAt: at,
  };
  await db
    .insert(onboardingProgress)
    .values(values)
    .onConflictDoUpdate({
      target: onboardingProgress.userId,
      set: {
        ...(set.currentStep !== undefined ? { currentStep: set.currentStep } : {}),
        ...(set.finished
          ? { finishedAt: sql`coalesce(${onboardingProgress.finishedAt}, ${at.toISOString()}::timestamptz)` }
          : {}),
        ...(set.dismissed
          ? {
              dismissedAt: sql`coalesce(${onboardingProgress.dismissedAt}, ${at.toISOString()}::timestamptz)`,
            }
          : {}),
        updatedAt: at,
      },
    });
}
