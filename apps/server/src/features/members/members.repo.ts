import { and, eq, inArray, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { MAX_ID } from '@marquee/contract';
import type { Db } from '../../platform/db/database.js';
import { subscriptions } from '../membership/membership.tables.js';
import { blocks, users } from './members.tables.js';

/**
 * A member id inside SQL: a number (sent as a parameter), a prepared statement's placeholder cast
 * to int, or a column. Columns are best passed qualified (`sql.raw('"users"."id"')`), because
 * drizzle leaves column names unqualified inside raw SQL of a select list.
 */
export type MemberIdSql = number | SQL | SQLWrapper;

/** `blocker` blocked `blocked`: one lookup in the blocks primary key (blocker_id, blocked_id). */
export function blockExists(blocker: MemberIdSql, blocked: MemberIdSql): SQL {
  return sql`exists (select 1 from ${blocks} b where b.blocker_id = ${blocker} and b.blocked_id = ${blocked})`;
}

/**
 * D4.1: neither member has blocked the other (blocking hides each from the other everywhere). Each
 * direction is its own NOT EXISTS, so each is one primary-key lookup (an anti-join), never a scan.
 */
export function notBlockedWith(viewer: MemberIdSql, other: MemberIdSql): SQL {
  return sql`(not ${blockExists(viewer, other)} and not ${blockExists(other, viewer)})`;
}

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

/**
 * `lower(column)` starts with `lower(prefix)`, written as the range [prefix, prefix with its last
 * character's code point + 1) in byte order (the ~>=~ and ~<~ operators), which is exactly "starts
 * with" for UTF-8 text, takes no LIKE escaping, and lets a `lower(column) text_pattern_ops` index
 * serve it even in a generic plan, where LIKE with a parameter cannot.
 */
function startsWith(column: SQL, prefix: string): SQL {
  const from = sql`lower(${prefix}::text)`;
  const to = sql`(left(${from}, -1) || chr(ascii(right(${from}, 1)) + 1))`;
  return sql`(lower(${column}) ~>=~ ${from} and lower(${column}) ~<~ ${to})`;
}

/**
 * Members whose first name, last name or username starts with what was typed (case aside): active
 * members only, never the one searching nor anyone who blocked them or whom they blocked.
 */
export async function searchMembers(db: Db, q: MemberSearch) {
  return searchMembersQuery(db, q);
}

type MemberSearch = {
  callerId: number;
  terms: { any: string } | { first: string; last: string };
  limit: number;
};

/** The query of searchMembers, not yet run (its plan is checked by members.test.ts). */
export function searchMembersQuery(db: Db, q: MemberSearch) {
  const match =
    'any' in q.terms
      ? or(
          startsWith(sql`${users.first}`, q.terms.any),
          startsWith(sql`${users.last}`, q.terms.any),
          startsWith(sql`${users.username}`, q.terms.any),
        )
      : and(startsWith(sql`${users.first}`, q.terms.first), startsWith(sql`${users.last}`, q.terms.last));
  return db
    .select({ id: users.id, first: users.first, last: users.last, avatar: users.defaultPic })
    .from(users)
    .where(
      and(
        match,
        // Literals: a generic plan proves the prefix indexes' predicate from them only (decision 0020).
        sql`${users.kind} = 'member' and ${users.status} = 'active'`,
        ne(users.id, q.callerId),
        sql`not exists (select 1 from ${blocks} b where (b.blocker_id = ${q.callerId} and b.blocked_id = ${users.id})
              or (b.blocker_id = ${users.id} and b.blocked_id = ${q.callerId}))`,
      ),
    )
    .orderBy(users.first, users.last, users.id)
    .limit(q.limit);
}

/** What the staff search answers per member (docs/domain.md AM1). */
const staffColumns = {
  id: users.id,
  first: users.first,
  last: users.last,
  username: users.username,
  email: users.email,
  status: users.status,
  premiumExpires: users.premiumExpires,
  proExpires: users.proExpires,
  lastActiveAt: users.lastActiveAt,
};

/**
 * AM1: members of any status for staff, by id, by the start of an email address, or by the start of a
 * first name, last name or username (two words: first and last). Active members are read through the
 * prefix indexes, the few others through users_not_active_idx; deleted accounts are left out. The
 * queries, not yet run (their plans are checked by admin-plans.test.ts).
 */
export function staffSearchQueries(db: Db, q: string, limit: number) {
  // Literals, not parameters: the server plans generically (decision 0020), and only a literal lets
  // the planner prove the prefix indexes' predicate (an active member's).
  const member = sql`${users.kind} = 'member' and ${users.status} <> 'deleted'`;
  const active = sql`${users.kind} = 'member' and ${users.status} = 'active'`;
  if (/^\d{1,10}$/.test(q)) {
    // A number past the largest id names nobody (and no integer column holds it).
    if (Number(q) > MAX_ID) return [];
    return [
      db
        .select(staffColumns)
        .from(users)
        .where(and(eq(users.id, Number(q)), member)),
    ];
  }
  if (q.includes('@')) {
    return [
      db
        .select(staffColumns)
        .from(users)
        .where(and(startsWith(sql`${users.email}`, q), member))
        .orderBy(sql`lower(${users.email})`)
        .limit(limit),
    ];
  }
  const words = q.split(/\s+/);
  const match =
    words.length >= 2
      ? and(
          startsWith(sql`${users.first}`, words[0]!),
          startsWith(sql`${users.last}`, words.slice(1).join(' ')),
        )
      : or(
          startsWith(sql`${users.first}`, q),
          startsWith(sql`${users.last}`, q),
          startsWith(sql`${users.username}`, q),
        );
  return [
    db
      .select(staffColumns)
      .from(users)
      .where(and(match, active))
      .orderBy(users.first, users.last, users.id)
      .limit(limit),
    db
      .select(staffColumns)
      .from(users)
      .where(and(match, sql`${users.status} <> 'active'`, member))
      .orderBy(users.first, users.last, users.id)
      .limit(limit),
  ];
}

/**
 * AM1: runs the staff search, active members first; the membership facts (D2.3) are read for the
 * members shown only, not for every match before the limit.
 */
export async function searchMembersForStaff(db: Db, q: string, limit: number) {
  const found = (await Promise.all(staffSearchQueries(db, q, limit))).flat().slice(0, limit);
  if (found.length === 0) return [];
  const facts = await db
    .select({ id: users.id, ...membershipColumns })
    .from(users)
    .where(
      inArray(
        users.id,
        found.map((f) => f.id),
      ),
    );
  const byId = new Map(facts.map((f) => [f.id, f]));
  return found.map((f) => ({
    ...f,
    managedUntil: byId.get(f.id)?.managedUntil ?? null,
    subscribed: Boolean(byId.get(f.id)?.subscribed),
  }));
}
