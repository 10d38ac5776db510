import { z } from 'zod';
import { operation } from './operation.js';

/**
 * The pro panels of the dashboard's IMDb tab (spec 2 §2, §3 Pro data, §7): historical stats and
 * Pro settings. What each setting does is written in docs/domain.md.
 */

export const PRO_HISTORY_EMPTY = 'No Views yet this week!';

/** Spec 2 §9: the rank change colour. */
export function rankChangeColour(changeInt: number): 'red' | 'black' | 'green' {
  if (changeInt > 10000) return 'red';
  if (changeInt > 0) return 'black';
  return 'green';
}

export interface ProOption {
  code: string;
  title: string;
  selected: boolean;
}

export const fetchBonusOptions = operation<{ status: 'success'; selected: string; options: ProOption[] }>()({
  method: 'GET',
  path: 'pro/fetchBonusOptions',
  audience: 'member',
  input: z.object({}),
});

export const updateBonusSelection = operation<{ status: 'success'; message: string }>()({
  method: 'GET',
  path: 'pro/updateBonusSelection',
  audience: 'member',
  input: z.object({
    ns: z
      .string({ error: 'Please choose a bonus.' })
      .trim()
      .min(1, { error: 'Please choose a bonus.' })
      .max(40),
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

export const updateMinimum = operation<{ status: 'success'; message: string }>()({
  method: 'GET',
  path: 'pro/updateMinimum',
  audience: 'member',
  input: z.object({
    nm: z.coerce
      .number({ error: 'Please choose a minimum.' })
      .int({ error: 'Please choose a minimum.' })
      .min(0, { error: 'Please choose a minimum.' }),
  }),
});

export interface ProHistory {
  /** This week, Monday to today (D1.2): the IMDb views received each day. */
  current: { day: string; views: number }[];
  total: number;
  /** Past weeks, newest first: views, and the STARmeter rank change ('+1,204', '-87'). */
  past: { weekEnding: string; views: number; change: string; changeInt: number }[];
}

export const fetchProHistory = operation<{ status: 'success' } & ProHistory>()({
  method: 'GET',
  path: 'pro/fetchProHistory',
  audience: 'member',
  input: z.object({
    tab: z.enum(['current', 'past'], { error: "Please choose 'current' or 'past'." }).default('current'),
  }),
});
