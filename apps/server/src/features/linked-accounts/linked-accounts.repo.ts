import { and, count, eq, sql } from 'drizzle-orm';
import { preparedOnce, type Db } from '../../platform/db/database.js';
import { actions } from '../earn/earn.tables.js';
import { linkedAccounts } from './linked-accounts.tables.js';

export type LinkedAccount = typeof linkedAccounts.$inferSelect;

export async function linkedAccount(db: Db, userId: number, platform: string): Promise<LinkedAccount | null> {
  const [row] = await db
    .select()
    .from(linkedAccounts)
    .where(and(eq(linkedAccounts.userId, userId), eq(linkedAccounts.platform, platform)))
    .limit(1);
  return row ?? null;
}

/** Follows or likes of a member that the platform does not show (spec 1 §4 "missing"). */
export async function missingCount(db: Db, userId: number, platform: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(actions)
    .where(and(eq(actions.earnerId, userId), eq(actions.platform, platform), eq(actions.status, 'missing')));
  return row?.n ?? 0;
}

/**
 * D4 checktoken, in one query: the member's account on the platform is linked and verified and
 * none of their follows or likes there is missing.
 */
export async function platformReady(db: Db, userId: number, platform: string): Promise<boolean> {
  const [row] = await platformReadyQuery(db).execute({ userId, platform });
  return row?.ready ?? false;
}

const platformReadyQuery = preparedOnce((db) =>
  db
    .select({
      ready: sql<boolean>`not exists (select 1 from ${actions} a
        where a.earner_id = ${sql.placeholder('userId')} and a.platform = ${sql.placeholder('platform')}
          and a.status = 'missing')`,
    })
    .from(linkedAccounts)
    .where(
      and(
        eq(linkedAccounts.userId, sql.placeholder('userId')),
        eq(linkedAccounts.platform, sql.placeholder('platform')),
        eq(linkedAccounts.status, 'verified'),
      ),
    )
    .limit(1)
    .prepare('platform_ready'),
);

/** The platform refused the account's sign-in: the account check asks the member to authorise again. */
export async function markTokenError(db: Db, userId: number, platform: string): Promise<void> {
  await db
    .update(linkedAccounts)
    .set({ status: 'token_error' })
    .where(and(eq(linkedAccounts.userId, userId), eq(linkedAccounts.platform, platform)));
}
