import { and, asc, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { passwordResets, sessions, signInAttempts } from './login.tables.js';

export async function createSession(
  db: Db,
  s: { tokenHash: string; userId: number; at: Date; address: string | null; userAgent: string | null },
) {
  await db.insert(sessions).values({
    tokenHash: s.tokenHash,
    userId: s.userId,
    createdAt: s.at,
    lastUsedAt: s.at,
    address: s.address,
    userAgent: s.userAgent?.slice(0, 300) ?? null,
  });
}

export async function revokeSession(db: Db, sessionId: number, at: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: Db, userId: number, at: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Failed attempts of one scope and key since `since`, oldest first; `except` leaves out one attempt. */
export async function recentFailures(
  db: Db,
  scope: string,
  key: string,
  since: Date,
  except?: number,
): Promise<Date[]> {
  const rows = await db
    .select({ at: signInAttempts.createdAt })
    .from(signInAttempts)
    .where(
      and(
        eq(signInAttempts.scope, scope),
        eq(signInAttempts.key, key),
        eq(signInAttempts.succeeded, false),
        gt(signInAttempts.createdAt, since),
        except === undefined ? undefined : ne(signInAttempts.id, except),
      ),
    )
    .orderBy(asc(signInAttempts.createdAt));
  return rows.map((r) => r.at);
}

export async function recordAttempt(
  db: Db,
  scope: string,
  key: string,
  succeeded: boolean,
  at: Date,
): Promise<number> {
  const [row] = await db
    .insert(signInAttempts)
    .values({ scope, key, succeeded, createdAt: at })
    .returning({ id: signInAttempts.id });
  if (!row) throw new Error('The sign-in attempt was not recorded.');
  return row.id;
}

export async function dropAttempts(db: Db, ids: number[]) {
  await db.delete(signInAttempts).where(inArray(signInAttempts.id, ids));
}

/** A successful sign-in clears the account's failures. */
export async function clearFailures(db: Db, scope: string, key: string) {
  await db
    .delete(signInAttempts)
    .where(
      and(eq(signInAttempts.scope, scope), eq(signInAttempts.key, key), eq(signInAttempts.succeeded, false)),
    );
}

export async function createReset(
  db: Db,
  r: { tokenHash: string; userId: number; at: Date; expiresAt: Date },
) {
  await db
    .insert(passwordResets)
    .values({ tokenHash: r.tokenHash, userId: r.userId, createdAt: r.at, expiresAt: r.expiresAt });
}

/** An unused, unexpired reset by its token hash. */
export async function findLiveReset(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Marks a reset used; false when another request used it first. */
export async function useReset(db: Db, id: number, at: Date): Promise<boolean> {
  const used = await db
    .update(passwordResets)
    .set({ usedAt: at })
    .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt)))
    .returning({ id: passwordResets.id });
  return used.length === 1;
}
