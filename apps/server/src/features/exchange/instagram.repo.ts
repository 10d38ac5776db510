import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { exchange } from '@marquee/contract';
import { rowsOf, type Db } from '../../platform/db/database.js';
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

/** Locks the listings of these members (in id order, so two moves never wait on each other) and reads which exist. */
export async function lockListings(
  tx: Db,
  userIds: number[],
  mode: 'share' | 'update',
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
 * Holds the handle's lock until the transaction ends: two members listing one profile at once settle
 * on one (the listings have no unique index on the handle).
 */
export async function lockHandle(tx: Db, handle: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`instagram-handle:${handle}`}, 0))`);
}

/** Who has listed this handle, if anyone. */
export async function listerOf(tx: Db, handle: string): Promise<number | null> {
  const [row] = await tx
    .select({ userId: instagramListings.userId })
    .from(instagramListings)
    .where(eq(instagramListings.handle, handle))
    .limit(1);
  return row?.userId ?? null;
}

/** Writes the member's listing; false when they have one already. */
export async function insertListing(tx: Db, row: typeof instagramListings.$inferInsert): Promise<boolean> {
  const made = await tx
    .insert(instagramListings)
    .values(row)
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

/** The initiation limit (EX3); the standing is made if the member never set up. */
export async function setRepLimit(db: Db, userId: number, repLimit: number): Promise<void> {
  await db
    .insert(instagramMembers)
    .values({ userId, reputation: INSTAGRAM.startReputation, repLimit })
    .onConflictDoUpdate({ target: instagramMembers.userId, set: { repLimit } });
}

/** Removes the member's listing; the removed row, or null when there was none. */
export async function deleteListing(tx: Db, userId: number): Promise<InstagramListingRow | null> {
  const [row] = await tx.delete(instagramListings).where(eq(instagramListings.userId, userId)).returning();
  return row ?? null;
}

/** Premium, pro or managed now (D2.3), of the member `u`. */
const paidMember = (now: Date) => sql`(u.premium_expires > ${now} or u.pro_expires > ${now}
  or exists (select 1 from ${subscriptions} ms where ms.user_id = u.id and ms.level = 'managed'
             and ms.status <> 'ended' and ms.current_period_end > ${now}))`;

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

/**
 * EX4: the swaps that ask something of the viewer (a follow back to answer, a follow back to review,
 * a contest to acknowledge), oldest first, read along the initiator's and the receiver's indexes;
 * only those whose other member is active, not blocked either way, and listed (a card opens their
 * profile).
 */
export async function swapItems(db: Db, viewerId: number, limit: number): Promise<SwapItemRow[]> {
  const rows = await rowsOf<SwapItemRow & { updated_at: unknown }>(
    db,
    sql`
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
    where o.status = 'active' and ${notBlockedWith(viewerId, other)}
    order by s.updated_at asc, s.id asc
    limit ${limit}::int`,
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

/**
 * EX4: other members' listings the viewer may start a swap with: the owner active and paid (EX1),
 * neither blocking the other, their initiation limit met by the viewer's reputation, and no swap row
 * for the pair (skips included, read through instagram_swaps_pair_idx); highest reputation first,
 * then newest. `only` narrows it to one member (a move on a new listing).
 */
export async function newListings(
  db: Db,
  viewer: { id: number; reputation: number },
  now: Date,
  opts: { limit: number; only?: number },
): Promise<CounterpartRow[]> {
  const only: SQL = opts.only === undefined ? sql`` : sql`and l.user_id = ${opts.only}::int`;
  const rows = await rowsOf<CounterpartRow>(
    db,
    sql`
    select l.user_id, u.first, u.last, l.url, l.handle, l.title, l.description, l.image,
           coalesce(m.reputation, ${INSTAGRAM.startReputation}::int) as reputation
    from ${instagramListings} l
    join ${users} u on u.id = l.user_id
    left join ${instagramMembers} m on m.user_id = l.user_id
    where l.user_id <> ${viewer.id}::int ${only}
      and u.status = 'active' and ${paidMember(now)}
      and coalesce(m.rep_limit, ${INSTAGRAM.defaultRepLimit}::int) <= ${viewer.reputation}::int
      and ${notBlockedWith(viewer.id, listed)}
      and not exists (
        select 1 from ${instagramSwaps} s
        where least(s.initiator_id, s.receiver_id) = least(${viewer.id}::int, l.user_id)
          and greatest(s.initiator_id, s.receiver_id) = greatest(${viewer.id}::int, l.user_id))
    order by reputation desc, l.created_at desc, l.user_id desc
    limit ${opts.limit}::int`,
  );
  return rows.map(counterpartOf);
}

/**
 * The other member of a swap as its card shows them, when they may still be shown to the viewer:
 * active, not blocked either way, and listed.
 */
export async function counterpart(db: Db, viewerId: number, otherId: number): Promise<CounterpartRow | null> {
  const [row] = await rowsOf<CounterpartRow>(
    db,
    sql`
    select u.id as user_id, u.first, u.last, l.url, l.handle, l.title, l.description, l.image,
           coalesce(m.reputation, ${INSTAGRAM.startReputation}::int) as reputation
    from ${users} u
    join ${instagramListings} l on l.user_id = u.id
    left join ${instagramMembers} m on m.user_id = u.id
    where u.id = ${otherId}::int and u.status = 'active' and ${notBlockedWith(viewerId, listed)}`,
  );
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
 * EX3: a reputation change, kept between 0 and 1000 in the statement itself; the new reputation. A
 * member without a standing yet starts from 600.
 */
export async function changeReputation(tx: Db, userId: number, delta: number): Promise<number> {
  const start = INSTAGRAM.startReputation;
  const [row] = await tx
    .insert(instagramMembers)
    .values({
      userId,
      reputation: sql`least(${INSTAGRAM.maxReputation}::int, greatest(${INSTAGRAM.minReputation}::int, ${start + delta}::int))`,
      repLimit: INSTAGRAM.defaultRepLimit,
    })
    .onConflictDoUpdate({
      target: instagramMembers.userId,
      set: {
        reputation: sql`least(${INSTAGRAM.maxReputation}::int, greatest(${INSTAGRAM.minReputation}::int, ${instagramMembers.reputation} + ${delta}::int))`,
      },
    })
    .returning({ reputation: instagramMembers.reputation });
  return row?.reputation ?? start;
}
