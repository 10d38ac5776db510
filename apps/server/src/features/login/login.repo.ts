import { and, eq, gt, isNull, lte, ne } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { users } from '../members/members.tables.js';
import { emailConfirmations, passwordResets, sessions, unconfirmedEmails } from './login.tables.js';

export async function createSession(
  db: Db,
  s: {
    tokenHash: string;
    userId: number;
    at: Date;
    address: string | null;
    userAgent: string | null;
    impersonatedBy?: number;
    /** The Pro extension's own session (PX3). */
    kind?: 'browser' | 'extension';
  },
): Promise<number> {
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: s.tokenHash,
      userId: s.userId,
      createdAt: s.at,
      lastUsedAt: s.at,
      address: s.address,
      userAgent: s.userAgent?.slice(0, 300) ?? null,
      impersonatedBy: s.impersonatedBy ?? null,
      kind: s.kind ?? 'browser',
    })
    .returning({ id: sessions.id });
  return (row as { id: number }).id;
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

/** A new member from the sign-up form (D2.4); answers their id. */
export async function createMember(
  db: Db,
  m: Pick<
    typeof users.$inferInsert,
    'first' | 'last' | 'email' | 'username' | 'passwordHash' | 'imdbUrl' | 'referrerId'
  > & { at: Date },
): Promise<number> {
  const { at, ...fields } = m;
  const [created] = await db
    .insert(users)
    .values({ ...fields, createdAt: at, lastActiveAt: at })
    .returning({ id: users.id });
  return (created as { id: number }).id;
}

/** The member was active now (a sign-in). */
export async function markActive(db: Db, userId: number, at: Date) {
  await db.update(users).set({ lastActiveAt: at }).where(eq(users.id, userId));
}

export async function setPassword(db: Db, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** A member now waiting to confirm their email address (D2.4). */
export async function markUnconfirmed(db: Db, userId: number, at: Date) {
  await db.insert(unconfirmedEmails).values({ userId, createdAt: at }).onConflictDoNothing();
}

export async function isUnconfirmed(db: Db, userId: number): Promise<boolean> {
  return (await unconfirmedSince(db, userId)) !== null;
}

/** When the member's wait to confirm began (their sign-up); null once confirmed. */
export async function unconfirmedSince(db: Db, userId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: unconfirmedEmails.createdAt })
    .from(unconfirmedEmails)
    .where(eq(unconfirmedEmails.userId, userId))
    .limit(1);
  return row?.at ?? null;
}

/** U6: accounts not yet erased that have waited to confirm since `cutoff` or before. */
export async function unconfirmedSinceBefore(db: Db, cutoff: Date) {
  return db
    .select({ id: users.id, email: users.email, username: users.username })
    .from(unconfirmedEmails)
    .innerJoin(users, eq(users.id, unconfirmedEmails.userId))
    .where(and(lte(unconfirmedEmails.createdAt, cutoff), ne(users.status, 'deleted')))
    .orderBy(users.id);
}

/** Ends the wait; true only for the one request that ended it (the one that pays the bonus). */
export async function markConfirmed(db: Db, userId: number): Promise<boolean> {
  const gone = await db
    .delete(unconfirmedEmails)
    .where(eq(unconfirmedEmails.userId, userId))
    .returning({ userId: unconfirmedEmails.userId });
  return gone.length === 1;
}

export async function createConfirmation(
  db: Db,
  c: { tokenHash: string; userId: number; email: string; at: Date; expiresAt: Date },
) {
  await db.insert(emailConfirmations).values({
    tokenHash: c.tokenHash,
    userId: c.userId,
    email: c.email,
    createdAt: c.at,
    expiresAt: c.expiresAt,
  });
}

/** The member a confirmation link was mailed to, spent or not; null for an unknown link. */
export async function confirmationOwner(db: Db, tokenHash: string): Promise<number | null> {
  const [row] = await db
    .select({ userId: emailConfirmations.userId })
    .from(emailConfirmations)
    .where(eq(emailConfirmations.tokenHash, tokenHash))
    .limit(1);
  return row?.userId ?? null;
}

/**
 * Spends a live confirmation link and answers whose it was; null when it is unknown, expired or
 * already spent. The conditional update lets exactly one of two simultaneous openings through.
 */
export async function useConfirmation(db: Db, tokenHash: string, at: Date) {
  const [row] = await db
    .update(emailConfirmations)
    .set({ usedAt: at })
    .where(
      and(
        eq(emailConfirmations.tokenHash, tokenHash),
        isNull(emailConfirmations.usedAt),
        gt(emailConfirmations.expiresAt, at),
      ),
    )
    .returning({ userId: emailConfirmations.userId, email: emailConfirmations.email });
  return row ?? null;
}
