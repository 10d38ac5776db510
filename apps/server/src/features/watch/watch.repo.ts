import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { executePrepared, rowsOf, type Db } from '../../platform/db/database.js';
import { blocks, users } from '../members/members.tables.js';
import { notBlockedWith } from '../members/index.js';
import { eventParticipants, events } from './watch.tables.js';

/** Drizzle leaves column names unqualified in raw text, so the joined rows are named explicitly. */
const poster = sql.raw('e.posted_by');
const participant = sql.raw('p.user_id');

export interface EventRow {
  id: number;
  category: string;
  title: string;
  day: string;
  startsAt: Date | null;
  postedBy: number;
  posterFirst: string;
  posterLast: string;
  takingPart: boolean;
}

interface RawEventRow {
  id: number;
  category: string;
  title: string;
  day: string | Date;
  starts_at: string | Date | null;
  posted_by: number;
  first: string;
  last: string;
  taking_part: boolean;
}

/** A date column comes back as text from PostgreSQL and PGlite alike, but a Date is read too. */
const dayText = (day: string | Date) =>
  typeof day === 'string' ? day.slice(0, 10) : day.toISOString().slice(0, 10);

const eventRow = (r: RawEventRow): EventRow => ({
  id: Number(r.id),
  category: r.category,
  title: r.title,
  day: dayText(r.day),
  startsAt: r.starts_at === null ? null : new Date(r.starts_at),
  postedBy: Number(r.posted_by),
  posterFirst: r.first,
  posterLast: r.last,
  takingPart: Boolean(r.taking_part),
});

/** The columns the calendar lists, of events `e` joined with their posters `u`. */
const summaryColumns = (viewerId: number) => sql`
  e.id, e.category, e.title, e.day, e.starts_at, e.posted_by, u.first, u.last,
  exists (select 1 from ${eventParticipants} p where p.event_id = e.id and p.user_id = ${viewerId}) as taking_part`;

/** Events a viewer sees (W9): posted by an active member not blocked either way with them. */
const seenBy = (viewerId: number) => sql`u.status = 'active' and ${notBlockedWith(viewerId, poster)}`;

/**
 * A month of the calendar (W6): for each day from `from` to `to` (Pacific days) that has events the
 * viewer sees, how many, and the first `perDay` in the calendar's order (dates only first, then by
 * time). One range of events_day_idx over the month, in that order; the members whose events the
 * viewer may not see (a block either way, D4.1, or an account not active) gathered once, from the
 * blocks' two indexes and users_not_active_idx, and left out by a hashed anti-join rather than a
 * lookup per event; the posters' names and whether the viewer takes part only for the events shown.
 */
export function monthEventsQuery(viewerId: number, from: string, to: string, perDay: number): SQL {
  return sql`
    with hidden as materialized (
      select blocked_id as id from ${blocks} where blocker_id = ${viewerId}
      union all select blocker_id from ${blocks} where blocked_id = ${viewerId}
      union all select id from ${users} where status <> 'active'
    ), days as (
      select e.id, e.category, e.title, e.day, e.starts_at, e.posted_by,
             count(*) over (partition by e.day)::int as total,
             row_number() over (partition by e.day order by e.starts_at asc nulls first, e.id) as place
      from ${events} e
      where e.day between ${from}::date and ${to}::date
        and not exists (select 1 from hidden h where h.id = e.posted_by)
    )
    select d.total, d.id, d.category, d.title, d.day, d.starts_at, d.posted_by, u.first, u.last,
      exists (select 1 from ${eventParticipants} p where p.event_id = d.id and p.user_id = ${viewerId}) as taking_part
    from days d join ${users} u on u.id = d.posted_by
    where d.place <= ${perDay}
    order by d.day, d.starts_at asc nulls first, d.id`;
}

export async function monthEvents(
  db: Db,
  viewerId: number,
  from: string,
  to: string,
  perDay: number,
): Promise<{ events: EventRow[]; days: { date: string; total: number }[] }> {
  const rows = await executePrepared<RawEventRow & { total: number }>(
    db,
    'watch_month_events',
    monthEventsQuery(viewerId, from, to, perDay),
  );
  const days = new Map<string, number>();
  const list = rows.map((r) => {
    const row = eventRow(r);
    days.set(row.day, Number(r.total));
    return row;
  });
  return { events: list, days: [...days].map(([date, total]) => ({ date, total })) };
}

/**
 * All of one day's events the viewer sees, in the calendar's order, at most `limit`, each row with
 * the day's total (W6).
 */
export function dayEventsQuery(viewerId: number, day: string, limit: number): SQL {
  return sql`
    select ${summaryColumns(viewerId)}, count(*) over ()::int as total
    from ${events} e join ${users} u on u.id = e.posted_by
    where e.day = ${day}::date and ${seenBy(viewerId)}
    order by e.starts_at asc nulls first, e.id
    limit ${limit}`;
}

export async function dayEvents(
  db: Db,
  viewerId: number,
  day: string,
  limit: number,
): Promise<{ events: EventRow[]; total: number }> {
  const rows = await executePrepared<RawEventRow & { total: number }>(
    db,
    'watch_day_events',
    dayEventsQuery(viewerId, day, limit),
  );
  return { events: rows.map(eventRow), total: Number(rows[0]?.total ?? 0) };
}

export interface EventDetailRow extends EventRow {
  channel: string;
  channelUrl: string;
  imdbUrl: string;
  notes: string;
  participantCount: number;
  /** The poster's account is active and neither blocked the other (W9). */
  visible: boolean;
}

