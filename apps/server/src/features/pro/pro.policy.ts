import { pro as contract, type Membership } from '@marquee/contract';
import { DAY_MS, SITE_TIME_ZONE } from '../../platform/time.js';

/** The pro panels and settings are pro members' own (spec 2 §2, §6); managed members are not pro. */
export const mayUseProPanels = (membership: Membership) => membership === 'pro';

export const isMinimumOption = (value: number): boolean =>
  (contract.PRO_MINIMUM_OPTIONS as readonly number[]).includes(value);

/** A calendar date (YYYY-MM-DD) moved by whole days; dates carry no time zone. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export function weekdayOf(day: string): string {
  return WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()] as string;
}

/** The Monday and Sunday of the week a date falls in (D1.2: a week runs Monday to Sunday). */
export function weekOf(day: string): { monday: string; sunday: string } {
  const sinceMonday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  const monday = addDays(day, -sinceMonday);
  return { monday, sunday: addDays(monday, 6) };
}

/** The days from Monday of the date's week to the date itself. */
export function daysOfWeekSoFar(today: string): string[] {
  const { monday } = weekOf(today);
  const days: string[] = [];
  for (let day = monday; day <= today; day = addDays(day, 1)) days.push(day);
  return days;
}

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: SITE_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** How far Pacific wall-clock time is from UTC at an instant (-7 or -8 hours), in ms. */
function pacificOffsetMs(at: number): number {
  const parts = Object.fromEntries(wallClock.formatToParts(at).map((p) => [p.type, p.value]));
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
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

/** A STARmeter rank change as the panel shows it: '+1,204', '-87', '0'. */
export function formatRankChange(change: number): string {
  const digits = Math.abs(change).toLocaleString('en-US');
  return change > 0 ? `+${digits}` : change < 0 ? `-${digits}` : '0';
}

/** A past week's row from its views and the ranks read at its end and at the end of the week before. */
export function presentWeek(row: {
  weekEnding: string;
  views: number;
  rank: number | null;
  previousRank: number | null;
}): contract.ProWeek {
  const known = row.rank !== null && row.previousRank !== null;
  const changeInt = known ? (row.rank as number) - (row.previousRank as number) : null;
  return {
    weekEnding: row.weekEnding,
    views: row.views,
    rank: row.rank,
    change: changeInt === null ? '' : formatRankChange(changeInt),
    changeInt,
  };
}

/**
 * The Monday top-up of a bonus title: how many sponsored views to add so that the listing has
 * PRO_BONUS_VIEWS left, never more. Views already left (bought, or from an earlier bonus) count
 * toward them; as when a purchase is granted, a negative sponsor_bought from the old site counts as
 * its absolute value and views used past the bought count are not taken from the bonus.
 */
export function bonusTopUp(sponsorBought: number, sponsorUsed: number): number {
  const left = Math.max(0, Math.abs(sponsorBought) - sponsorUsed);
  return Math.max(0, contract.PRO_BONUS_VIEWS - left);
}
