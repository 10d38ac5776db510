import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { subscriptions } from '../membership/membership.tables.js';
import { users } from './members.tables.js';

/**
 * The managed period end and whether a recurring subscription renews, for the membership rule (D2.3).
 * Drizzle leaves column names unqualified in a select list, so the outer member is named explicitly.
 */
const memberId = sql.raw('"users"."id"');
export const membershipColumns = {
  managedUntil: sql<Date | null>`(
    select max(${subscriptions.currentPeriodEnd}) from ${subscriptions}
    where ${subscriptions.userId} = ${memberId} and ${subscriptions.level} = 'managed' and ${subscriptions.status} <> 'ended')`.mapWith(
    subscriptions.currentPeriodEnd,
  ),
  subscribed: sql<boolean>`exists (
    select 1 from ${subscriptions}
    where ${subscriptions.userId} = ${memberId} and ${subscriptions.status} = 'active')`,
};

export type MemberRow = typeof users.$inferSelect & { managedUntil: Date | null; subscribed: boolean };

/** A member with what their membership is derived from, in one query. */
export async function findMember(db: Db, id: number): Promise<MemberRow | null> {
  const [row] = await db
    .select({ user: users, ...membershipColumns })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (!row) return null;
  return { ...row.user, managedUntil: row.managedUntil, subscribed: Boolean(row.subscribed) };
}

/** The account a sign-in name refers to: its username (any case) or its email. */
export async function findByLogin(db: Db, login: string) {
  const lowered = login.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(eq(users.kind, 'member'), or(sql`lower(${users.username}) = ${lowered}`, eq(users.email, lowered))),
    )
    .limit(1);
  return row ?? null;
}

export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return Boolean(row);
}

export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return Boolean(row);
}

export async function isActiveMember(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.kind, 'member'), eq(users.status, 'active')))
    .limit(1);
  return Boolean(row);
}
