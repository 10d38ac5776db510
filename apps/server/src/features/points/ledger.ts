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

/** System accounts below 1000 (D2.1); members from 1000. */
export const FIRST_MEMBER_ID = 1000;
export const HOUSE_ID = 1;
/**
 * The house's tills (migration 0005): sponsored payments and featured bonuses are paid from the
 * earner's till, so credits of different earners rarely wait on one balance row (D3.1 holds for each).
 */
export const HOUSE_TILLS = Array.from({ length: 16 }, (_, i) => 100 + i);
export const houseTill = (earnerId: number): number => HOUSE_TILLS[earnerId % HOUSE_TILLS.length] as number;
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
): Promise<void> {
  await payInto(tx, move.to, [{ from: move.from, amount: move.amount, kind: move.kind }], move);
}

/** One payment of payInto. */
export interface Payment {
  from: number;
  amount: number;
  kind: LedgerKind;
}

/**
 * Pays one account from several (D3.1): each payment one movement of two rows summing to zero,
 * written in one insert, each balance updated once. Member payers are charged first (throws
 * InsufficientPoints if one cannot pay); system accounts (the house), which every sponsored or bonus
 * credit shares, are updated last, so the caller's transaction holds their row only until it commits.
 */
export async function payInto(
  tx: Db,
  to: number,
  payments: Payment[],
  ref: { refType?: string; refId?: string; at: Date },
): Promise<void> {
  if (!payments.length) return;
  const owed = new Map<number, number>();
  for (const p of payments) {
    if (!Number.isInteger(p.amount) || p.amount <= 0)
      throw new Error('A movement moves a positive whole number of points.');
    if (p.from === to) throw new Error('A movement needs two different accounts.');
    owed.set(p.from, (owed.get(p.from) ?? 0) + p.amount);
  }
  // Only the house and other system accounts may go below zero.
  const charge = async (from: number, amount: number) => {
    const [payer] = await tx
      .update(users)
      .set({ points: sql`${users.points} - ${amount}` })
      .where(and(eq(users.id, from), or(ne(users.kind, 'member'), gte(users.points, amount))))
      .returning({ id: users.id });
    if (!payer) {
      const [exists] = await tx.select({ id: users.id }).from(users).where(eq(users.id, from));
      throw exists ? new InsufficientPoints(from) : new Error(`No account ${from}.`);
    }
  };
  const members = [...owed].filter(([id]) => id >= FIRST_MEMBER_ID);
  const system = [...owed].filter(([id]) => id < FIRST_MEMBER_ID);
  for (const [from, amount] of members) await charge(from, amount);
  await tx.insert(ledgerEntries).values(
    payments.flatMap((p) => {
      const common = {
        movementId: randomUUID(),
        kind: p.kind,
        refType: ref.refType ?? null,
        refId: ref.refId ?? null,
        createdAt: ref.at,
      };
      return [
        { ...common, accountId: p.from, delta: -p.amount },
        { ...common, accountId: to, delta: p.amount },
      ];
    }),
  );
  const total = payments.reduce((sum, p) => sum + p.amount, 0);
  const [payee] = await tx
    .update(users)
    .set({ points: sql`${users.points} + ${total}` })
    .where(eq(users.id, to))
    .returning({ id: users.id });
  if (!payee) throw new Error(`No account ${to}.`);
  for (const [from, amount] of system) await charge(from, amount);
}
