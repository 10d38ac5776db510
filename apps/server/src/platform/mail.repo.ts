import type { Db } from './db/database.js';
import { outboxMails } from './mail.tables.js';

/** Keeps a mail in the outbox shown at /dev/mail. */
export async function keepInOutbox(
  db: Db,
  mail: { to: string; subject: string; text: string; createdAt: Date },
) {
  await db.insert(outboxMails).values(mail);
}
