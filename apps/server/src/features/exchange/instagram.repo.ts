import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { exchange } from '@marquee/contract';
import { executePrepared, rowsOf, type Db } from '../../platform/db/database.js';
import { users } from '../members/members.tables.js';
import { notBlockedWith } from '../members/index.js';
import { subscriptions } from '../membership/membership.tables.js';
import { instagramListings, instagramMembers, instagramSwaps } from './exchange.tables.js';

/** Every query of the Instagram follow exchange (docs/domain.md EX2-EX9). */

const { INSTAGRAM } = exchange;

export type InstagramListingRow = typeof instagramListings.$inferSelect;
export type SwapRow = typeof instagramSwaps.$inferSelect;

/** The member's standing (EX3): null until they first set up. */
export async function standingOf(db: Db, userId: number) {
  const [row] = await db
    .select({ reputation: instagramMembers.reputation, repLimit: instagramMembers.repLimit })
    .from(instagramMembers)
    .where(eq(instagramMembers.userId, userId));
  return row ?? null;
}

/** The member's one Instagram listing. */
export async function listingOf(db: Db, userId: number): Promise<InstagramListingRow | null> {
  const [row] = await db.select().from(instagramListings).where(eq(instagramListings.userId, userId));
  return row ?? null;
}

/**
 * Locks the listings of these members (in id order, so two moves never wait on each other) and reads
 * which exist. A move holds them with `key share`: no removal (`update`) can pass it, yet a
 * reputation change may still write the listing's copy (EX3) while others hold it too.
 */
export async function lockListings(
  tx: Db,
  userIds: number[],
  mode: 'key share' | 'update',
): Promise<Set<number>> {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  const found = new Set<number>();
  for (const id of ids) {
    const [row] = await tx
      .select({ userId: instagramListings.userId })
      .from(instagramListings)
      .where(eq(instagramListings.userId, id))
      .for(mode);
    if (row) found.add(row.userId);
  }
  return found;
}

/**
 * EX6: the standings of these members, held shared (in id order) until the transaction ends, so an
 * initiation limit or a reputation being changed waits for the move that read it.
 */
export async function lockStandings(tx: Db, userIds: number[]): Promise<void> {
  for (const id of [...new Set(userIds)].sort((a, b) => a - b)) {
    await tx
      .select({ userId: instagramMembers.userId })
      .from(instagramMembers)
      .where(eq(instagramMembers.userId, id))
      .for('share');
  }
}

/** Who has listed this handle (instagram_listings_handle_idx). */
export const listerQuery = (db: Db, handle: string) =>
  db
    .select({ userId: instagramListings.userId })
    .from(instagramListings)
    .where(eq(instagramListings.handle, handle))
    .limit(1);

/** Who has listed this handle, if anyone. */
export async function listerOf(tx: Db, handle: string): Promise<number | null> {
  const [row] = await listerQuery(tx, handle);
  return row?.userId ?? null;
}

/**
 * Writes the member's listing with a copy of their standing (made first, ensureStanding); false when
 * they have a listing already or another member lists the handle (the unique indexes decide, EX2).
 */
export async function insertListing(
  tx: Db,
  row: Omit<typeof instagramListings.$inferInsert, 'reputation' | 'repLimit'>,
): Promise<boolean> {
  const standing = (column: SQL) =>
    sql`(select ${column} from ${instagramMembers} where ${instagramMembers.userId} = ${row.userId}::int)`;
  const made = await tx
    .insert(instagramListings)
    .values({
      ...row,
      reputation: standing(sql`${instagramMembers.reputation}`),
      repLimit: standing(sql`${instagramMembers.repLimit}`),
    })
    .onConflictDoNothing()
    .returning({ userId: instagramListings.userId });
  return made.length > 0;
}

/**
 * Update (EX2): the member's listing of this handle read anew from the profile; answers the picture
 * it had, or null when the member has no listing of this handle.
 */
export async function refreshListing(
  tx: Db,
  userId: number,
  handle: string,
  fields: { title: string; description: string; image: string },
): Promise<{ oldImage: string } | null> {
  const [before] = await tx
    .select({ image: instagramListings.image })
    .from(instagramListings)
    .where(and(eq(instagramListings.userId, userId), eq(instagramListings.handle, handle)))
    .for('update');
  if (!before) return null;
  await tx.update(instagramListings).set(fields).where(eq(instagramListings.userId, userId));
  return { oldImage: before.image };
}