/** One event with its poster, whether the viewer may see it (W9) and how many take part. */
export function eventDetailsQuery(viewerId: number, eventId: number): SQL {
  return sql`
    select e.id, e.category, e.title, e.day, e.starts_at, e.posted_by, u.first, u.last,
           e.channel, e.channel_url, e.imdb_url, e.notes,
           exists (select 1 from ${eventParticipants} p where p.event_id = e.id and p.user_id = ${viewerId}) as taking_part,
           (select count(*)::int from ${eventParticipants} p where p.event_id = e.id) as participant_count,
           (u.status = 'active' and ${notBlockedWith(viewerId, poster)}) as visible
    from ${events} e
    join ${users} u on u.id = e.posted_by
    where e.id = ${eventId}`;
}

export async function eventDetails(
  db: Db,
  viewerId: number,
  eventId: number,
): Promise<EventDetailRow | null> {
  const [row] = await rowsOf<
    RawEventRow & {
      channel: string;
      channel_url: string;
      imdb_url: string;
      notes: string;
      participant_count: number;
      visible: boolean;
    }
  >(db, eventDetailsQuery(viewerId, eventId));
  if (!row) return null;
  return {
    ...eventRow(row),
    channel: row.channel,
    channelUrl: row.channel_url,
    imdbUrl: row.imdb_url,
    notes: row.notes,
    participantCount: Number(row.participant_count),
    visible: Boolean(row.visible),
  };
}

export interface ParticipantRow {
  id: number;
  first: string;
  last: string;
  role: string;
}

/**
 * Who takes part, the poster first and then in the order they joined: active members not blocked
 * either way with the viewer (W9). Read by the participants' primary key (event_id first).
 */
export function participantsQuery(viewerId: number, eventId: number, posterId: number, limit: number): SQL {
  return sql`
    select p.user_id as id, u.first, u.last, p.role
    from ${eventParticipants} p
    join ${users} u on u.id = p.user_id
    where p.event_id = ${eventId}
      and u.status = 'active'
      and ${notBlockedWith(viewerId, participant)}
    order by p.user_id = ${posterId} desc, p.joined_at, p.user_id
    limit ${limit}`;
}

export async function participants(
  db: Db,
  viewerId: number,
  eventId: number,
  posterId: number,
  limit: number,
): Promise<ParticipantRow[]> {
  const rows = await rowsOf<ParticipantRow>(db, participantsQuery(viewerId, eventId, posterId, limit));
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Writes a new event and its poster's place in it (run inside the adding transaction). */
export async function insertEvent(
  tx: Db,
  e: {
    category: string;
    title: string;
    postedBy: number;
    day: string;
    startsAt: Date | null;
    channel: string;
    channelUrl: string;
    imdbUrl: string;
    notes: string;
    role: string;
    at: Date;
  },
): Promise<number> {
  const [row] = await tx
    .insert(events)
    .values({
      category: e.category,
      title: e.title,
      postedBy: e.postedBy,
      day: e.day,
      startsAt: e.startsAt,
      channel: e.channel,
      channelUrl: e.channelUrl,
      imdbUrl: e.imdbUrl,
      notes: e.notes,
      createdAt: e.at,
    })
    .returning({ id: events.id });
  const id = (row as { id: number }).id;
  await tx
    .insert(eventParticipants)
    .values({ eventId: id, userId: e.postedBy, role: e.role, joinedAt: e.at });
  return id;
}

/**
 * Locks an event's row for the rest of the transaction (W8): joining, leaving and deleting one event
 * take turns, so no one joins an event being deleted and the last to leave sees who is left.
 */
export async function lockEvent(
  tx: Db,
  eventId: number,
): Promise<{ id: number; day: string; startsAt: Date | null; postedBy: number } | null> {
  const [row] = await tx
    .select({ id: events.id, day: events.day, startsAt: events.startsAt, postedBy: events.postedBy })
    .from(events)
    .where(eq(events.id, eventId))
    .for('update');
  return row ?? null;
}

/** Adds a member's place; false when they already have one (the primary key). */
export async function insertParticipant(
  tx: Db,
  p: { eventId: number; userId: number; role: string; at: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(eventParticipants)
    .values({ eventId: p.eventId, userId: p.userId, role: p.role, joinedAt: p.at })
    .onConflictDoNothing()
    .returning({ userId: eventParticipants.userId });
  return rows.length > 0;
}

/** Removes a member's place; false when they had none. */
export async function deleteParticipant(tx: Db, eventId: number, userId: number): Promise<boolean> {
  const rows = await tx
    .delete(eventParticipants)
    .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.userId, userId)))
    .returning({ userId: eventParticipants.userId });
  return rows.length > 0;
}

export async function anyParticipant(tx: Db, eventId: number): Promise<boolean> {
  const [row] = await tx
    .select({ userId: eventParticipants.userId })
    .from(eventParticipants)
    .where(eq(eventParticipants.eventId, eventId))
    .limit(1);
  return Boolean(row);
}

/** Deletes an event; its participants go with it (foreign key cascade). */
export async function deleteEvent(tx: Db, eventId: number): Promise<void> {
  await tx.delete(events).where(eq(events.id, eventId));
}

/**
 * D2.5: a deleted member's events go (with everyone's places in them) and so do their places in
 * others' events; an event left with nobody taking part goes too (W7). Runs in eraseMember's
 * transaction.
 */
export async function eraseMemberEvents(tx: Db, userId: number): Promise<void> {
  await tx.delete(events).where(eq(events.postedBy, userId));
  const left = await tx
    .delete(eventParticipants)
    .where(eq(eventParticipants.userId, userId))
    .returning({ eventId: eventParticipants.eventId });
  const eventIds = [...new Set(left.map((p) => p.eventId))];
  if (!eventIds.length) return;
  await tx
    .delete(events)
    .where(
      and(
        inArray(events.id, eventIds),
        sql`not exists (select 1 from ${eventParticipants} p where p.event_id = ${events.id})`,
      ),
    );
}
