import { home, type board as contract } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { Caller } from '../../platform/auth.js';
import { timeAgo } from '../../platform/time.js';
import { recentThreadsQuery } from './board.repo.js';

/** board/fetchRecentPosts: the home page's Recent Board Posts, the newest threads by last post. */
export async function recentPosts(deps: AppDeps, caller: Caller) {
  const now = deps.clock.now();
  const rows = await recentThreadsQuery(deps.db, caller.userId, home.HOME.recentPostsShown);
  return {
    status: 'success' as const,
    threads: rows.map((t): contract.RecentThread => ({
      id: t.id,
      category: t.category,
      category_name: t.categoryName,
      title: t.title,
      user_id: t.userId,
      user_first: t.first,
      user_name: `${t.first} ${t.last}`.trim(),
      post_date: t.lastPostAt.toISOString(),
      post_ago: timeAgo(t.lastPostAt, now),
      reply_count: t.replyCount,
    })),
  };
}
