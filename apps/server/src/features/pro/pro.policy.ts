import { pro as contract, type Membership } from '@marquee/contract';
import { addDays, weekOf } from '../../platform/time.js';

/** The pro panels and settings are pro members' own (spec 2 §2, §6); managed members are not pro. */
export const mayUseProPanels = (membership: Membership) => membership === 'pro';

export const isMinimumOption = (value: number): boolean =>
  (contract.PRO_MINIMUM_OPTIONS as readonly number[]).includes(value);

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export function weekdayOf(day: string): string {
  return WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()] as string;
}

/** The days from Monday of the date's week to the date itself. */
export function daysOfWeekSoFar(today: string): string[] {
  const { monday } = weekOf(today);
  const days: string[] = [];
  for (let day = monday; day <= today; day = addDays(day, 1)) days.push(day);
  return days;
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