/** EX3: the member's standing starts at 600 on their first setup, and is kept from then on. */
export async function ensureStanding(tx: Db, userId: number): Promise<void> {
  await tx
    .insert(instagramMembers)
    .values({ userId, reputation: INSTAGRAM.startReputation, repLimit: INSTAGRAM.defaultRepLimit })
    .onConflictDoNothing();
}

/**
 * The initiation limit (EX3); the standing is made if the member never set up. The listing's copy is
 * written in the same statement.
 */
export async function setRepLimit(db: Db, userId: number, repLimit: number): Promise<void> {
  await db.execute(sql`
    with standing as (
      insert into ${instagramMembers} (user_id, reputation, rep_limit)
      values (${userId}::int, ${INSTAGRAM.startReputation}::int, ${repLimit}::int)
      on conflict (user_id) do update set rep_limit = excluded.rep_limit
      returning user_id, rep_limit
    )
    update ${instagramListings} l set rep_limit = standing.rep_limit
    from standing where l.user_id = standing.user_id`);
}

/** Removes the member's listing; the removed row, or null when there was none. */
export async function deleteListing(tx: Db, userId: number): Promise<InstagramListingRow | null> {
  const [row] = await tx.delete(instagramListings).where(eq(instagramListings.userId, userId)).returning();
  return row ?? null;
}

/** Premium, pro or managed now (D2.3), of the member `u` (or another alias). */
const paidMember = (now: Date, u = sql.raw('u')) => sql`(${u}.premium_expires > ${now}::timestamptz
  or ${u}.pro_expires > ${now}::timestamptz
  or exists (select 1 from ${subscriptions} ms where ms.user_id = ${u}.id and ms.level = 'managed'
             and ms.status <> 'ended' and ms.current_period_end > ${now}::timestamptz))`;

/** The other member of a card: their name, listing and reputation. */
export interface CounterpartRow {
  user_id: number;
  first: string;
  last: string;
  url: string;
  handle: string;
  title: string;
  description: string;
  image: string;
  reputation: number;
}

/** A swap waiting on the viewer, with the other member (EX4). */
export interface SwapItemRow extends CounterpartRow {
  id: number;
  initiator_id: number;
  receiver_id: number;
  status1: string;
  status2: string | null;
  acknowledged: boolean;
}

const other = sql.raw('o.id');
const otherMember = sql.raw('o');

/**
 * EX4: the swaps that ask something of the viewer (a follow back to answer, a follow back to review,
 * a contest to acknowledge), oldest first, read along the initiator's and the receiver's indexes;
 * only those whose other member is active, paid (EX1: a lapsed member's swaps wait until they pay
 * again), not blocked either way, and listed (a card opens their profile).
 */
export function swapItemsSql(viewerId: number, now: Date, limit: number): SQL {
  return sql`
    select s.id, s.initiator_id, s.receiver_id, s.status1, s.status2, s.acknowledged,
           o.id as user_id, o.first, o.last, l.url, l.handle, l.title, l.description, l.image,
           coalesce(m.reputation, ${INSTAGRAM.startReputation}::int) as reputation
    from (
      select i.id, i.initiator_id, i.receiver_id, i.status1, i.status2, i.acknowledged_at is not null as acknowledged,
             i.updated_at, i.receiver_id as other_id
      from ${instagramSwaps} i
      where i.initiator_id = ${viewerId}::int
        and ((i.status1 = 'verified' and i.status2 = 'claimed') or (i.status1 = 'contested' and i.acknowledged_at is null))
      union all
      select r.id, r.initiator_id, r.receiver_id, r.status1, r.status2, r.acknowledged_at is not null,
             r.updated_at, r.initiator_id
      from ${instagramSwaps} r
      where r.receiver_id = ${viewerId}::int
        and ((r.status1 = 'claimed' and r.status2 is null) or (r.status2 = 'contested' and r.acknowledged_at is null))
    ) s
    join ${users} o on o.id = s.other_id
    join ${instagramListings} l on l.user_id = o.id
    left join ${instagramMembers} m on m.user_id = o.id
    where o.status = 'active' and ${paidMember(now, otherMember)} and ${notBlockedWith(viewerId, other)}
    order by s.updated_at asc, s.id asc
    limit ${limit}::int`;
}

export async function swapItems(db: Db, viewerId: number, now: Date, limit: number): Promise<SwapItemRow[]> {
  const rows = await executePrepared<SwapItemRow>(
    db,
    'instagram_swap_items',
    swapItemsSql(viewerId, now, limit),
  );
  return rows.map((r) => ({
    ...counterpartOf(r),
    id: Number(r.id),
    initiator_id: Number(r.initiator_id),
    receiver_id: Number(r.receiver_id),
    status1: r.status1,
    status2: r.status2,
    acknowledged: Boolean(r.acknowledged),
  }));
}

