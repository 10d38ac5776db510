import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { users } from '../members/members.tables.js';
import { subscriptions } from '../membership/membership.tables.js';
import { linkedAccounts } from '../linked-accounts/linked-accounts.tables.js';
import { sessions } from '../login/login.tables.js';

/** The queries of the admin console's member pages (docs/domain.md AM1-AM8). */

/** The columns staff may change, with what they hold now; the row locked for the change. */
export async function lockMemberForStaff(tx: Db, id: number) {
  const [row] = await tx
    .select({
      id: users.id,
      kind: users.kind,
      role: users.role,
      status: users.status,
      first: users.first,
      last: users.last,
      email: users.email,
      username: users.username,
      imdbUrl: users.imdbUrl,
      referrerId: users.referrerId,
      premiumExpires: users.premiumExpires,
      proExpires: users.proExpires,
      points: users.points,
    })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  return row ?? null;
}

export type StaffEditable = NonNullable<Awaited<ReturnType<typeof lockMemberForStaff>>>;

export async function setMemberColumns(tx: Db, id: number, set: Partial<typeof users.$inferInsert>) {
  await tx.update(users).set(set).where(eq(users.id, id));
}

/** Ends every session of the member (a new password, a deactivation: D2.6). */
export async function endSessions(tx: Db, userId: number, at: Date) {
  await tx
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Another account holds this username (any case) or email. */
export async function usernameHeldByOther(db: Db, username: string, id: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = ${username.toLowerCase()}`, ne(users.id, id)))
    .limit(1);
  return Boolean(row);
}

export async function emailHeldByOther(db: Db, email: string, id: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, id)))
    .limit(1);
  return Boolean(row);
}

/** A member who may refer others: a member account that was not deleted. */
export async function referrerName(db: Db, id: number) {
  const [row] = await db
    .select({ first: users.first, last: users.last })
    .from(users)
    .where(and(eq(users.id, id), eq(users.kind, 'member'), ne(users.status, 'deleted')))
    .limit(1);
  return row ? `${row.first} ${row.last}` : null;
}

/** The card's lists beside the member's row: subscriptions, linked accounts (AM2). */
export async function memberExtras(db: Db, id: number) {
  const [subs, linked] = await Promise.all([
    db
      .select({
        id: subscriptions.id,
        status: subscriptions.status,
        level: subscriptions.level,
        provider: subscriptions.provider,
        periodEnd: subscriptions.currentPeriodEnd,
      })
      .from(subscriptions)
      .where(eq(subscriptions.userId, id))
      .orderBy(desc(subscriptions.id))
      .limit(20),
    db
      .select({ platform: linkedAccounts.platform, handle: linkedAccounts.handle })
      .from(linkedAccounts)
      .where(eq(linkedAccounts.userId, id)),
  ]);
  return { subs, linked };
}
