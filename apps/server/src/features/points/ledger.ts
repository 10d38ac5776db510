import { randomUUID } from 'node:crypto';
import { and, eq, gte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { users } from '../members/members.tables.js';
import { ledgerEntries } from './points.tables.js';

/** D3.3: the kinds of movement in the ledger. */
export type LedgerKind =
  | 'signup_bonus'
  | 'earn'
  | 'pro_view_bonus'
  | 'featured_bonus'
  | 'sponsored'
  | 'reverse'
  | 'trade'
  | 'referral_trade'
  | 'admin_adjust';

/** System accounts below 1000 (D2.1). */
export const HOUSE_ID = 1;
export const NEWS_ACCOUNT_ID = 2;
export const SUPPORT_ACCOUNT_ID = 3;

export class InsufficientPoints extends Error {
  constructor(readonly accountId: number) {
    super(`Account ${accountId} does not have enough points.`);
  }
}

/**
 * Moves points between two accounts as one movement of two rows summing to zero, and updates both
 * cached balances in the same transaction (D3.1). Call it inside the caller's transaction. Throws
 * InsufficientPoints when a member would go below zero; the database check refuses it too.
 */
export async function movePoints(
  tx: Db,
  move: {
    from: number;
    to: number;
    amount: number;
    kind: LedgerKind;
    refType?: string;
    refId?: string;
    at: Date;
  },
): Promise<string> {
  if (!Number.isInteger(move.amount) || move.amount <= 0)
    throw new Error('A movement moves a positive whole number of points.');
  if (move.from === move.to) throw new Error('A movement needs two different accounts.');
  // Only the house and other system accounts may go below zero.
  const [payer] = await tx
    .update(users)
    .set({ points: sql`${users.points} - ${move.amount}` })
    .where(and(eq(users.id, move.from), or(ne(users.kind, 'member'), gte(users.points, move.amount))))
    .returning({ id: users.id });
  if (!payer) {
    const [exists] = await tx.select({ id: users.id }).from(users).where(eq(users.id, move.from));
    throw exists ? new InsufficientPoints(move.from) : new Error(`No account ${move.from}.`);
  }
  const [payee] = await tx
    .update(users)
    .set({ points: sql`${users.points} + ${move.amount}` })
    .where(eq(users.id, move.to))
    .returning({ id: users.id });
  if (!payee) throw new Error(`No account ${move.to}.`);
  const movementId = randomUUID();
  const common = {
    movementId,
    kind: move.kind,
    refType: move.refType ?? null,
    refId: move.refId ?? null,
    createdAt: move.at,
  };
  await tx.insert(ledgerEntries).values([
    { ...common, accountId: move.from, delta: -move.amount },
    { ...common, accountId: move.to, delta: move.amount },
  ]);
  return movementId;
}
