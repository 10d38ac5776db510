import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { users } from '../members/members.tables.js';
import { notBlockedWith } from '../members/index.js';
import { boardCategories, boardThreads } from './board.tables.js';

/**
 * The newest threads by last post whose author is active and not blocked either way: walked
 * backwards along board_threads_recent_idx, each author and category found by primary key.
 */
export function recentThreadsQuery(db: Db, callerId: number, limit: number) {
  return db
    .select({
      id: boardThreads.id,
      category: boardThreads.category,
      categoryName: boardCategories.longName,
      title: boardThreads.title,
      userId: boardThreads.userId,
      first: users.first,
      last: users.last,
      lastPostAt: boardThreads.lastPostAt,
      replyCount: boardThreads.replyCount,
    })
    .from(boardThreads)
    .innerJoin(users, eq(users.id, boardThreads.userId))
    .innerJoin(boardCategories, eq(boardCategories.category, boardThreads.category))
    .where(
      and(
        eq(users.kind, 'member'),
        eq(users.status, 'active'),
        notBlockedWith(callerId, sql.raw('"board_threads"."user_id"')),
      ),
    )
    .orderBy(desc(boardThreads.lastPostAt))
    .limit(limit);
}
