import { desc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db/database.js';
import { subscriptions } from '../membership/membership.tables.js';
import { managedSetups, managedWeeks } from './managed.tables.js';

/** The reads of the rank history (MR10, MR11). */

/** A member's weeks of the service, newest first (one per week: a member's weeks are few). */
export async function weeksOf(db: Db, userId: number) {
  return db
    .select({
      weekEnding: managedWeeks.weekEnding,
      rank: managedWeeks.rank,
      views: managedWeeks.viewsGranted,
      target: managedWeeks.target,
    })
    .from(managedWeeks)
    .where(eq(managedWeeks.userId, userId))
    .orderBy(desc(managedWeeks.weekEnding));
}

/**
 * Whether the member is managed now (an active managed subscription, D2.3), its tier (null for one
 * staff gave without a tier) and the tier staff set up (MR2), in one query.
 */
export async function managedFacts(db: Db, userId: number, now: Date) {
  const active = sql`from ${subscriptions} s where s.user_id = ${userId} and s.level = 'managed'
    and s.status <> 'ended' and s.current_period_end > ${now}`;
  const [row] = await rowsOf<{ managed: boolean; tier: number | null; setupSelection: number | null }>(
    db,
    sql`select exists (select 1 ${active}) as managed,
        (select s.tier ${active} order by s.current_period_end desc limit 1) as tier,
        (select m.selection from ${managedSetups} m where m.user_id = ${userId}) as "setupSelection"`,
  );
  return {
    managed: Boolean(row?.managed),
    tier: row?.tier == null ? null : Number(row.tier),
    setupSelection: row?.setupSelection == null ? null : Number(row.setupSelection),
  };
}
