import { sql, type SQLWrapper } from 'drizzle-orm';
import { rowsOf, type Db } from '../src/platform/db/database.js';

/**
 * The plan PostgreSQL chooses for a query when it may read a table whole only if no index can
 * serve it (enable_seqscan off): a Seq Scan left in the plan means no index serves that table. The
 * test tables are tiny, so without it any plan would do.
 */
export async function planOf(db: Db, query: SQLWrapper): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const plan = await rowsOf<{ 'QUERY PLAN': string }>(tx as unknown as Db, sql`explain ${query}`);
    return plan.map((r) => r['QUERY PLAN']).join('\n');
  });
}
