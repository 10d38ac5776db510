import { lt } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { errorReports } from './errors.tables.js';

export type NewReport = typeof errorReports.$inferInsert;

export async function insertReport(db: Db, report: NewReport): Promise<void> {
  await db.insert(errorReports).values(report);
}

/** Deletes the reports made before `before` (error_reports_created_idx); answers how many went. */
export async function deleteReportsBefore(db: Db, before: Date): Promise<number> {
  const gone = await db
    .delete(errorReports)
    .where(lt(errorReports.createdAt, before))
    .returning({ id: errorReports.id });
  return gone.length;
}
