import { z } from 'zod';
import { operation } from './operation.js';

export interface Toasty {
  type: 'success' | 'info' | 'warning' | 'error';
  color: string;
  message: string;
}

export const POINT_BALANCE_FAILED = 'We could not retrieve your current points...';
/** The point box waits this long after it appears before its first fetch (spec 1 §7). */
export const POINT_BOX_FIRST_FETCH_MS = 500;

export const updatePointBalance = operation<{
  status: 'success';
  points: number;
  /** Actions credited today (Pacific day, D1.1). */
  actions: number;
  /** Today's daily action cap (D6.3). */
  max: number;
  toasty: Toasty | null;
}>()({
  method: 'GET',
  path: 'earnPoints/updatePointBalance',
  audience: 'member',
  input: z.object({}),
});
