import { pacificDay, watch as contract } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { Caller } from '../../platform/auth.js';
import { AppError, badInput, conflict, notFound } from '../../platform/errors.js';
import { checkRate, rateError, takeRateOrThrow } from '../../platform/rate-limit.js';
import { linksOnlyHtml } from '../../platform/text.js';
import { PlatformOffline } from '../../integrations/types.js';
import * as repo from './watch.repo.js';
import {
  ADDING_LIMITS,
  WATCH_ERRORS,
  abilities,
  addingKey,
  addingTooFast,
  hasPassed,
  imdbTitlePageOf,
  lastDayFrom,
  leftCalendar,
  missingField,
  monthOf,
  scheduleOf,
} from './watch.policy.js';

type Category = contract.EventCategory;

const fullName = (first: string, last: string) => `${first} ${last}`.trim();

/** An event as the calendar lists it (spec 3 §3 Event): its day and time on Pacific time (D1.1). */
function summaryOf(e: repo.EventRow): contract.EventSummary {
  const [, m, d] = e.day.split('-').map(Number) as [number, number, number];
  return {
    id: e.id,
    category: e.category as Category,
    title: e.title,
    user_name: fullName(e.posterFirst, e.posterLast),
    date: e.day,
    day: String(d),
    month: contract.MONTH_NAMES[m - 1]!.slice(0, 3),
    time: e.startsAt ? contract.pacificClockTime(e.startsAt) : '',
    showDate: contract.dayWithWeekday(e.day),
    starts_at: e.startsAt ? e.startsAt.toISOString() : null,
    taking_part: e.takingPart,
  };
}

/**
 * watch/fetchEvents (W6): one Pacific month of the calendar from today on (events leave it the day
 * after they take place, D12.3), a few events of each day with each day's total; or all of one day.
 * The current month by default; a month or day before today has nothing left on the calendar.
 */
export async function fetchEvents(
  deps: AppDeps,
  caller: Caller,
  input: { month?: string | undefined; day?: string | undefined },
) {
  const now = deps.clock.now();
  const today = pacificDay(now);
  const lastDay = lastDayFrom(today);
  const frame = {
    status: 'success' as const,
    today,
    firstMonth: monthOf(today),
    lastMonth: monthOf(lastDay),
    lastDay,
  };
  if (input.day) {
    const found =
      input.day < today
        ? { events: [], total: 0 }
        : await repo.dayEvents(deps.db, caller.userId, input.day, contract.DAY_EVENTS_MAX);
    return {
      ...frame,
      month: monthOf(input.day),
      day: input.day,
      events: found.events.map(summaryOf),
      days: found.total ? [{ date: input.day, total: found.total }] : [],
      truncated: found.total > found.events.length,
    };
  }
  const month = input.month ?? frame.firstMonth;
  const monthStart = `${month}-01`;
  const monthEnd = `${month}-${String(contract.daysInMonth(month)).padStart(2, '0')}`;
  const from = monthStart > today ? monthStart : today;
  const found =
    from > monthEnd
      ? { events: [], days: [] }
      : await repo.monthEvents(deps.db, caller.userId, from, monthEnd, contract.DAY_EVENTS_IN_MONTH);
  return {
    ...frame,
    month,
    day: null,
    events: found.events.map(summaryOf),
    days: found.days,
    truncated: false,
  };
}

/**
 * An event's details for the asker (spec 3 §3), with what they may do (D12.3, W7); 404 when it is not
 * on their calendar: gone, passed its day, or posted by a member inactive or blocked either way (W9).
 */
async function detailsFor(deps: AppDeps, caller: Caller, eventId: number): Promise<contract.EventDetails> {
  const now = deps.clock.now();
  const e = await repo.eventDetails(deps.db, caller.userId, eventId);
  if (!e || !e.visible || leftCalendar(e, now)) throw notFound(contract.NO_SUCH_EVENT);
  const people = await repo.participants(
    deps.db,
    caller.userId,
    e.id,
    e.postedBy,
    contract.PARTICIPANTS_SHOWN,
  );
  const { openUrl } = deps.integrations;
  return {
    ...summaryOf(e),
    channel: e.channel,
    channel_url: e.channelUrl,
    channel_link: e.channelUrl ? openUrl(e.channelUrl) : '',
    imdb_url: e.imdbUrl,
    imdb_link: e.imdbUrl ? openUrl(e.imdbUrl) : '',
    notes: linksOnlyHtml(e.notes),
    posted_by_id: e.postedBy,
    poster_name: fullName(e.posterFirst, e.posterLast),
    participants: people.map((p) => ({ id: p.id, full_name: fullName(p.first, p.last), role: p.role })),
    participant_count: e.participantCount,
    ...abilities(e, caller.userId, e.takingPart, now),
    passed: hasPassed(e, now),
  };
}

/** watch/fetchEventDetails?id */
export async function fetchEventDetails(deps: AppDeps, caller: Caller, eventId: number) {
  return { status: 'success' as const, event: await detailsFor(deps, caller, eventId) };
}

export interface AddEventInput {
  category: Category;
  imdb_url: string;
  title: string;
  role: string;
  channel: string;
  channel_url: string;
  notes: string;
  startDate: string;
  startISO: string;
}

