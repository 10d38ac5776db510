import { z } from 'zod';
import { operation } from './operation.js';

/** A thread in the home page's Recent Board Posts (spec 1 §2 Home page, spec 3 §3 Thread summary). */
export interface RecentThread {
  id: number;
  /** The category's short name, as in /community/board/{category}/{threadId}. */
  category: string;
  /** The category's long name, for people. */
  category_name: string;
  title: string;
  /** The member who started the thread. */
  user_id: number;
  user_first: string;
  user_name: string;
  /** When the thread's last post was made, ISO 8601. */
  post_date: string;
  /** The same, as "5 minutes ago" by the server's clock (D1.3). */
  post_ago: string;
  reply_count: number;
}

/** The link to a thread of the board (spec 1 §2, spec 3 §2). */
export const threadPath = (t: Pick<RecentThread, 'category' | 'id'>): string =>
  `/community/board/${encodeURIComponent(t.category)}/${t.id}`;

export const BOARD_PATH = '/community/board';

export const fetchRecentPosts = operation<{ status: 'success'; threads: RecentThread[] }>()({
  method: 'GET',
  path: 'board/fetchRecentPosts',
  audience: 'member',
  input: z.object({}),
});
