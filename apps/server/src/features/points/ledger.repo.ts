import { randomUUID } from 'node:crypto';
import { inArray, sql, type SQL } from 'drizzle-orm';
import { statement, type Db } from '../../platform/db/database.js';
import { users } from '../members/members.tables.js';
import type { LedgerKind } from './ledger.js';
import { ledgerEntries } from './points.tables.js';

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
 * The writes of a payment into one account from several (D3.1), as two common table expressions to
 * run in one statement, beside whatever else the caller writes: every balance (payee and payers) in
 * one guarded update that moves no member below zero, and the ledger rows (each payment one movement
 * of two rows summing to zero), which are written only when every balance moved. `paid` is a boolean
 * expression over them for the statement's select list. The text is the same for every payment: the
 * accounts, amounts and rows are arrays its placeholders take (paymentValues), so the statement is
 * built and planned once. Account rows are locked by the update, so the rows many credits share (the
 * house's tills) are held only from this statement to the commit.
 */
export function paymentWrites(): { ctes: SQL; paid: SQL } {
  const p = (name: string) => sql.placeholder(name);
  const ctes = sql`ledger_balances as (
      update ${users} u set points = u.points + v.delta
      from unnest(${p('payIds')}::int[], ${p('payDeltas')}::int[]) as v(id, delta)
      where u.id = v.id and (u.kind <> 'member' or u.points + v.delta >= 0)
      returning u.id),
    ledger_rows as (
      insert into ${ledgerEntries} (movement_id, account_id, delta, kind, ref_type, ref_id, created_at)
      select v.movement_id, v.account_id, v.delta, v.kind, ${p('payRefType')}::text, ${p('payRefId')}::text,
             ${p('payAt')}::timestamptz
      from unnest(${p('payMovements')}::uuid[], ${p('payAccounts')}::int[], ${p('payAmounts')}::int[],
                  ${p('payKinds')}::text[]) as v(movement_id, account_id, delta, kind)
      where (select count(*) from ledger_balances) = ${p('payBalances')}::int
      returning 1)`;
  const paid = sql`((select count(*) from ledger_balances) = ${p('payBalances')}::int)`;
  return { ctes, paid };
}

/**
 * The values paymentWrites' placeholders take for a payment into `to` from several, and what each
 * payer owes (for paymentFailure when the payment was not `paid`).
 */
export function paymentValues(
  to: number,
  payments: Payment[],
  ref: { refType?: string; refId?: string; at: Date },
): { values: Record<string, unknown>; owed: Map<number, number> } {
  if (!payments.length) throw new Error('A payment needs at least one payer.');
  const owed = new Map<number, number>();
  for (const p of payments) {
    if (!Number.isInteger(p.amount) || p.amount <= 0)
      throw new Error('A movement moves a positive whole number of points.');
    if (p.from === to) throw new Error('A movement needs two different accounts.');
    owed.set(p.from, (owed.get(p.from) ?? 0) + p.amount);
  }
  const total = payments.reduce((sum, p) => sum + p.amount, 0);
  const deltas: [number, number][] = [[to, total], ...[...owed].map(([id, n]): [number, number] => [id, -n])];
  const rows = payments.flatMap((p) => {
    const movementId = randomUUID();
    return [
      [movementId, p.from, -p.amount, p.kind],
      [movementId, to, p.amount, p.kind],
    ] as const;
  });
  return {
    values: {
      payIds: deltas.map(([id]) => id),
      payDeltas: deltas.map(([, delta]) => delta),
      payBalances: deltas.length,
      payMovements: rows.map((r) => r[0]),
      payAccounts: rows.map((r) => r[1]),
      payAmounts: rows.map((r) => r[2]),
      payKinds: rows.map((r) => r[3]),
      payRefType: ref.refType ?? null,
      payRefId: ref.refId ?? null,
      payAt: ref.at,
    },
    owed,
  };
}

/**
 * Why a payment whose balances did not all move failed: the first member payer who cannot pay
 * (InsufficientPoints) or an account that does not exist.
 */
export async function paymentFailure(tx: Db, to: number, owed: Map<number, number>): Promise<Error> {
  const ids = [to, ...owed.keys()];
  const found = await tx
    .select({ id: users.id, kind: users.kind, points: users.points })
    .from(users)
    .where(inArray(users.id, ids));
  for (const id of ids) {
    if (!found.some((f) => f.id === id)) return new Error(`No account ${id}.`);
  }
  for (const f of found) {
    const amount = owed.get(f.id);
    if (amount !== undefined && f.kind === 'member' && f.points < amount) return new InsufficientPoints(f.id);
  }
  return new InsufficientPoints(owed.keys().next().value as number);
}

/**
 * Pays one account from several (D3.1) in one statement (paymentWrites). Throws InsufficientPoints
 * when a member would go below zero (the database check refuses it too); the balances that did move
 * are then only undone by the caller's transaction rolling back, so the throw must end it.
 */
export async function payInto(
  tx: Db,
  to: number,
  payments: Payment[],
  ref: { refType?: string; refId?: string; at: Date },
): Promise<void> {
  if (!payments.length) return;
  const { values, owed } = paymentValues(to, payments, ref);
  const [row] = await payIntoStatement(tx, values);
  if (!row?.paid) throw await paymentFailure(tx, to, owed);
}

const payIntoStatement = statement<{ paid: boolean }>('pay_into', () => {
  const { ctes, paid } = paymentWrites();
  return sql`with ${ctes} select ${paid} as paid`;
});
