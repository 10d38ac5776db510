import type { admin } from '@marquee/contract';
import type { AuditRow } from '../../platform/audit.repo.js';
import { timeAgo } from '../../platform/time.js';

/** An audit entry as the console shows it (D13.1, AD7). */
export function presentAudit(row: AuditRow, now: Date): admin.AuditEntry {
  return {
    id: row.id,
    admin_id: row.adminId,
    admin_name: row.adminName,
    action: row.action,
    summary: row.summary,
    user_id: row.userId,
    user_name: row.userName,
    before: row.before,
    after: row.after,
    reason: row.reason,
    at: row.createdAt.toISOString(),
    ago: timeAgo(row.createdAt, now),
  };
}
