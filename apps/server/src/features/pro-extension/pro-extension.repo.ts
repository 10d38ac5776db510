import { and, count, eq, gt, gte, isNull, lt, sql, sum } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { SESSION_IDLE_MS } from '../../platform/auth.js';
import { sessions } from '../login/login.tables.js';
import { actions } from '../earn/earn.tables.js';
import { extensionPairings } from './pro-extension.tables.js';

export type PairingRow = typeof extensionPairings.$inferSelect;

/** Pairings of one member are made one after another (PX2): the limit and the replacement hold at once. */
const PAIRING_LOCKS = 0x5058; // 'PX'

export async function lockPairingsOf(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PAIRING_LOCKS}, ${userId})`);
}

/** The extension's session is live: not revoked, and used in the last 30 days (D2.6). */
const liveSession = (now: Date) =>
  and(
    eq(sessions.id, extensionPairings.sessionId),
    isNull(sessions.revokedAt),
    gt(sessions.lastUsedAt, new Date(now.getTime() - SESSION_IDLE_MS)),
  );

/** The member's pairings whose session is still live, newest first (the welcome page). */
export const livePairingsQuery = (db: Db, userId: number, now: Date) =>
  db
    .select({ pairing: extensionPairings })
    .from(extensionPairings)
    .innerJoin(sessions, liveSession(now))
    .where(eq(extensionPairings.userId, userId))
    .orderBy(sql`${extensionPairings.pairedAt} desc, ${extensionPairings.id} desc`);

export async function livePairings(db: Db, userId: number, now: Date): Promise<PairingRow[]> {
  return (await livePairingsQuery(db, userId, now)).map((r) => r.pairing);
}

/** The pairing an installation made before, live or not (its session may have been revoked since). */
export async function pairingOfInstall(tx: Db, userId: number, installId: string) {
  const [row] = await tx
    .select()
    .from(extensionPairings)
    .where(and(eq(extensionPairings.userId, userId), eq(extensionPairings.installId, installId)))
    .limit(1);
  return row ?? null;
}

export async function insertPairing(
  tx: Db,
  p: { userId: number; sessionId: number; installId: string; version: string; browser: string; at: Date },
): Promise<PairingRow> {
  const [row] = await tx
    .insert(extensionPairings)
    .values({
      userId: p.userId,
      sessionId: p.sessionId,
      installId: p.installId,
      version: p.version,
      browser: p.browser,
      state: 'paused',
      pairedAt: p.at,
      stateAt: p.at,
      lastSeenAt: p.at,
    })
    .returning();
  return row as PairingRow;
}

/** Removes a pairing; its session is ended by the caller in the same transaction. */
export async function deletePairing(tx: Db, id: number): Promise<void> {
  await tx.delete(extensionPairings).where(eq(extensionPairings.id, id));
}

export async function pairingOfSession(db: Db, sessionId: number) {
  const [row] = await db
    .select()
    .from(extensionPairings)
    .where(eq(extensionPairings.sessionId, sessionId))
    .limit(1);
  return row ?? null;
}

/** A live pairing of this member by its id. */
export async function livePairingOf(db: Db, userId: number, id: number, now: Date) {
  const [row] = await db
    .select({ pairing: extensionPairings })
    .from(extensionPairings)
    .innerJoin(sessions, liveSession(now))
    .where(and(eq(extensionPairings.id, id), eq(extensionPairings.userId, userId)))
    .limit(1);
  return row?.pairing ?? null;
}

/** What the extension said it is doing (PX6, PX7); saying anything is also being seen. */
export async function setPairingState(
  db: Db,
  sessionId: number,
  s: { state: string; reason: string | null; version: string; at: Date },
) {
  await db
    .update(extensionPairings)
    .set({ state: s.state, reason: s.reason, version: s.version, stateAt: s.at, lastSeenAt: s.at })
    .where(eq(extensionPairings.sessionId, sessionId));
}

/** The extension called (PX6); written at most every 15 s, so most calls only read. */
export async function touchPairing(db: Db, sessionId: number, at: Date) {
  await db
    .update(extensionPairings)
    .set({ lastSeenAt: at })
    .where(
      and(
        eq(extensionPairings.sessionId, sessionId),
        lt(extensionPairings.lastSeenAt, new Date(at.getTime() - 15_000)),
      ),
    );
}

/**
 * Whether one of the member's paired extensions said it runs and called since `since` (PX6): asked
 * on every IMDb tab of a Pro member, so it reads the member's pairings by their index alone.
 */
export const runningPairingQuery = (db: Db, userId: number, since: Date) =>
  db
    .select({ id: extensionPairings.id })
    .from(extensionPairings)
    .innerJoin(sessions, liveSession(since))
    .where(
      and(
        eq(extensionPairings.userId, userId),
        eq(extensionPairings.state, 'running'),
        gte(extensionPairings.lastSeenAt, since),
      ),
    )
    .limit(1);

export async function hasRunningPairing(db: Db, userId: number, since: Date): Promise<boolean> {
  const [row] = await runningPairingQuery(db, userId, since);
  return Boolean(row);
}

/**
 * The views the member's extensions were credited on a Pacific day, and their points (PX6): the
 * day's range of the earner's own index (actions_earner_created_idx).
 */
export const extensionDayQuery = (db: Db, userId: number, day: { from: Date; to: Date }) =>
  db
    .select({ views: count(), points: sum(actions.points) })
    .from(actions)
    .where(
      and(
        eq(actions.earnerId, userId),
        gte(actions.createdAt, day.from),
        lt(actions.createdAt, day.to),
        eq(actions.viaExtension, true),
        sql`${actions.status} not in ('reversed', 'invalid')`,
      ),
    );

export async function extensionDay(db: Db, userId: number, day: { from: Date; to: Date }) {
  const [row] = await extensionDayQuery(db, userId, day);
  return { views: row?.views ?? 0, points: Number(row?.points ?? 0) };
}
