import { and, eq, isNull, sql } from 'drizzle-orm';
import { preparedOnce, type Db } from './db/database.js';
import type { Clock } from './clock.js';
import { sessions } from '../features/login/login.tables.js';
import { users } from '../features/members/members.tables.js';
import { hashToken } from './tokens.js';
import { DAY_MS, MINUTE_MS } from './time.js';

/** Sessions end after 30 days without use (D2.6). */
export const SESSION_IDLE_MS = 30 * DAY_MS;
/** Last-use times are written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 5 * MINUTE_MS;

/** The signed-in member making a call. */
export interface Caller {
  userId: number;
  role: string;
  sessionId: number;
  tokenHash: string;
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** The session of a token with its member, the query of every signed-in call: prepared once. */
const sessionQuery = preparedOnce((db) =>
  db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      lastUsedAt: sessions.lastUsedAt,
      role: users.role,
      status: users.status,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt)))
    .limit(1)
    .prepare('session_of_token'),
);

/** Finds the live session of a token; null when it is unknown, revoked, idle too long or its member inactive. */
export async function authenticate(db: Db, clock: Clock, token: string | null): Promise<Caller | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = hashToken(token);
  const [row] = await sessionQuery(db).execute({ tokenHash });
  if (!row || row.status !== 'active') return null;
  const now = clock.now();
  const idle = now.getTime() - row.lastUsedAt.getTime();
  if (idle > SESSION_IDLE_MS) return null;
  if (idle > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, row.sessionId));
    await db.update(users).set({ lastActiveAt: now }).where(eq(users.id, row.userId));
  }
  return { userId: row.userId, role: row.role, sessionId: row.sessionId, tokenHash };
}
