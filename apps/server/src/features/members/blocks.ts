import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { blocks } from './members.tables.js';

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