/** W3: the IMDb title page read through the page reader (D9): the canonical address and its title. */
async function readTitle(deps: AppDeps, address: string): Promise<{ url: string; name: string }> {
  const page = imdbTitlePageOf(address, deps.integrations.mode === 'simulated');
  if ('refusal' in page) throw badInput(page.refusal);
  try {
    const read = await deps.integrations.imdb.read(page.url);
    if (!read || read.kind !== 'title') throw badInput(WATCH_ERRORS.imdbNotFound);
    return { url: page.url, name: read.name };
  } catch (e) {
    if (e instanceof PlatformOffline) throw new AppError(503, 'platform_offline', WATCH_ERRORS.imdbOffline);
    throw e;
  }
}

/**
 * watch/addEvent (spec 3 §5, §7; W1-W5): the fields the category needs, the date and time, the
 * member's adding limit, the IMDb title read through the page reader; then, in one transaction with
 * the limit's count (L2), the event and the poster's place in it with their role.
 */
export async function addEvent(deps: AppDeps, caller: Caller, input: AddEventInput) {
  const now = deps.clock.now();
  const missing = missingField(input.category, input);
  if (missing) throw badInput(missing);
  const schedule = scheduleOf(input.category, input.startDate, input.startISO, now);
  if ('refusal' in schedule) throw badInput(schedule.refusal);
  if (input.title === '' && input.imdb_url === '') throw badInput(WATCH_ERRORS.titleRequired);
  // The limit is read before IMDb is asked, and counted with the write.
  const key = addingKey(caller.userId);
  const full = await checkRate(deps.db, key, ADDING_LIMITS, now);
  if (full) throw rateError(full, addingTooFast);
  const imdb = input.imdb_url ? await readTitle(deps, input.imdb_url) : null;
  const title = (input.title || imdb?.name || '').slice(0, contract.TITLE_MAX);
  const id = await deps.db.transaction(async (tx) => {
    await takeRateOrThrow(tx, key, ADDING_LIMITS, now, addingTooFast);
    return repo.insertEvent(tx, {
      category: input.category,
      title,
      postedBy: caller.userId,
      day: schedule.day,
      startsAt: schedule.startsAt,
      channel: input.channel,
      channelUrl: input.channel_url,
      imdbUrl: imdb?.url ?? '',
      notes: input.notes,
      role: input.role,
      at: now,
    });
  });
  return { status: 'success' as const, message: contract.EVENT_ADDED, id, date: schedule.day };
}

/**
 * watch/addMe (D12.3): takes part with a role in an event on the asker's calendar that has not
 * passed. The event's row is locked (W8), so joining never races a deletion, and the primary key
 * keeps one place per member.
 */
export async function addMe(deps: AppDeps, caller: Caller, eventId: number, role: string) {
  const now = deps.clock.now();
  // Visible to the asker (W9): otherwise it is not there for them.
  const before = await detailsFor(deps, caller, eventId);
  await deps.db.transaction(async (tx) => {
    const e = await repo.lockEvent(tx, eventId);
    if (!e || leftCalendar(e, now)) throw notFound(contract.NO_SUCH_EVENT);
    if (hasPassed(e, now)) throw conflict(contract.EVENT_PASSED);
    const added = await repo.insertParticipant(tx, { eventId, userId: caller.userId, role, at: now });
    if (!added) throw conflict(contract.ALREADY_TAKING_PART);
  });
  return {
    status: 'success' as const,
    message: `You are now taking part in ${before.title}.`,
    event: await detailsFor(deps, caller, eventId),
  };
}

/**
 * watch/removeMe?id (D12.3, W7): a participant leaves; the poster's removal deletes the event for
 * everyone; an event nobody takes part in any more is deleted. `event_exists` says which, read under
 * the event's lock (W8).
 */
export async function removeMe(deps: AppDeps, caller: Caller, eventId: number) {
  const now = deps.clock.now();
  const e0 = await repo.eventDetails(deps.db, caller.userId, eventId);
  // A member may always leave; only the event itself must still be on the calendar (W9).
  if (!e0 || leftCalendar(e0, now)) throw notFound(contract.NO_SUCH_EVENT);
  // An event hidden from the asker (W9) is there for them only while they take part: to anyone else
  // it answers as one that does not exist, so nobody learns which ids are events hidden from them.
  if (!e0.visible && !e0.takingPart) throw notFound(contract.NO_SUCH_EVENT);
  const outcome = await deps.db.transaction(async (tx) => {
    const e = await repo.lockEvent(tx, eventId);
    if (!e) throw notFound(contract.NO_SUCH_EVENT);
    if (e.postedBy === caller.userId) {
      await repo.deleteEvent(tx, eventId);
      return 'deleted' as const;
    }
    if (!(await repo.deleteParticipant(tx, eventId, caller.userId))) throw conflict(contract.NOT_TAKING_PART);
    if (!(await repo.anyParticipant(tx, eventId))) {
      await repo.deleteEvent(tx, eventId);
      return 'emptied' as const;
    }
    return 'left' as const;
  });
  if (outcome !== 'left') {
    return {
      status: 'success' as const,
      message:
        outcome === 'deleted'
          ? 'Your event was deleted.'
          : 'You left the event, and nobody else was taking part, so it was removed.',
      event_exists: false,
      event: null,
    };
  }
  // Still there, though perhaps hidden from the asker now (a block made meanwhile).
  const event = await detailsFor(deps, caller, eventId).catch((err: unknown) => {
    if (err instanceof AppError && err.httpStatus === 404) return null;
    throw err;
  });
  return {
    status: 'success' as const,
    message: `You are no longer taking part in ${e0.title}.`,
    event_exists: true,
    event,
  };
}
