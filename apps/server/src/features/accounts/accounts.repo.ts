import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { actions } from '../earn/earn.tables.js';
import { linkedAccounts } from './accounts.tables.js';

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

/** The platform refused the account's sign-in: the account check asks the member to authorise again. */
export async function markTokenError(db: Db, userId: number, platform: string): Promise<void> {
  await db
    .update(linkedAccounts)
    .set({ status: 'token_error' })
    .where(and(eq(linkedAccounts.userId, userId), eq(linkedAccounts.platform, platform)));
}
