import { z } from 'zod';
import { operation } from './operation.js';
import { idSchema, wholeNumber } from './common.js';
import type { LinkedPlatform } from './platforms.js';

/** One row of the History table (spec 2 §3), seen from the member who asks. */
export interface HistoryItem {
  id: number;
  /** Points for this member: + earned, - paid; 99 and -99 show as V4V. */
  amount: number;
  /** What happened, in words (plain text: the client renders it as text). */
  action: string;
  /** The other member's picture, or null for the no-photo image. */
  img: string | null;
  link_pic: string;
  profile_id: number;
  first_name: string;
  /** The platform: imdb, twitter, youtube or facebook. */
  icon: string;
  listing_url: string;
  listing_name: string;
  ago: string;
  /** Follows and likes: 'yes' (the platform shows it), 'no' (it does not), or a word such as 'Reversed'. */
  verify: string;
  /** Whether this member may ask the platform again (history/verify). */
  canVerify: boolean;
}

export const HISTORY_EMPTY = 'You do not have any recent History...';
export const HISTORY_NONE_IN_WINDOW = 'No results within the last six months.';
export const HISTORY_PAGE_SIZE = 25;
export const RECENT_HISTORY_ITEMS = 5;

export const fetchRecentHistoryList = operation<{
  status: 'success';
  history_count: number;
  histories: HistoryItem[];
}>()({
  method: 'GET',
  path: 'history/fetchRecentHistoryList',
  audience: 'member',
  input: z.object({}),
});

/** all, mine (my actions on others' listings), theirs (others' actions on mine), or one listing's id. */
export const historyFilter = z
  .string({ error: 'Please choose which history to show.' })
  .trim()
  .regex(/^(all|mine|theirs|\d{1,10})$/, { error: 'Please choose which history to show.' })
  .default('all');

export const fetchHistoryList = operation<{
  status: 'success';
  histories: HistoryItem[];
  history_count: number;
  pageCount: number;
  historyTitle: string;
}>()({
  method: 'POST',
  path: 'history/fetchHistoryList',
  audience: 'member',
  input: z.object({
    filter: historyFilter,
    page: wholeNumber(
      z
        .number({ error: 'Please give a page number.' })
        .int({ error: 'Please give a page number.' })
        .min(1, { error: 'Pages start at 1.' })
        .max(10_000, { error: 'There is no such page.' })
        .default(1),
    ),
  }),
});

const verifyOp = (icon: LinkedPlatform) =>
  operation<{ status: 'verified' | 'unverified'; message: string }>()({
    method: 'POST',
    path: `history/verify/${icon}`,
    audience: 'member',
    input: z.object({ history_id: idSchema('history id') }),
  });

/** Asks the platform again whether a follow or like in the history is still there. */
export const verify = { twitter: verifyOp('twitter'), facebook: verifyOp('facebook') };