const counterpartOf = (r: CounterpartRow): CounterpartRow => ({
  user_id: Number(r.user_id),
  first: r.first,
  last: r.last,
  url: r.url,
  handle: r.handle,
  title: r.title,
  description: r.description,
  image: r.image,
  reputation: Number(r.reputation),
});

const listed = sql.raw('u.id');

/** The order of New Listings (EX4): highest reputation first, then newest; instagram_listings_pick_idx's. */
const pickOrder = (alias: string) =>
  sql.raw(['reputation', 'created_at', 'user_id'].map((c) => `${alias}.${c} desc nulls last`).join(', '));

/** What a card of another member shows, from their listing `l` and member row `u`. */
const cardColumns = sql`l.user_id, u.first, u.last, l.url, l.handle, l.title, l.description, l.image,
  l.reputation, l.created_at`;

/**
 * EX1, EX4: may the viewer start a swap with the owner of listing `l` (member `u`)? Active and paid
 * (EX1), neither blocking the other, and no swap row for the pair (skips included, read through
 * instagram_swaps_pair_idx). The initiation limit is the caller's part.
 */
const offerable = (viewerId: number, now: Date) => sql`l.user_id <> ${viewerId}::int
  and u.status = 'active' and ${paidMember(now)}
  and ${notBlockedWith(viewerId, listed)}
  and not exists (
    select 1 from ${instagramSwaps} s
    where least(s.initiator_id, s.receiver_id) = least(${viewerId}::int, l.user_id)
      and greatest(s.initiator_id, s.receiver_id) = greatest(${viewerId}::int, l.user_id))`;

/**
 * EX4: other members' listings the viewer may start a swap with, highest reputation first, then
 * newest, at most `limit` (a constant of the list, written into the text so the plan knows it). The
 * initiation limits the viewer's reputation meets are a handful of values (INSTAGRAM.repLimits); for
 * each, its listings are one run of instagram_listings_pick_idx already in the list's order, read
 * until `limit` pass the checks on each row (users by key, the blocks' keys, the pair's index). The
 * runs are merged and cut. The work grows with the rows skipped, never with the members listed.
 */
export function newListingsSql(viewer: { id: number; reputation: number }, now: Date, limit: number): SQL {
  const upTo = sql.raw(String(Math.max(1, Math.floor(limit))));
  const limits = INSTAGRAM.repLimits.filter((repLimit) => repLimit <= viewer.reputation);
  const runs = limits.map(
    (repLimit) => sql`(select ${cardColumns} from ${instagramListings} l join ${users} u on u.id = l.user_id
      where l.rep_limit = ${sql.raw(String(repLimit))} and ${offerable(viewer.id, now)}
      order by ${pickOrder('l')} limit ${upTo})`,
  );
  // Any (0) is met by every reputation, so there is always a run.
  return sql`select * from (${sql.join(runs, sql` union all `)}) runs order by ${pickOrder('runs')} limit ${upTo}`;
}

export async function newListings(
  db: Db,
  viewer: { id: number; reputation: number },
  now: Date,
  limit: number,
): Promise<CounterpartRow[]> {
  // A named statement per text (one for each number of runs), planned once per connection.
  const rows = await executePrepared<CounterpartRow>(
    db,
    'instagram_new_listings',
    newListingsSql(viewer, now, limit),
  );
  return rows.map(counterpartOf);
}

/**
 * EX4, EX6: the other member of a new swap, when the viewer may start one with them now (as
 * newListings would offer them: offerable, and their initiation limit met by the viewer's
 * reputation); read again under the locks of the move.
 */
export const offeredListingSql = (
  viewer: { id: number; reputation: number },
  otherId: number,
  now: Date,
) => sql`
    select ${cardColumns} from ${instagramListings} l join ${users} u on u.id = l.user_id
    where l.user_id = ${otherId}::int and l.rep_limit <= ${viewer.reputation}::int and ${offerable(viewer.id, now)}`;

export async function offeredListing(
  db: Db,
  viewer: { id: number; reputation: number },
  otherId: number,
  now: Date,
): Promise<CounterpartRow | null> {
  const [row] = await rowsOf<CounterpartRow>(db, offeredListingSql(viewer, otherId, now));
  return row ? counterpartOf(row) : null;
}

