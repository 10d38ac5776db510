import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { subscriptions } from '../membership/membership.tables.js';
import { purchases } from '../payments/payments.tables.js';
import { managedInvitations } from './managed.tables.js';

/** Subscribing to Managed Rank: every query (docs/domain.md MR4, MR5). */

/** The invitation the member may subscribe with now (unused, unexpired; the newest), or null (MR4). */
export async function currentInvitation(db: Db, userId: number, now: Date) {
  const [row] = await db
    .select({ id: managedInvitations.id, selection: managedInvitations.selection })
    .from(managedInvitations)
    .where(
      and(
        eq(managedInvitations.userId, userId),
        isNull(managedInvitations.usedAt),
        gt(managedInvitations.expiresAt, now),
      ),
    )
    .orderBy(desc(managedInvitations.sentAt))
    .limit(1);
  return row ?? null;
}

/**
 * Whatever invitation a code's hash names, whoever's and however it stands: why a code that is not
 * the member's valid one was refused, said plainly (MR4).
 */
export async function invitationOfCodeHash(db: Db, codeHash: string) {
  const [row] = await db
    .select({
      userId: managedInvitations.userId,
      usedAt: managedInvitations.usedAt,
      expiresAt: managedInvitations.expiresAt,
    })
    .from(managedInvitations)
    .where(eq(managedInvitations.codeHash, codeHash))
    .limit(1);
  return row ?? null;
}

/**
 * A Managed Rank checkout started (MR4): the first month waits as 'pending' for the provider's
 * verified event; `quantity` keeps the invitation it was started with. Answers its id.
 */
export async function createManagedPurchase(
  db: Db,
  values: { userId: number; provider: string; amountPennies: number; invitationId: number; createdAt: Date },
): Promise<number> {
  const [row] = await db
    .insert(purchases)
    .values({
      userId: values.userId,
      provider: values.provider,
      kind: 'managed',
      level: 'managed',
      months: 1,
      quantity: values.invitationId,
      amountPennies: values.amountPennies,
      status: 'pending',
      createdAt: values.createdAt,
    })
    .returning({ id: purchases.id });
  return (row as { id: number }).id;
}

/** The member's latest Managed Rank checkout, for the subscription check's count (MR5). */
export async function latestManagedPurchase(db: Db, userId: number) {
  const [row] = await db
    .select({ id: purchases.id, status: purchases.status, checks: purchases.checks })
    .from(purchases)
    .where(and(eq(purchases.userId, userId), eq(purchases.kind, 'managed')))
    .orderBy(desc(purchases.id))
    .limit(1);
  return row ?? null;
}

/** The member's Managed Rank subscription: the one paid through furthest (newest first on a tie). */
export async function latestManagedSubscription(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: subscriptions.id,
      provider: subscriptions.provider,
      status: subscriptions.status,
      tier: subscriptions.tier,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
    })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.level, 'managed')))
    .orderBy(desc(subscriptions.currentPeriodEnd), desc(subscriptions.id))
    .limit(1);
  return row ?? null;
}
