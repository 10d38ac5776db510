import { desc } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { outboxMails } from '../../platform/mail.tables.js';

/** The newest mails of the offline outbox, newest first. */
export function latestOutboxMails(db: Db, limit: number) {
  return db.select().from(outboxMails).orderBy(desc(outboxMails.id)).limit(limit);
}
