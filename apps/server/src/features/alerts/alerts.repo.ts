import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { publishLive } from '../../platform/live.js';
import { notBlockedWith } from '../members/index.js';
import { alerts } from './alerts.tables.js';

export const ALERT_LIST_SIZE = 20;

/** Alerts about a member the reader blocked, or who blocked them, are not shown (blocking hides each from the other). */
const notFromBlocked = (userId: number) =>
  sql`(${alerts.actorId} is null or ${notBlockedWith(userId, alerts.actorId)})`;

export async function unseenAlertCount(db: Db, userId: number): Promise<number> {
  const [row] = await unseenAlertCountQuery(db, userId);
  return row?.n ?? 0;
}

export function unseenAlertCountQuery(db: Db, userId: number) {
  return db
    .select({ n: count() })
    .from(alerts)
    .where(and(eq(alerts.userId, userId), isNull(alerts.seenAt), notFromBlocked(userId)));
}

/** The newest alerts, read backwards through alerts_user_idx. */
export function latestAlerts(db: Db, userId: number) {
  return db
    .select()
    .from(alerts)
    .where(and(eq(alerts.userId, userId), notFromBlocked(userId)))
    .orderBy(desc(alerts.id))
    .limit(ALERT_LIST_SIZE);
}

export async function markAlertsSeen(db: Db, userId: number, at: Date) {
  await db
    .update(alerts)
    .set({ seenAt: at })
    .where(and(eq(alerts.userId, userId), isNull(alerts.seenAt)));
}

/**
 * Raises an alert (D8.2); features call this when something needs the member. `actorId` is the
 * member it is about (optional), so that it is hidden once either blocks the other.
 */
export async function raiseAlert(
  db: Db,
  a: { userId: number; kind: string; content: string; link: string; at: Date; actorId?: number },
) {
  await db.insert(alerts).values({
    userId: a.userId,
    actorId: a.actorId ?? null,
    kind: a.kind,
    content: a.content,
    link: a.link,
    createdAt: a.at,
  });
  // LV7: the member's badge counts again, on every page they have open.
  await publishLive(db, { kind: 'alerts', to: [a.userId] });
}

/**
 * Raises an alert unless the member already has one of the same kind about the same member and
 * thing, seen or not (D8.2 "never twice for a repeated like": like, unlike, like again). Read
 * through alerts_user_idx; run it in the transaction that made the like.
 */
export async function raiseAlertOnce(
  db: Db,
  a: { userId: number; kind: string; content: string; link: string; at: Date; actorId: number },
): Promise<boolean> {
  const [already] = await db
    .select({ id: alerts.id })
    .from(alerts)
    .where(
      and(
        eq(alerts.userId, a.userId),
        eq(alerts.actorId, a.actorId),
        eq(alerts.kind, a.kind),
        eq(alerts.link, a.link),
      ),
    )
    .limit(1);
  if (already) return false;
  await raiseAlert(db, a);
  return true;
}

export const MESSAGE_ALERT = 'message';

/**
 * D8.2 'a message', without flooding: one unseen alert per conversation. A new message replaces the
 * unseen one (so it moves to the top with the latest time) instead of adding another.
 */
export async function raiseMessageAlert(
  tx: Db,
  a: { userId: number; senderId: number; senderName: string; at: Date },
) {
  await tx
    .delete(alerts)
    .where(
      and(
        eq(alerts.userId, a.userId),
        eq(alerts.actorId, a.senderId),
        eq(alerts.kind, MESSAGE_ALERT),
        isNull(alerts.seenAt),
      ),
    );
  await raiseAlert(tx, {
    userId: a.userId,
    actorId: a.senderId,
    kind: MESSAGE_ALERT,
    content: `${a.senderName} sent you a message.`,
    link: `/messages/${a.senderId}`,
    at: a.at,
  });
}

/** Reading a conversation answers its message alert: it no longer counts as unseen. */
export async function markMessageAlertSeen(db: Db, userId: number, senderId: number, at: Date) {
  await db
    .update(alerts)
    .set({ seenAt: at })
    .where(
      and(
        eq(alerts.userId, userId),
        eq(alerts.actorId, senderId),
        eq(alerts.kind, MESSAGE_ALERT),
        isNull(alerts.seenAt),
      ),
    );
}
