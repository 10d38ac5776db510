import { and, eq, isNull, sql } from 'drizzle-orm';
import { preparedOnce } from '../../platform/db/database.js';
import type { SessionKeeper } from '../../platform/auth.js';
import { users } from '../members/members.tables.js';
import { sessions } from './login.tables.js';

/** The session of a token with its member, the query of every signed-in call: prepared once. */
const sessionQuery = preparedOnce((db) =>
  db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      lastUsedAt: sessions.lastUsedAt,
      role: users.role,
      status: users.status,
      impersonatedBy: sessions.impersonatedBy,
      kind: sessions.kind,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt)))
    .limit(1)
    .prepare('session_of_token'),
);

/** Where the platform's authenticate finds sessions (given to it by app.ts). */
export const sessionKeeper: SessionKeeper = {
  async find(db, tokenHash) {
    const [row] = await sessionQuery(db).execute({ tokenHash });
    return row;
  },
  async touch(db, session, now) {
    await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, session.sessionId));
    // Staff using the account (D13.2) are not the member being active.
    if (session.impersonatedBy === null)
      await db.update(users).set({ lastActiveAt: now }).where(eq(users.id, session.userId));
  },
};
