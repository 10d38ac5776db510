import { z } from 'zod';
import { operation } from './operation.js';
import { wholeNumber } from './common.js';

/**
 * The pro panels of the dashboard's IMDb tab (spec 2 §2, §3 Pro data, §7): historical stats and
 * Pro settings. What each setting does is written in docs/domain.md ("Pro panels").
 */

export const PRO_HISTORY_EMPTY = 'No Views yet this week!';
/** What the server answers a member who is not pro (403); the web shows them no panel at all. */
export const PRO_ONLY = 'The Pro panels are for Pro members.';

/** The minimum values a pro member may choose (0: any listing). */
export const PRO_MINIMUM_OPTIONS = [0, 5, 10, 12, 15, 18] as const;
/** The bonus title is topped up to this many sponsored views every Monday (Pacific). */
export const PRO_BONUS_VIEWS = 25;
/** Past weeks shown by the historical stats. */
export const PRO_PAST_WEEKS = 12;
/** The bonus option that selects nothing. */
export const PRO_BONUS_NONE = 'none';

export const MINIMUM_UPDATED = 'Your Minimum Value has been updated!';
export const BONUS_UPDATED = 'Your Bonus Title has been updated!';

/** Spec 2 §9: the rank change colour (a lower STARmeter rank is better, so a rise is bad news). */
export function rankChangeColour(changeInt: number): 'red' | 'black' | 'green' {
  if (changeInt > 10000) return 'red';
  if (changeInt > 0) return 'black';
  return 'green';
}

export interface ProOption {
  /** 'none', or the listing's id as text. */
  code: string;
  title: string;
  selected: boolean;
}

export const fetchBonusOptions = operation<{
  status: 'success';
  /** The selected option's code ('none' when none). */
  selected: string;
  options: ProOption[];
}>()({
  method: 'GET',
  path: 'pro/fetchBonusOptions',
  audience: 'member',
  input: z.object({}),
});

export const updateBonusSelection = operation<{ status: 'success'; message: string; selected: string }>()({
  method: 'GET',
  path: 'pro/updateBonusSelection',
  audience: 'member',
  input: z.object({
    ns: z
      .string({ error: 'Please choose a bonus title.' })
      .trim()
      .min(1, { error: 'Please choose a bonus title.' })
      .max(40, { error: 'Please choose one of the bonus titles shown.' }),
  }),
});

export const fetchMinimumOptions = operation<{
  status: 'success';
  options: { value: number; selected: boolean }[];
}>()({
  method: 'GET',
  path: 'pro/fetchMinimumOptions',
  audience: 'member',
  input: z.object({}),
});

const CHOOSE_MINIMUM = 'Please choose a minimum.';

export const updateMinimum = operation<{ status: 'success'; message: string; minimum: number }>()({
  method: 'GET',
  path: 'pro/updateMinimum',
  audience: 'member',
  input: z.object({
    // A number, or its digits in the query string: an empty value is no choice, not 0.
    nm: z
      .union(
        [
          z.number(),
          z
            .string()
            .trim()
            .regex(/^\d{1,6}$/, { error: CHOOSE_MINIMUM }),
        ],
        {
          error: CHOOSE_MINIMUM,
        },
      )
      .pipe(wholeNumber(z.number().int({ error: CHOOSE_MINIMUM }).min(0, { error: CHOOSE_MINIMUM }))),
  }),
});

export interface ProDay {
  /** The Pacific date, YYYY-MM-DD. */
  date: string;
  /** Its weekday, 'Monday'. */
  day: string;
  views: number;
}

export interface ProWeek {
  /** The week's Sunday, YYYY-MM-DD (D1.2). */
  weekEnding: string;
  views: number;
  /** The STARmeter rank read when the week ended, or null when it could not be read. */
  rank: number | null;
  /** The rank change from the week before, with its sign: '+1,204', '-87', '0'; '' when unknown. */
  change: string;
  /** The same as a number (negative: the rank improved); null when unknown. */
  changeInt: number | null;
}

export interface ProHistory {
  /** This week, Monday to today (D1.2): the IMDb views the member's listings received each day. */
  current: ProDay[];
  /** The views of the tab asked for: this week's, or the past weeks' together. */
  total: number;
  /** Past weeks, newest first (at most PRO_PAST_WEEKS, none before the member joined). */
  past: ProWeek[];
}

export const fetchProHistory = operation<{ status: 'success'; tab: 'current' | 'past' } & ProHistory>()({
  method: 'GET',
  path: 'pro/fetchProHistory',
  audience: 'member',
  input: z.object({
    tab: z.enum(['current', 'past'], { error: "Please choose 'current' or 'past'." }).default('current'),
  }),
});
