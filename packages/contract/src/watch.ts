import { z } from 'zod';
import { operation } from './operation.js';
import { idSchema } from './common.js';
import { pacificWallClock, type Instant } from './pacific-time.js';

/**
 * When To Watch (spec 3 §2, §3, §5, §7, §9; D12.3; docs/domain.md "When To Watch", W1-W9): a
 * calendar of performances and events members add and join with a role.
 */

/** The categories in the order the form offers them (spec 3 §3). */
export const EVENT_CATEGORIES = ['tv', 'newmedia', 'premiere', 'release', 'other'] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];

/** 'film' is the older word for a release (spec 3 §3 "release (and film)"): taken as 'release' (W2). */
export const CATEGORY_ALIASES: Readonly<Record<string, EventCategory>> = { film: 'release' };

/** What the page calls each category. */
export const CATEGORY_LABEL: Record<EventCategory, string> = {
  tv: 'TV',
  newmedia: 'New Media',
  premiere: 'Premiere',
  release: 'Release',
  other: 'Other',
};

/** What each category is for, under the category choice. */
export const CATEGORY_HINT: Record<EventCategory, string> = {
  tv: 'An episode or show airing on a TV channel or network.',
  newmedia: 'A web series, podcast, stream or video online.',
  premiere: 'A premiere, screening or festival showing.',
  release: 'A film or show released in theaters, on streaming or on disc: a date only.',
  other: 'A live performance, a panel, a reading or anything else worth watching.',
};

export type FieldNeed = 'required' | 'optional';

/** The form's fields after the category, and which the category needs (W2). */
export interface CategoryFields {
  /** The IMDb title page; its title fills the event's title when none is typed. */
  imdb: FieldNeed;
  channel: FieldNeed;
  /** What the channel field is called for this category. */
  channelLabel: string;
  channelPlaceholder: string;
  channelUrl: FieldNeed;
  channelUrlLabel: string;
  /** A time in 15-minute steps besides the date; releases take a date only (spec 3 §9). */
  timed: boolean;
}

export const CATEGORY_FIELDS: Record<EventCategory, CategoryFields> = {
  tv: {
    imdb: 'optional',
    channel: 'required',
    channelLabel: 'Channel or network',
    channelPlaceholder: 'NBC, HBO, BBC One…',
    channelUrl: 'optional',
    channelUrlLabel: 'Channel’s web address',
    timed: true,
  },
  newmedia: {
    imdb: 'optional',
    channel: 'required',
    channelLabel: 'Platform',
    channelPlaceholder: 'YouTube, Netflix, Spotify…',
    channelUrl: 'required',
    channelUrlLabel: 'Where to watch (web address)',
    timed: true,
  },
  premiere: {
    imdb: 'optional',
    channel: 'optional',
    channelLabel: 'Venue or festival',
    channelPlaceholder: 'TCL Chinese Theatre, Sundance…',
    channelUrl: 'optional',
    channelUrlLabel: 'Tickets or event page',
    timed: true,
  },
  release: {
    imdb: 'required',
    channel: 'optional',
    channelLabel: 'Where it is released',
    channelPlaceholder: 'In theaters, Netflix, Blu-ray…',
    channelUrl: 'optional',
    channelUrlLabel: 'Web address for the release',
    timed: false,
  },
  other: {
    imdb: 'optional',
    channel: 'optional',
    channelLabel: 'Where',
    channelPlaceholder: 'A venue, a channel or a site',
    channelUrl: 'optional',
    channelUrlLabel: 'Web address',
    timed: true,
  },
};

/** Lengths of the form's fields (W3). */
export const TITLE_MAX = 100;
export const ROLE_MIN = 2;
export const ROLE_MAX = 60;
export const CHANNEL_MAX = 60;
export const URL_MAX = 500;
export const NOTES_MAX = 1000;
/** Times are offered in steps of this many minutes (spec 3 §9). */
export const TIME_STEP_MINUTES = 15;
/** How far ahead an event may be (W4): two years of Pacific days. */
export const HORIZON_DAYS = 730;
/** A month answers at most this many events of each day; `days` gives each day's total (W6). */
export const DAY_EVENTS_IN_MONTH = 5;
/** One day asked for answers at most this many events; more is said with `truncated` (W6). */
export const DAY_EVENTS_MAX = 200;
/** Participants listed in an event's details (the rest are counted). */
export const PARTICIPANTS_SHOWN = 200;
/** Adding events, per member (W5). */
export const EVENTS_PER_HOUR = 5;
export const EVENTS_PER_DAY = 20;

/** Spec 3 §8. */
export const EVENT_ADDED = 'Your event was successfully added!';
export const NO_SUCH_EVENT = 'This event is no longer on the calendar.';
export const ALREADY_TAKING_PART = 'You are already taking part in this event.';
export const NOT_TAKING_PART = 'You are not taking part in this event.';
export const EVENT_PASSED = 'This event has already taken place, so nobody can join it now.';
export const LOAD_FAILED = 'We had an issue loading the calendar...';
export const DETAILS_FAILED = 'We had an issue loading this event...';

