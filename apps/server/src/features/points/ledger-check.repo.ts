import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db/database.js';

/** The queries of the ledger's invariant check (ledger.check.ts, D3.1). */

/** The sum of every delta and the number of rows. */
export async function ledgerTotals(db: Db) {
  const [totals] = await rowsOf<{ total: string | null; entries: string }>(
    db,
    sql`select coalesce(sum(delta), 0)::text as total, count(*)::text as entries from ledger_entries`,
  );
  return totals;
}

/** Movements whose rows do not sum to 0 (at most 20). */
export function unbalancedMovements(db: Db) {
  return rowsOf<{ movement_id: string; total: string }>(
    db,
    sql`select movement_id, sum(delta)::text as total from ledger_entries group by movement_id having sum(delta) <> 0 limit 20`,
  );
}

/** Accounts whose cached balance differs from the sum of their rows (at most 20). */
export function mismatchedBalances(db: Db) {
  return rowsOf<{ id: number; points: number; ledger: string }>(
    db,
    sql`select u.id, u.points, coalesce(l.total, 0)::text as ledger
        from users u left join (select account_id, sum(delta) as total from ledger_entries group by account_id) l
          on l.account_id = u.id
        where u.points <> coalesce(l.total, 0) limit 20`,
  );
}

/** Members with a negative balance (at most 20). */
export function negativeMembers(db: Db) {
  return rowsOf<{ id: number; points: number }>(
    db,
    sql`select id, points from users where kind = 'member' and points < 0 limit 20`,
  );
}

/** How many accounts there are. */
export async function accountCount(db: Db): Promise<number> {
  const [accounts] = await rowsOf<{ n: string }>(db, sql`select count(*)::text as n from users`);
  return Number(accounts?.n ?? 0);
}