/**
 * The other member of a swap as its card shows them, when they may still be shown to the viewer:
 * active, paid (EX1), not blocked either way, and listed.
 */
export const counterpartSql = (viewerId: number, otherId: number, now: Date) => sql`
    select u.id as user_id, u.first, u.last, l.url, l.handle, l.title, l.description, l.image,
           coalesce(m.reputation, ${INSTAGRAM.startReputation}::int) as reputation
    from ${users} u
    join ${instagramListings} l on l.user_id = u.id
    left join ${instagramMembers} m on m.user_id = u.id
    where u.id = ${otherId}::int and u.status = 'active' and ${paidMember(now)}
      and ${notBlockedWith(viewerId, listed)}`;

export async function counterpart(
  db: Db,
  viewerId: number,
  otherId: number,
  now: Date,
): Promise<CounterpartRow | null> {
  const [row] = await rowsOf<CounterpartRow>(db, counterpartSql(viewerId, otherId, now));
  return row ? counterpartOf(row) : null;
}

export async function findSwap(db: Db, id: number): Promise<SwapRow | null> {
  const [row] = await db.select().from(instagramSwaps).where(eq(instagramSwaps.id, id));
  return row ?? null;
}

/** EX6: the swap's row, locked until the transaction ends. */
export async function lockSwap(tx: Db, id: number): Promise<SwapRow | null> {
  const [row] = await tx.select().from(instagramSwaps).where(eq(instagramSwaps.id, id)).for('update');
  return row ?? null;
}

/**
 * EX6: a new swap for the pair; null when the pair already has one (the unique index over the pair
 * decides between two members starting one with each other at once).
 */
export async function insertSwap(
  tx: Db,
  row: { initiatorId: number; receiverId: number; status1: string; at: Date },
): Promise<number | null> {
  const [made] = await tx
    .insert(instagramSwaps)
    .values({
      initiatorId: row.initiatorId,
      receiverId: row.receiverId,
      status1: row.status1,
      status2: null,
      createdAt: row.at,
      updatedAt: row.at,
    })
    .onConflictDoNothing()
    .returning({ id: instagramSwaps.id });
  return made?.id ?? null;
}

/**
 * EX5, EX6: writes a move on the locked swap, only from the state it was checked in (the statuses and
 * the acknowledgement, in the same statement); false when that state is gone.
 */
export async function moveSwap(
  tx: Db,
  id: number,
  from: { status1: string; status2: string | null; acknowledged: boolean },
  to: { status1: string; status2: string | null; acknowledge: boolean; at: Date },
): Promise<boolean> {
  const moved = await tx
    .update(instagramSwaps)
    .set({
      status1: to.status1,
      status2: to.status2,
      updatedAt: to.at,
      ...(to.acknowledge ? { acknowledgedAt: to.at } : {}),
    })
    .where(
      and(
        eq(instagramSwaps.id, id),
        eq(instagramSwaps.status1, from.status1),
        from.status2 === null ? isNull(instagramSwaps.status2) : eq(instagramSwaps.status2, from.status2),
        from.acknowledged
          ? sql`${instagramSwaps.acknowledgedAt} is not null`
          : isNull(instagramSwaps.acknowledgedAt),
      ),
    )
    .returning({ id: instagramSwaps.id });
  return moved.length > 0;
}

/**
 * EX3: a reputation change, kept between 0 and 1000 in the statement itself, and copied to the
 * member's listing in the same statement (New Listings' order); the new reputation. A member without
 * a standing yet starts from 600.
 */
export async function changeReputation(tx: Db, userId: number, delta: number): Promise<number> {
  const start = INSTAGRAM.startReputation;
  const clamp = (value: SQL) =>
    sql`least(${INSTAGRAM.maxReputation}::int, greatest(${INSTAGRAM.minReputation}::int, ${value}))`;
  const [row] = await rowsOf<{ reputation: number }>(
    tx,
    sql`
    with standing as (
      insert into ${instagramMembers} as m (user_id, reputation, rep_limit)
      values (${userId}::int, ${clamp(sql`${start + delta}::int`)}, ${INSTAGRAM.defaultRepLimit}::int)
      on conflict (user_id) do update set reputation = ${clamp(sql`m.reputation + ${delta}::int`)}
      returning user_id, reputation
    ), copied as (
      update ${instagramListings} l set reputation = standing.reputation
      from standing where l.user_id = standing.user_id
    )
    select reputation from standing`,
  );
  return row ? Number(row.reputation) : start;
}
