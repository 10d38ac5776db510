import { pacificWallClock } from '@marquee/contract';

// The site's zone and its calendar day are the contract's (docs/domain.md V4); this file does the
// server's arithmetic on them.
export { SITE_TIME_ZONE, pacificDay } from '@marquee/contract';

/** A calendar date (YYYY-MM-DD) moved by whole days; dates carry no time zone. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday and Sunday of the week a date falls in (D1.2: a week runs Monday to Sunday). */
export function weekOf(day: string): { monday: string; sunday: string } {
  const sinceMonday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  const monday = addDays(day, -sinceMonday);
  return { monday, sunday: addDays(monday, 6) };
}

/** How far Pacific wall-clock time is from UTC at an instant (-7 or -8 hours), in ms. */
function pacificOffsetMs(at: number): number {
  const c = pacificWallClock(at);
  const wall = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
  return wall - Math.floor(at / 1000) * 1000;
}

/** The instant a Pacific day begins (D1.1, DST included: midnight is never the hour clocks change). */
export function pacificMidnight(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(y, m - 1, d);
  // The offset at the guess, then again at the corrected instant, in case a change lies between.
  let at = utcMidnight - pacificOffsetMs(utcMidnight);
  at = utcMidnight - pacificOffsetMs(at);
  return new Date(at);
}

const UNITS: [number, string][] = [
  [365 * 24 * 3600, 'year'],
  [30 * 24 * 3600, 'month'],
  [7 * 24 * 3600, 'week'],
  [24 * 3600, 'day'],
  [3600, 'hour'],
  [60, 'minute'],
];

/** "just now", "5 minutes ago", "1 day ago": how long ago an instant was. */
export function timeAgo(at: Date, now: Date): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - at.getTime()) / 1000));
  for (const [size, unit] of UNITS) {
    if (seconds >= size) {
      const n = Math.floor(seconds / size);
      return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
    }
  }
  return 'just now';
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
