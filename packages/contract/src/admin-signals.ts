import { z } from 'zod';
import { operation } from './operation.js';
import { wholeNumber } from './common.js';

/**
 * Fair-play signals (D11.2; docs/domain.md FP1-FP8): patterns that may mean someone is gaming the
 * exchange, computed daily and on demand, shown to staff with the evidence behind each. A signal is a
 * reason to look, never a ban by itself.
 */

export const SIGNAL_KINDS = [
  'shared_address',
  'signup_burst',
  'mutual_pair',
  'listing_misses',
  'reversed_actions',
] as const;
export type SignalKind = (typeof SIGNAL_KINDS)[number];

export const SIGNAL_LABEL: Record<SignalKind, string> = {
  shared_address: 'Accounts at one address',
  signup_burst: 'Sign-up burst',
  mutual_pair: 'Pair acting on each other',
  listing_misses: 'Listing with many misses',
  reversed_actions: 'Many reversed actions',
};

/** A member the evidence names. */
export interface SignalMember {
  id: number;
  name: string;
}

export interface Signal {
  kind: SignalKind;
  label: string;
  score: number;
  /** The evidence in words, e.g. "4 accounts signed in from 203.0.113.7 in the last 30 days". */
  evidence: string;
  /** The other members the evidence names. */
  members: SignalMember[];
}

export interface FlaggedMember {
  user_id: number;
  first: string;
  last: string;
  status: string;
  /** The sum of the member's signals' scores: the list's order. */
  score: number;
  signals: Signal[];
}

export const SIGNALS_PAGE_SIZE = 25;

/** Members ranked by their signals, a page at a time, with when the signals were computed. */
export const fetchSignals = operation<{
  status: 'success';
  members: FlaggedMember[];
  count: number;
  page: number;
  pageCount: number;
  /** ISO 8601 and in words, or '' when never computed. */
  computed_at: string;
  ago: string;
}>()({
  method: 'GET',
  path: 'admin/fetchSignals',
  audience: 'admin',
  input: z.object({
    page: wholeNumber(
      z
        .number({ error: 'Please give a valid page.' })
        .int({ error: 'Please give a valid page.' })
        .min(0, { error: 'Please give a valid page.' })
        .max(100_000, { error: 'Please give a valid page.' })
        .default(0),
    ),
  }),
});

/** Computes the signals now (the daily job's work), at most once a minute for the whole site. */
export const refreshSignals = operation<{ status: 'success'; message: string }>()({
  method: 'POST',
  path: 'admin/refreshSignals',
  audience: 'admin',
  input: z.object({}),
});

export const EMPTY_SIGNALS = 'No member shows a fair-play signal.';
export const NEVER_COMPUTED = 'The signals have not been computed yet.';
export const SIGNALS_NOTE =
  'Signals are reasons to look, never proof: no member is limited or banned by a signal.';