/** One event on the calendar (spec 3 §3 Event, the fields the calendar needs). */
export interface EventSummary {
  id: number;
  category: EventCategory;
  title: string;
  /** Who posted it. */
  user_name: string;
  /** The Pacific calendar day, YYYY-MM-DD. */
  date: string;
  /** Its day of the month, '18'. */
  day: string;
  /** Its month in three letters, 'Mar'. */
  month: string;
  /** '7:30pm', or '' for an event that takes a date only (a release). */
  time: string;
  /** The day in words: 'Wednesday, March 18, 2026'. */
  showDate: string;
  /** The start as an instant (ISO 8601), or null for a date only. */
  starts_at: string | null;
  /** The asker takes part in it. */
  taking_part: boolean;
}

export interface Participant {
  id: number;
  full_name: string;
  role: string;
}

/** An event with everything its details show (spec 3 §3 Event). */
export interface EventDetails extends EventSummary {
  channel: string;
  /** The address the member gave for the channel ('' for none). */
  channel_url: string;
  /** What a link to the channel opens (offline, the simulated page standing for it, D9.2). */
  channel_link: string;
  /** The IMDb title page ('' for none). */
  imdb_url: string;
  imdb_link: string;
  /** The notes as HTML with links only (D8.1): render with LinksOnly. */
  notes: string;
  posted_by_id: number;
  poster_name: string;
  /** Oldest first, the poster first; members blocked either way and inactive members left out. */
  participants: Participant[];
  /** How many take part, including any not listed. */
  participant_count: number;
  /** D12.3: a signed-in member not yet taking part, on an event that has not passed. */
  canAdd: boolean;
  /** D12.3: the participant themself, or whoever posted the event. */
  canRemove: boolean;
  /** The poster: Remove deletes the event for everyone (W7). */
  canDelete: boolean;
  /** The start (or, for a date only, the day) is over. */
  passed: boolean;
}

