import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';

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
async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export async function checkLedger(db: Db): Promise<LedgerReport> {
  const problems: string[] = [];
  const total = await rows<{ total: string | null; entries: string }>(
    db,
    sql`select coalesce(sum(delta), 0)::text as total, count(*)::text as entries from ledger_entries`,
  );
  const totals = total[0];
  if (totals && totals.total !== '0') problems.push(`The ledger sums to ${totals.total}, not 0.`);
  const movements = await rows<{ movement_id: string; total: string }>(
    db,
    sql`select movement_id, sum(delta)::text as total from ledger_entries group by movement_id having sum(delta) <> 0 limit 20`,
  );
  for (const m of movements) problems.push(`Movement ${m.movement_id} sums to ${m.total}.`);
  const balances = await rows<{ id: number; points: number; ledger: string }>(
    db,
    sql`select u.id, u.points, coalesce(l.total, 0)::text as ledger
        from users u left join (select account_id, sum(delta) as total from ledger_entries group by account_id) l
          on l.account_id = u.id
        where u.points <> coalesce(l.total, 0) limit 20`,
  );
  for (const b of balances)
    problems.push(`Account ${b.id} shows ${b.points} points but its ledger rows sum to ${b.ledger}.`);
  const negative = await rows<{ id: number; points: number }>(
    db,
    sql`select id, points from users where kind = 'member' and points < 0 limit 20`,
  );
  for (const n of negative) problems.push(`Member ${n.id} has a negative balance of ${n.points}.`);
  const accounts = await rows<{ n: string }>(db, sql`select count(*)::text as n from users`);
  return {
    ok: problems.length === 0,
    problems,
    accounts: Number(accounts[0]?.n ?? 0),
    entries: Number(totals?.entries ?? 0),
  };
}
