import { z } from 'zod';
import { operation } from './operation.js';
import type { YesNo } from './common.js';

/** A conversation as listed in the top bar and on /messages (spec 1 §3, spec 2 §3). */
export interface ThreadSummary {
  other_id: number;
  other_first: string;
  other_last: string;
  other_avatar: string | null;
  ago: string;
  message: string;
  unread: YesNo;
}

export const RECENT_THREADS_IN_DROPDOWN = 6;

export const fetchRecentThreads = operation<{ status: 'success'; threads: ThreadSummary[] }>()({
  method: 'GET',
  path: 'messages/fetchRecentThreads',
  audience: 'member',
  input: z.object({
    limit: z.coerce
      .number({ error: 'The limit must be a number from 1 to 50.' })
      .int({ error: 'The limit must be a number from 1 to 50.' })
      .min(1, { error: 'The limit must be a number from 1 to 50.' })
      .max(50, { error: 'The limit must be a number from 1 to 50.' })
      .default(20),
  }),
});
