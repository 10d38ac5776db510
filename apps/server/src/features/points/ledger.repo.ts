import { randomUUID } from 'node:crypto';
import { inArray, sql, type SQL } from 'drizzle-orm';
import { executePrepared, type Db } from '../../platform/db/database.js';
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
 * expression over them for the statement's select list. Account rows are locked by the update, so
 * the rows many credits share (the house's tills) are held only from this statement to the commit.
 */
export function paymentWrites(
  to: number,
  payments: Payment[],
  ref: { refType?: string; refId?: string; at: Date },
): { ctes: SQL; paid: SQL; owed: Map<number, number> } {
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
  const refType = ref.refType ?? null;
  const refId = ref.refId ?? null;
  const ctes = sql`ledger_balances as (
      update ${users} u set points = u.points + v.delta
      from (values ${sql.join(
        deltas.map(([id, delta]) => sql`(${id}::int, ${delta}::int)`),
        sql`, `,
      )}) as v(id, delta)
      where u.id = v.id and (u.kind <> 'member' or u.points + v.delta >= 0)
      returning u.id),
    ledger_rows as (
      insert into ${ledgerEntries} (movement_id, account_id, delta, kind, ref_type, ref_id, created_at)
      select v.movement_id, v.account_id, v.delta, v.kind, ${refType}::text, ${refId}::text, ${ref.at}::timestamptz
      from (values ${sql.join(
        rows.map(([m, a, d, k]) => sql`(${m}::uuid, ${a}::int, ${d}::int, ${k}::text)`),
        sql`, `,
      )}) as v(movement_id, account_id, delta, kind)
      where (select count(*) from ledger_balances) = ${deltas.length}
      returning 1)`;
  const paid = sql`((select count(*) from ledger_balances) = ${deltas.length})`;
  return { ctes, paid, owed };
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
  const { ctes, paid, owed } = paymentWrites(to, payments, ref);
  const [row] = await executePrepared<{ paid: boolean }>(
    tx,
    'pay_into',
    sql`with ${ctes} select ${paid} as paid`,
  );
  if (!row?.paid) throw await paymentFailure(tx, to, owed);
}
