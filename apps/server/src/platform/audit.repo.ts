import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from './db/database.js';
import { adminAudit } from './audit.tables.js';

/** What an admin did, as the audit log keeps it (D13.1). */
export interface AuditRecord {
  adminId: number;
  action: string;
  summary: string;
  userId?: number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string | null;
  at: Date;
}

/**
 * Writes one entry of the audit log; called inside the transaction that makes the change, so an
 * action and its entry commit together or not at all (D13.1).
 */
export async function recordAudit(db: Db, entry: AuditRecord): Promise<void> {
  await db.insert(adminAudit).values({
    adminId: entry.adminId,
    action: entry.action,
    summary: entry.summary,
    userId: entry.userId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
    createdAt: entry.at,
  });
}

export type AuditRow = typeof adminAudit.$inferSelect & { adminName: string; userName: string | null };

/** Entries newest first, with the admin's and the member's names; a member's own when `userId` is given. */
export async function auditEntries(
  db: Db,
  opts: { limit: number; offset?: number; userId?: number },
): Promise<AuditRow[]> {
  const rows = await rowsOf<AuditRow>(
    db,
    sql`
    select a.id, a.admin_id as "adminId", a.action, a.summary, a.user_id as "userId", a.before, a.after,
           a.reason, a.created_at as "createdAt",
           coalesce(ad.first || ' ' || ad.last, 'a former admin') as "adminName",
           case when a.user_id is null then null
                else coalesce(u.first || ' ' || u.last, 'a deleted member') end as "userName"
    from admin_audit a
    left join users ad on ad.id = a.admin_id and ad.status <> 'deleted'
    left join users u on u.id = a.user_id and u.status <> 'deleted'
    ${opts.userId === undefined ? sql`` : sql`where a.user_id = ${opts.userId}`}
    order by a.created_at desc, a.id desc
    limit ${opts.limit} offset ${opts.offset ?? 0}`,
  );
  return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt) }));
}

/** How many entries the log holds (its pages). */
export async function auditCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(adminAudit);
  return row?.n ?? 0;
}
