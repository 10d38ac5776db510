import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { alerts } from './alerts.tables.js';

export const ALERT_LIST_SIZE = 20;

export async function unseenAlertCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(alerts)
    .where(and(eq(alerts.userId, userId), isNull(alerts.seenAt)));
  return row?.n ?? 0;
}

export async function latestAlerts(db: Db, userId: number) {
  return db
    .select()
    .from(alerts)
    .where(eq(alerts.userId, userId))
    .orderBy(desc(alerts.id))
    .limit(ALERT_LIST_SIZE);
}

export async function markAlertsSeen(db: Db, userId: number, at: Date) {
  await db
    .update(alerts)
    .set({ seenAt: at })
    .where(and(eq(alerts.userId, userId), isNull(alerts.seenAt)));
}

/** Raises an alert (D8.2); features call this when something needs the member. */
export async function raiseAlert(
  db: Db,
  a: { userId: number; kind: string; content: string; link: string; at: Date },
) {
  await db
    .insert(alerts)
    .values({ userId: a.userId, kind: a.kind, content: a.content, link: a.link, createdAt: a.at });
}