const monthPattern = /^(\d{4})-(0[1-9]|1[0-2])$/;
const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD. */
export function isCalendarDay(day: string): boolean {
  if (!dayPattern.test(day)) return false;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const at = new Date(Date.UTC(y, m - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d;
}

/** A calendar day moved by whole days (days carry no time zone). */
export function shiftDay(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** A month (YYYY-MM) moved by whole months. */
export function shiftMonth(month: string, months: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + months, 1)).toISOString().slice(0, 7);
}

/** The number of days in a month (YYYY-MM). */
export function daysInMonth(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** 0 for Sunday … 6 for Saturday, of a calendar day. */
export function weekdayOf(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** 'March 2026' for '2026-03'. */
export function monthInWords(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${MONTH_NAMES[m - 1]} ${y}`;
}

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** 'Wednesday, March 18, 2026' for a calendar day. */
export function dayWithWeekday(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${WEEKDAY_NAMES[weekdayOf(day)]}, ${MONTH_NAMES[m - 1]} ${d}, ${y}`;
}

/** A time of day as the calendar writes it: '7:30pm', '12:00am'. */
export function clockTime(hour: number, minute: number): string {
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}:${String(minute).padStart(2, '0')}${hour < 12 ? 'am' : 'pm'}`;
}

/** An instant's Pacific time of day, '7:30pm' (D1.1). */
export function pacificClockTime(at: Instant): string {
  const c = pacificWallClock(at);
  return clockTime(c.hour, c.minute);
}

/**
 * The instant a Pacific wall clock shows `hour`:`minute` on `day` (D1.1, daylight saving included),
 * or null for a time that day skips (2:00-2:59am when clocks spring forward). A time the day has
 * twice (1:00-1:59am when they fall back) is its first, daylight time.
 */
export function pacificInstant(day: string, hour: number, minute: number): Date | null {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hour, minute);
  // Pacific time is 7 hours behind UTC in summer and 8 in winter.
  for (const offsetHours of [7, 8]) {
    const at = new Date(wall + offsetHours * 3_600_000);
    const c = pacificWallClock(at);
    if (c.year === y && c.month === m && c.day === d && c.hour === hour && c.minute === minute) return at;
  }
  return null;
}

/** One time the date picker offers. */
export interface TimeSlot {
  /** '7:30pm' */
  label: string;
  /** The instant, ISO 8601: what the form sends as startISO. */
  iso: string;
}

/** Every time of a Pacific day in 15-minute steps (spec 3 §9), the ones a DST change skips left out. */
export function quarterHourSlots(day: string): TimeSlot[] {
  const slots: TimeSlot[] = [];
  for (let minutes = 0; minutes < 24 * 60; minutes += TIME_STEP_MINUTES) {
    const hour = Math.floor(minutes / 60);
    const at = pacificInstant(day, hour, minutes % 60);
    if (at) slots.push({ label: clockTime(hour, minutes % 60), iso: at.toISOString() });
  }
  return slots;
}

const text = (what: string, max: number) =>
  z
    .string({ error: `The ${what} must be text.` })
    .trim()
    .max(max, { error: `The ${what} can be at most ${max.toLocaleString('en-US')} characters.` })
    .default('');

const webAddress = (what: string) =>
  text(what, URL_MAX).refine(
    (url) => {
      if (url === '') return true;
      try {
        const u = new URL(url);
        return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname.includes('.');
      } catch {
        return false;
      }
    },
    { error: `Please enter a full web address for the ${what}, starting with https://.` },
  );

const CATEGORY_ERROR = 'Please choose a category for the event first.';
const category = z.preprocess(
  (value) => (typeof value === 'string' ? (CATEGORY_ALIASES[value] ?? value) : value),
  z.enum(EVENT_CATEGORIES, { error: CATEGORY_ERROR }),
);

const ROLE_ERROR = `Please say what your role is, in ${ROLE_MIN} to ${ROLE_MAX} characters (Actor, Director, Writer…).`;
const role = z
  .string({ error: ROLE_ERROR })
  .trim()
  .min(ROLE_MIN, { error: ROLE_ERROR })
  .max(ROLE_MAX, { error: ROLE_ERROR });

const eventId = z.object({ id: idSchema('event id') });

/** A day of the calendar with events, and how many it has in all. */
export interface DayTotal {
  date: string;
  total: number;
}

/**
 * The calendar (W6): one Pacific month from today on (events leave the calendar the day after they
 * take place, D12.3), at most DAY_EVENTS_IN_MONTH events of each day with each day's total; or, with
 * `day`, all of one day's events (at most DAY_EVENTS_MAX). The current month by default.
 */
export const fetchEvents = operation<{
  status: 'success';
  /** The month answered, YYYY-MM. */
  month: string;
  /** The day answered in full, or null for a month. */
  day: string | null;
  /** Today on the site (Pacific, D1.1), YYYY-MM-DD: the calendar marks it. */
  today: string;
  /** The months the calendar pages through: this one to the last a new event may be in (W4). */
  firstMonth: string;
  lastMonth: string;
  /** The last day an event may be added for. */
  lastDay: string;
  /** In the calendar's order: by day, dates only first, then by time. */
  events: EventSummary[];
  /** Every day of the answer that has events, with how many it has (some may not be listed). */
  days: DayTotal[];
  /** A day asked for has more than DAY_EVENTS_MAX events: the latest are left out. */
  truncated: boolean;
}>()({
  method: 'GET',
  path: 'watch/fetchEvents',
  audience: 'member',
  input: z.object({
    month: z
      .string({ error: 'Please choose a month like 2026-03.' })
      .regex(monthPattern, { error: 'Please choose a month like 2026-03.' })
      .optional(),
    day: z
      .string({ error: 'Please choose a day like 2026-03-18.' })
      .refine(isCalendarDay, { error: 'Please choose a day like 2026-03-18.' })
      .optional(),
  }),
});

export const fetchEventDetails = operation<{ status: 'success'; event: EventDetails }>()({
  method: 'GET',
  path: 'watch/fetchEventDetails',
  audience: 'member',
  input: eventId,
});

/**
 * Adds an event (spec 3 §5, §7): the category first, the fields it needs (CATEGORY_FIELDS), a date
 * and, except for releases, a time in 15-minute steps on Pacific time. The poster takes part with
 * their role. `startDate` is the Pacific day; `startISO` the start as an instant (quarterHourSlots),
 * empty for a release.
 */
export const addEvent = operation<{
  status: 'success';
  message: string;
  /** The new event's id and day, so the calendar can show its month. */
  id: number;
  date: string;
}>()({
  method: 'POST',
  path: 'watch/addEvent',
  audience: 'member',
  input: z.object({
    category,
    imdb_url: text('IMDb page address', URL_MAX),
    title: text('title', TITLE_MAX),
    role,
    channel: text('channel', CHANNEL_MAX),
    channel_url: webAddress('channel'),
    notes: text('notes', NOTES_MAX),
    startDate: z
      .string({ error: 'Please choose the date of the event.' })
      .trim()
      .refine(isCalendarDay, { error: 'Please choose the date of the event.' }),
    startISO: z
      .string({ error: 'Please choose a time for the event.' })
      .trim()
      .max(40, { error: 'Please choose a time for the event.' })
      .default(''),
  }),
});

/** Takes part in an event with a role (D12.3). */
export const addMe = operation<{ status: 'success'; message: string; event: EventDetails }>()({
  method: 'POST',
  path: 'watch/addMe',
  audience: 'member',
  input: z.object({ event_id: idSchema('event id'), role }),
});

/**
 * Leaves an event; the poster's removal deletes it for everyone (W7). `event_exists` says whether it
 * is still on the calendar; when it is, `event` is its details now.
 */
export const removeMe = operation<{
  status: 'success';
  message: string;
  event_exists: boolean;
  event: EventDetails | null;
}>()({
  method: 'GET',
  path: 'watch/removeMe',
  audience: 'member',
  input: eventId,
});
