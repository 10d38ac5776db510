import type { Db } from '../../platform/db/database.js';
import {
  accountCount,
  ledgerTotals,
  mismatchedBalances,
  negativeMembers,
  unbalancedMovements,
} from './ledger-check.repo.js';

export interface LedgerReport {
  ok: boolean;
  problems: string[];
  accounts: number;
  entries: number;
}

/**
 * The ledger invariants of D3.1: all deltas sum to 0; every movement sums to 0; every cached
 * balance equals the sum of its rows; no member balance is negative.
 */
export async function checkLedger(db: Db): Promise<LedgerReport> {
  const problems: string[] = [];
  const totals = await ledgerTotals(db);
  if (totals && totals.total !== '0') problems.push(`The ledger sums to ${totals.total}, not 0.`);
  for (const m of await unbalancedMovements(db))
    problems.push(`Movement ${m.movement_id} sums to ${m.total}.`);
  for (const b of await mismatchedBalances(db))
    problems.push(`Account ${b.id} shows ${b.points} points but its ledger rows sum to ${b.ledger}.`);
  for (const n of await negativeMembers(db))
    problems.push(`Member ${n.id} has a negative balance of ${n.points}.`);
  const accounts = await accountCount(db);
  return {
    ok: problems.length === 0,
    problems,
    accounts,
    entries: Number(totals?.entries ?? 0),
  };
}
