import { sql } from 'drizzle-orm';
import type { Db } from './db/database.js';

/** NOTIFY on `channel`, heard by every listener once `db`'s transaction commits (at once outside one). */
export async function notify(db: Db, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}
