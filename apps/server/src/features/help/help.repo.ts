import { and, asc, count, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { help } from '@marquee/contract';
import type { Db } from '../../platform/db/database.js';
import { users } from '../members/members.tables.js';
import { deleteImageRows } from '../uploads/index.js';
import {
  chatConversations,
  chatMessages,
  faqs,
  helpMessages,
  helpRequests,
  helpStatusChanges,
} from './help.tables.js';

type HelpStatus = help.HelpStatus;

export interface RequestRow {
  id: number;
  userId: number;
  subject: string;
  status: HelpStatus;
  createdAt: Date;
  updatedAt: Date;
}

const requestColumns = {
  id: helpRequests.id,
  userId: helpRequests.userId,
  subject: helpRequests.subject,
  status: sql<HelpStatus>`${helpRequests.status}`,
  createdAt: helpRequests.createdAt,
  updatedAt: helpRequests.updatedAt,
};

/** Opens a request: the request, its first message (the description) and its first status row. Run inside a transaction. */
export async function insertRequest(
  tx: Db,
  r: { userId: number; subject: string; body: string; at: Date },
): Promise<number> {
  const [row] = await tx
    .insert(helpRequests)
    .values({ userId: r.userId, subject: r.subject, status: 'Pending', createdAt: r.at, updatedAt: r.at })
    .returning({ id: helpRequests.id });
  const id = (row as { id: number }).id;
  await tx
    .insert(helpMessages)
    .values({ requestId: id, authorId: r.userId, staffId: null, body: r.body, image: null, createdAt: r.at });
  await tx.insert(helpStatusChanges).values({
    requestId: id,
    changedBy: r.userId,
    fromStatus: null,
    toStatus: 'Pending',
    reason: 'opened',
    at: r.at,
  });
  return id;
}

/** One request with its member's name (primary key). */
export function requestQuery(db: Db, id: number) {
  return db
    .select({ ...requestColumns, first: users.first, last: users.last })
    .from(helpRequests)
    .innerJoin(users, eq(users.id, helpRequests.userId))
    .where(eq(helpRequests.id, id))
    .limit(1);
}

export async function findRequest(db: Db, id: number) {
  const [row] = await requestQuery(db, id);
  return row ?? null;
}

/**
 * The request's row locked until the transaction ends: replies and status changes of one request
 * happen one after another, so its status is always the one its latest change set (H4).
 */
export async function lockRequest(tx: Db, id: number): Promise<RequestRow | null> {
  const [row] = await tx
    .select(requestColumns)
    .from(helpRequests)
    .where(eq(helpRequests.id, id))
    .for('update');
  return row ?? null;
}

export interface MessageRow {
  id: number;
  authorId: number;
  first: string;
  last: string;
  staffFirst: string | null;
  staffLast: string | null;
  body: string;
  image: string | null;
  createdAt: Date;
}

const staff = alias(users, 'staff');

/** A request's messages, oldest first, read along help_messages_request_idx (the newest `limit`). */
export function messagesQuery(db: Db, requestId: number, limit: number) {
  return db
    .select({
      id: helpMessages.id,
      authorId: helpMessages.authorId,
      first: users.first,
      last: users.last,
      staffFirst: staff.first,
      staffLast: staff.last,
      body: helpMessages.body,
      image: helpMessages.image,
      createdAt: helpMessages.createdAt,
    })
    .from(helpMessages)
    .innerJoin(users, eq(users.id, helpMessages.authorId))
    .leftJoin(staff, eq(staff.id, helpMessages.staffId))
    .where(eq(helpMessages.requestId, requestId))
    .orderBy(desc(helpMessages.id))
    .limit(limit);
}

export async function messagesOf(db: Db, requestId: number, limit: number): Promise<MessageRow[]> {
  return (await messagesQuery(db, requestId, limit)).reverse();
}

export async function insertMessage(
  tx: Db,
  m: {
    requestId: number;
    authorId: number;
    staffId: number | null;
    body: string;
    image: string | null;
    at: Date;
  },
): Promise<number> {
  const [row] = await tx
    .insert(helpMessages)
    .values({
      requestId: m.requestId,
      authorId: m.authorId,
      staffId: m.staffId,
      body: m.body,
      image: m.image,
      createdAt: m.at,
    })
    .returning({ id: helpMessages.id });
  return (row as { id: number }).id;
}

/**
 * The request's new status and time; a change of status is recorded with who made it and why
 * (D13.1, H4). Run inside the transaction that locked the request.
 */
export async function applyStatus(
  tx: Db,
  c: { requestId: number; from: HelpStatus; to: HelpStatus; by: number; reason: string; at: Date },
): Promise<void> {
  await tx
    .update(helpRequests)
    .set({ status: c.to, updatedAt: c.at })
    .where(eq(helpRequests.id, c.requestId));
  if (c.from === c.to) return;
  await tx.insert(helpStatusChanges).values({
    requestId: c.requestId,
    changedBy: c.by,
    fromStatus: c.from,
    toStatus: c.to,
    reason: c.reason,
    at: c.at,
  });
}

/** The member's open or closed requests, newest first, read backwards along help_requests_user_idx. */
export function memberRequestsQuery(db: Db, userId: number, closed: boolean, limit: number) {
  return db
    .select(requestColumns)
    .from(helpRequests)
    .where(
      and(
        eq(helpRequests.userId, userId),
        closed ? eq(helpRequests.status, 'Closed') : ne(helpRequests.status, 'Closed'),
      ),
    )
    .orderBy(desc(helpRequests.updatedAt))
    .limit(limit);
}

/**
 * A page of the staff list (H8): one status along help_requests_status_idx, or every request along
 * help_requests_updated_idx. Pending requests come longest-waiting first, the others newest first.
 */
export function adminRequestsQuery(db: Db, filter: help.AdminHelpFilter, offset: number, limit: number) {
  const base = db
    .select({ ...requestColumns, first: users.first, last: users.last })
    .from(helpRequests)
    .innerJoin(users, eq(users.id, helpRequests.userId));
  if (filter === 'all') {
    return base.orderBy(desc(helpRequests.updatedAt), desc(helpRequests.id)).offset(offset).limit(limit);
  }
  const oldestFirst = filter === 'Pending';
  return base
    .where(eq(helpRequests.status, filter))
    .orderBy(
      oldestFirst ? asc(helpRequests.updatedAt) : desc(helpRequests.updatedAt),
      oldestFirst ? asc(helpRequests.id) : desc(helpRequests.id),
    )
    .offset(offset)
    .limit(limit);
}

/** How many requests have each status: counted along help_requests_status_idx. */
export function statusCountsQuery(db: Db) {
  return db
    .select({ status: helpRequests.status, n: count() })
    .from(helpRequests)
    .groupBy(helpRequests.status);
}

export async function statusCounts(db: Db): Promise<Record<HelpStatus, number>> {
  const counts: Record<HelpStatus, number> = { Pending: 0, 'Awaiting Response': 0, Closed: 0 };
  for (const row of await statusCountsQuery(db)) counts[row.status as HelpStatus] = Number(row.n);
  return counts;
}

/** A member's name (primary key). */
export function memberNameQuery(db: Db, id: number) {
  return db.select({ first: users.first, last: users.last }).from(users).where(eq(users.id, id)).limit(1);
}

/** The FAQs in their order (faqs_position_idx). */
export function faqsQuery(db: Db) {
  return db.select().from(faqs).orderBy(asc(faqs.position));
}

/** The status changes of a request, oldest first (for the tests of H4 and the audit, D13.1). */
export function statusChangesOf(db: Db, requestId: number) {
  return db
    .select()
    .from(helpStatusChanges)
    .where(eq(helpStatusChanges.requestId, requestId))
    .orderBy(asc(helpStatusChanges.id));
}

/**
 * D2.5, H8: a member's help is erased with their account, in eraseMember's transaction. The account's
 * row stays (as an anonymous id), so nothing cascades by itself: their requests go (with every message
 * and status change of them) and their chat; the pictures staff attached to their requests belong to
 * the support account, so their rows go here and their names are answered for the caller to remove
 * the files after the commit. An erased admin's answers stay, answered by "a former admin": the
 * admin's id is cleared from them.
 */
export async function eraseMemberHelp(tx: Db, memberId: number): Promise<string[]> {
  const mine = tx.select({ id: helpRequests.id }).from(helpRequests).where(eq(helpRequests.userId, memberId));
  const pictures = await tx
    .select({ image: helpMessages.image })
    .from(helpMessages)
    .where(and(inArray(helpMessages.requestId, mine), isNotNull(helpMessages.image)));
  const names = pictures.map((p) => p.image).filter((name): name is string => Boolean(name));
  await tx.delete(helpRequests).where(eq(helpRequests.userId, memberId));
  await deleteImageRows(tx, names);
  await tx.delete(chatConversations).where(eq(chatConversations.memberId, memberId));
  await tx.delete(chatMessages).where(eq(chatMessages.memberId, memberId));
  await tx.update(helpMessages).set({ staffId: null }).where(eq(helpMessages.staffId, memberId));
  await tx.update(chatMessages).set({ staffId: null }).where(eq(chatMessages.staffId, memberId));
  await tx
    .update(helpStatusChanges)
    .set({ changedBy: null })
    .where(eq(helpStatusChanges.changedBy, memberId));
  return names;
}
