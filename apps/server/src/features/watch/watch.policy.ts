import { dayInWords, pacificDay, pacificWallClock, watch as contract } from '@marquee/contract';
import { imdbCodeOf } from '../../integrations/imdb-page.parser.js';
import type { RateRefusal, RateRule } from '../../platform/rate-limit.js';
import { DAY_MS, HOUR_MS } from '../../platform/time.js';

/** The pure rules of When To Watch (D12.3, docs/domain.md W1-W9). */

type Category = contract.EventCategory;

export const WATCH_ERRORS = {
  missingTime: 'Please choose a time for the event.',
  dateOnly: 'A release takes a date only, without a time.',
  offStep: 'Please choose a time on the quarter hour: :00, :15, :30 or :45.',
  timeNotOnDay: 'The time chosen is not on the date chosen. Please choose the date and time again.',
  timePassed: 'Please choose a time that has not passed yet.',
  dayPassed: 'Please choose today or a later date.',
  tooFar: (lastDay: string) =>
    `Events can be added up to two years ahead, until ${dayInWords(lastDay)}. Please choose an earlier date.`,
  channelRequired: (label: string) => `Please fill in the ${label.toLowerCase()}.`,
  channelUrlRequired: 'Please enter where members can watch it: a full web address starting with https://.',
  imdbRequired:
    'Please paste the address of the title’s IMDb page, like https://www.imdb.com/title/tt0133093/.',
  badImdb: 'Please paste the address of an IMDb title page, like https://www.imdb.com/title/tt0133093/.',
  imdbNamePage:
    'That is an IMDb name page. Please paste the address of the title’s page, like https://www.imdb.com/title/tt0133093/.',
  imdbNotFound: 'We could not find that title on IMDb. Please check the address and try again.',
  imdbOffline:
    'IMDb is not answering right now, so we could not read the title. Please try again in a few minutes.',
  titleRequired: 'Please give the event a title, or the address of its IMDb page.',
} as const;

/** When an event takes place: its Pacific day, and its start unless it takes a date only. */
export interface Schedule {
  day: string;
  startsAt: Date | null;
}

/** The last day a new event may be on (W4). */
export const lastDayFrom = (today: string) => contract.shiftDay(today, contract.HORIZON_DAYS);

/**
 * W4: the date and time a form names, checked against its category and the clock: a release takes
 * its day only (today or later); every other category a start on a 15-minute step of Pacific time
 * (spec 3 §9), on the day chosen, not yet passed; nothing past the horizon. The refusal, or the
 * schedule.
 */
export function scheduleOf(
  category: Category,
  startDate: string,
  startISO: string,
  now: Date,
): { refusal: string } | Schedule {
  const today = pacificDay(now);
  const lastDay = lastDayFrom(today);
  if (!contract.CATEGORY_FIELDS[category].timed) {
    if (startISO !== '') return { refusal: WATCH_ERRORS.dateOnly };
    if (startDate < today) return { refusal: WATCH_ERRORS.dayPassed };
    if (startDate > lastDay) return { refusal: WATCH_ERRORS.tooFar(lastDay) };
    return { day: startDate, startsAt: null };
  }
  if (startISO === '') return { refusal: WATCH_ERRORS.missingTime };
  // An instant with its offset or Z: what quarterHourSlots offers (a bare wall time would be ambiguous).
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(startISO))
    return { refusal: WATCH_ERRORS.missingTime };
  const at = new Date(startISO);
  if (Number.isNaN(at.getTime())) return { refusal: WATCH_ERRORS.missingTime };
  const wall = pacificWallClock(at);
  if (at.getTime() % 60_000 !== 0 || wall.minute % contract.TIME_STEP_MINUTES !== 0)
    return { refusal: WATCH_ERRORS.offStep };
  if (pacificDay(at) !== startDate) return { refusal: WATCH_ERRORS.timeNotOnDay };
  if (at.getTime() <= now.getTime()) return { refusal: WATCH_ERRORS.timePassed };
  if (startDate > lastDay) return { refusal: WATCH_ERRORS.tooFar(lastDay) };
  return { day: startDate, startsAt: at };
}

/** W2: what the category needs besides the title, role and date; the first missing, or null. */
export function missingField(
  category: Category,
  input: { imdb_url: string; channel: string; channel_url: string },
): string | null {
  const fields = contract.CATEGORY_FIELDS[category];
  if (fields.imdb === 'required' && input.imdb_url === '') return WATCH_ERRORS.imdbRequired;
  if (fields.channel === 'required' && input.channel === '')
    return WATCH_ERRORS.channelRequired(fields.channelLabel);
  if (fields.channelUrl === 'required' && input.channel_url === '') return WATCH_ERRORS.channelUrlRequired;
  return null;
}

/**
 * W3: the IMDb title page an address names, as the canonical https://www.imdb.com/title/tt…/; offline
 * the address of a simulated title page (/sim/imdb/title/tt…/) stands for the real page (D9.2).
 */
export function imdbTitlePageOf(
  url: string,
  simulated: boolean,
): { url: string; code: string } | { refusal: string } {
  let code = imdbCodeOf(url);
  if (!code && simulated) {
    const sim = /^(?:https?:\/\/[^/]+)?\/sim\/imdb\/(name|title)\/((?:nm|tt)\d{5,10})\/?(?:[?#].*)?$/i.exec(
      url.trim(),
    );
    if (sim) code = (sim[2] ?? '').toLowerCase();
  }
  if (!code) return { refusal: WATCH_ERRORS.badImdb };
  if (code.startsWith('nm')) return { refusal: WATCH_ERRORS.imdbNamePage };
  return { url: `https://www.imdb.com/title/${code}/`, code };
}

/** An event's timing as the rules need it. */
export interface EventTiming {
  day: string;
  startsAt: Date | null;
}

/** D12.3: an event has passed once it started, or, taking a date only, once its day is over. */
export function hasPassed(event: EventTiming, now: Date): boolean {
  return event.startsAt ? event.startsAt.getTime() <= now.getTime() : event.day < pacificDay(now);
}

/** D12.3: events leave the calendar the day after they take place. */
export const leftCalendar = (event: EventTiming, now: Date) => event.day < pacificDay(now);

/** What the asker may do with an event (D12.3; W7): the answer carries it, the page only shows it. */
export function abilities(
  event: EventTiming & { postedBy: number },
  askerId: number,
  takingPart: boolean,
  now: Date,
) {
  const poster = event.postedBy === askerId;
  return {
    canAdd: !takingPart && !hasPassed(event, now),
    canRemove: takingPart || poster,
    canDelete: poster,
  };
}

/** W5: adding events, per member, counted through the one mechanism (L1-L3). */
export const ADDING_LIMITS: readonly RateRule[] = [
  { limit: contract.EVENTS_PER_HOUR, windowMs: HOUR_MS },
  { limit: contract.EVENTS_PER_DAY, windowMs: DAY_MS },
];

export const addingKey = (memberId: number) => `event:${memberId}`;

export function addingTooFast({ rule, waitSeconds }: RateRefusal): string {
  const minutes = Math.ceil(waitSeconds / 60);
  const wait =
    minutes >= 120 ? `${Math.ceil(minutes / 60)} hours` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const span = rule.windowMs <= HOUR_MS ? 'in the last hour' : 'in the last day';
  return `You have added ${rule.limit} events ${span}. Please wait ${wait} before adding another.`;
}

/** The month (YYYY-MM) a calendar day is in. */
export const monthOf = (day: string) => day.slice(0, 7);
