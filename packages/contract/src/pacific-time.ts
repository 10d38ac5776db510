/**
 * Dates and times as the site speaks them: on Pacific time, daylight saving included (D1.1,
 * docs/domain.md V4). The one place that formats an instant for members; server and browser both
 * use it, so a date reads the same in a mail, on a page and whatever the browser's own zone.
 */

/** The site's time zone (D1.1). */
export const SITE_TIME_ZONE = 'America/Los_Angeles';

/** An instant: a Date, an ISO 8601 text or milliseconds since 1970. */
export type Instant = Date | string | number;

const asDate = (at: Instant): Date => (at instanceof Date ? at : new Date(at));

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: SITE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const longDateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: SITE_TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

const monthYearFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: SITE_TIME_ZONE,
  year: 'numeric',
  month: 'long',
});

const wallClockFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: SITE_TIME_ZONE,
  hourCycle: 'h23',
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});

/** A Pacific wall clock reading: what a clock in Los Angeles showed at an instant. */
export interface PacificWallClock {
  year: number;
  /** 1-12, and its name: 'March'. */
  month: number;
  monthName: string;
  day: number;
  weekday: string;
  /** 0-23. */
  hour: number;
  minute: number;
  second: number;
}

const MONTHS = [
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

/** The Pacific wall clock at an instant (seconds whole; DST included). */
export function pacificWallClock(at: Instant): PacificWallClock {
  const parts = Object.fromEntries(wallClockFormat.formatToParts(asDate(at)).map((p) => [p.type, p.value]));
  const monthName = String(parts.month);
  return {
    year: Number(parts.year),
    month: MONTHS.indexOf(monthName as (typeof MONTHS)[number]) + 1,
    monthName,
    day: Number(parts.day),
    weekday: String(parts.weekday),
    // Some engines write midnight as 24 even in the h23 cycle.
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The Pacific calendar day of an instant, as YYYY-MM-DD: what "today" means on the site. */
export function pacificDay(at: Instant): string {
  return dayFormat.format(asDate(at));
}

/** The Pacific hour of an instant, 0-23. */
export function pacificHour(at: Instant): number {
  return pacificWallClock(at).hour;
}

/** An instant as the Pacific date members read: "December 25, 2026". */
export function pacificDate(at: Instant): string {
  return longDateFormat.format(asDate(at));
}

/** An instant's Pacific month: "December 2026" ("member since December 2026"). */
export function pacificMonth(at: Instant): string {
  return monthYearFormat.format(asDate(at));
}

/** An instant as a Pacific day and time: "Wednesday, July 1 at 3:30pm PT". */
export function pacificDayAndTime(at: Instant): string {
  const c = pacificWallClock(at);
  const hour12 = c.hour % 12 === 0 ? 12 : c.hour % 12;
  const minute = String(c.minute).padStart(2, '0');
  return `${c.weekday}, ${c.monthName} ${c.day} at ${hour12}:${minute}${c.hour < 12 ? 'am' : 'pm'} PT`;
}

/** The parts of a calendar day written YYYY-MM-DD, or null when it is not one. */
function dayParts(day: string): [number, number, number] | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = new Date(Date.UTC(y, m - 1, d));
  return at.getUTCMonth() === m - 1 && at.getUTCDate() === d ? [y, m, d] : null;
}

/**
 * A calendar day (YYYY-MM-DD, already a Pacific day) in words: "March 18, 2026". A day carries no
 * time zone, so it reads the same everywhere; text that is not a day is given back as it came.
 */
export function dayInWords(day: string): string {
  const parts = dayParts(day);
  if (!parts) return day;
  const [y, m, d] = parts;
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}

/** A calendar day (YYYY-MM-DD) in few words, for charts and lists: "Mar 18". */
export function dayInShortWords(day: string): string {
  const parts = dayParts(day);
  if (!parts) return day;
  const [, m, d] = parts;
  return `${MONTHS[m - 1]!.slice(0, 3)} ${d}`;
}
