import { and, desc, eq, inArray, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import { board } from '@marquee/contract';
import { executePrepared, rowsOf, statement, type Db } from '../../platform/db/database.js';
import { users } from '../members/members.tables.js';
import { notBlockedWith } from '../members/index.js';
import { alerts } from '../alerts/alerts.tables.js';
import { boardCategories, boardPosts, boardSubscriptions, boardThreads } from './board.tables.js';

/**
 * Every query of the board. A reader sees threads and posts of active members with no block either
 * way (docs/domain.md BD7); counts are the board's own, the same for everyone (BD4). Pages are cut
 * from the thread's or the category's index first and the hidden rows left out after (BD2), so every
 * page is a bounded index read whatever its number, and page N holds the same posts for everyone.
 */

/** A member id or a placeholder, as an int in raw SQL. */
type IdSql = number | SQL;
const int = (v: IdSql) => sql`${v}::int`;

/** The author `author` (a column) is someone `viewer` may read: an active member, no block either way. */
const readable = (viewer: IdSql, author: SQL) =>
  sql`exists (select 1 from users au where au.id = ${author} and au.kind = 'member' and au.status = 'active')
      and ${notBlockedWith(int(viewer), author)}`;

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

export interface CategoryRow {
  category: string;
  long_name: string;
  description: string;
  topic_count: number;
  post_count: number;
  thread_id: number | null;
  thread_title: string | null;
  thread_replies: number | null;
  thread_date: Date | string | null;
  thread_first: string | null;
  thread_last: string | null;
}

/**
 * The categories in their order, each with its latest thread the viewer may read: one backward walk
 * of board_threads_category_idx per category, stopping at the first readable thread.
 */
export function categoriesSql(viewer: IdSql): SQL {
  return sql`
    select c.category, c.long_name, c.description, c.topic_count, c.post_count,
           lt.id as thread_id, lt.title as thread_title, lt.reply_count as thread_replies,
           lt.last_post_at as thread_date, lt.first as thread_first, lt.last as thread_last
    from board_categories c
    left join lateral (
      select t.id, t.title, t.reply_count, t.last_post_at, u.first, u.last
      from board_threads t join users u on u.id = t.user_id
      where t.category = c.category and u.kind = 'member' and u.status = 'active'
        and ${notBlockedWith(int(viewer), sql`t.user_id`)}
      order by t.last_post_at desc, t.id desc
      limit 1
    ) lt on true
    order by c.position, c.category`;
}

/** Prepared: its planning costs more than its few index reads. */
export const categories = (db: Db, viewer: number) =>
  executePrepared<CategoryRow>(db, 'board_categories', categoriesSql(viewer));

export async function category(db: Db, name: string) {
  const [row] = await db.select().from(boardCategories).where(eq(boardCategories.category, name)).limit(1);
  return row ?? null;
}

export interface ThreadRow {
  id: number;
  title: string;
  user_id: number;
  first: string;
  last: string;
  view_count: number;
  reply_count: number;
  last_post_at: Date | string;
}

interface PageValues {
  viewer: IdSql;
  key: SQL | string | number;
  offset: SQL | number;
}

const placeholders = {
  viewer: sql.placeholder('viewer') as unknown as SQL,
  key: sql.placeholder('key') as unknown as SQL,
  offset: sql.placeholder('offset') as unknown as SQL,
};

/**
 * A page's size is written into the statement, not passed: a generic plan (the pool plans named
 * statements once) guesses a parameter LIMIT at a tenth of the table and would then read the
 * table whole to join the page; with the size written in, it joins the page's rows by key.
 */
const pageSize = (size: number) => sql.raw(String(Math.trunc(size)));

/**
 * One page of a category's threads, newest last post first: the page's ids cut from
 * board_threads_category_idx (an index-only walk of `offset + limit` entries), then each thread
 * and its author read by primary key, unreadable authors left out (BD2, BD7).
 */
export function threadsPageSql(v: PageValues = placeholders, size = board.THREADS_PER_PAGE): SQL {
  return sql`
    select t.id, t.title, t.user_id, u.first, u.last, coalesce(v.view_count, 0) as view_count, t.reply_count,
           t.last_post_at
    from (
      select id, last_post_at from board_threads
      where category = ${v.key}::text
      order by last_post_at desc, id desc
      limit ${pageSize(size)} offset ${v.offset}::int
    ) pg
    join board_threads t on t.id = pg.id
    join users u on u.id = t.user_id
    left join board_thread_views v on v.thread_id = t.id
    where u.kind = 'member' and u.status = 'active' and ${notBlockedWith(int(v.viewer), sql`t.user_id`)}
    order by pg.last_post_at desc, pg.id desc`;
}

const threadsPageStatement = statement<ThreadRow>('board_threads_page', () => threadsPageSql());

/** The threads of page `page` (zero-based) of a category, as `viewer` may see them. */
export const threadsPage = (db: Db, q: { viewer: number; category: string; page: number }) =>
  threadsPageStatement(db, { viewer: q.viewer, key: q.category, offset: q.page * board.THREADS_PER_PAGE });

export interface PostRow {
  id: number;
  user_id: number;
  first: string;
  last: string;
  default_pic: string | null;
  content: string;
  media_type: string;
  media_code: string;
  media_title: string | null;
  created_at: Date | string;
  is_first: boolean;
}

/**
 * One page of a thread's posts in posting order: the page's ids cut from board_posts_thread_idx,
 * then each post and its author by primary key, unreadable authors left out (BD2, BD7).
 */
export function postsPageSql(v: PageValues = placeholders, size = board.POSTS_PER_PAGE): SQL {
  return sql`
    select p.id, p.user_id, u.first, u.last, u.default_pic, p.content, p.media_type, p.media_code,
           p.media_title, p.created_at,
           p.id = (select min(f.id) from board_posts f where f.thread_id = ${v.key}::int) as is_first
    from (
      select id from board_posts where thread_id = ${v.key}::int
      order by id limit ${pageSize(size)} offset ${v.offset}::int
    ) pg
    join board_posts p on p.id = pg.id
    join users u on u.id = p.user_id
    where u.status = 'active' and ${notBlockedWith(int(v.viewer), sql`p.user_id`)}
    order by p.id`;
}

const postsPageStatement = statement<PostRow>('board_posts_page', () => postsPageSql());

/** The posts of page `page` (zero-based) of a thread, as `viewer` may see them. */
export const postsPage = (db: Db, q: { viewer: number; threadId: number; page: number }) =>
  postsPageStatement(db, { viewer: q.viewer, key: q.threadId, offset: q.page * board.POSTS_PER_PAGE });

export interface OpenedThread {
  id: number;
  title: string;
  category: string;
  user_id: number;
  view_count: number;
  reply_count: number;
  long_name: string;
  description: string;
  topic_count: number;
  subscribed: boolean;
}

/**
 * A thread the viewer may read, with its category, its views and whether they follow it; with
 * `countView` the same statement adds the view (BD5: one atomic upsert of the thread's count, so
 * simultaneous readers all count).
 */
export function openThreadSql(viewer: IdSql, threadId: IdSql, countView: boolean): SQL {
  const thread = sql`select t.id, t.title, t.category, t.user_id, t.reply_count,
        c.long_name, c.description, c.topic_count,
        exists (select 1 from board_subscriptions s where s.thread_id = t.id and s.user_id = ${int(viewer)}) as subscribed
      from board_threads t join board_categories c on c.category = t.category
      where t.id = ${int(threadId)} and ${readable(viewer, sql`t.user_id`)}`;
  return countView
    ? sql`with t as (${thread}),
          counted as (
            insert into board_thread_views as v (thread_id, view_count) select id, 1 from t
            on conflict (thread_id) do update set view_count = v.view_count + 1
            returning v.view_count)
          select t.*, (select view_count from counted) as view_count from t`
    : sql`select t.*, coalesce((select v.view_count from board_thread_views v where v.thread_id = t.id), 0) as view_count
          from (${thread}) t`;
}

export async function openThread(db: Db, viewer: number, threadId: number, countView: boolean) {
  const [row] = await rowsOf<OpenedThread>(db, openThreadSql(viewer, threadId, countView));
  return row ?? null;
}

/** PostgreSQL's foreign-key violation: the thread was deleted while its view was being counted. */
const FOREIGN_KEY_VIOLATION = '23503';

/**
 * Counts a view as it opens the thread. The view is one small write a page read makes: committed
 * without waiting for the disk (losing the last few view counts in a crash is harmless), so it costs
 * a read no flush. A thread deleted at that very moment is simply gone.
 */
export async function openThreadCountingView(db: Db, viewer: number, threadId: number) {
  return db
    .transaction(async (tx) => {
      await tx.execute(sql`set local synchronous_commit = off`);
      return openThread(tx, viewer, threadId, true);
    })
    .catch((error: unknown) => {
      const code =
        (error as { code?: string; cause?: { code?: string } }).code ??
        (error as { cause?: { code?: string } }).cause?.code;
      if (code === FOREIGN_KEY_VIOLATION) return null;
      throw error;
    });
}

export async function insertThread(
  tx: Db,
  t: { category: string; userId: number; title: string; at: Date },
): Promise<number> {
  const [row] = await tx
    .insert(boardThreads)
    .values({ category: t.category, userId: t.userId, title: t.title, createdAt: t.at, lastPostAt: t.at })
    .returning({ id: boardThreads.id });
  return (row as { id: number }).id;
}

export async function insertPost(
  tx: Db,
  p: {
    threadId: number;
    userId: number;
    content: string;
    mediaType?: string;
    mediaCode?: string;
    mediaTitle?: string | null;
    at: Date;
  },
): Promise<number> {
  const [row] = await tx
    .insert(boardPosts)
    .values({
      threadId: p.threadId,
      userId: p.userId,
      content: p.content,
      mediaType: p.mediaType ?? '',
      mediaCode: p.mediaCode ?? '',
      mediaTitle: p.mediaTitle ?? null,
      createdAt: p.at,
    })
    .returning({ id: boardPosts.id });
  return (row as { id: number }).id;
}

/** Adds to a category's counts (negative to take away), in the transaction of the write (BD4). */
export async function addToCategory(tx: Db, name: string, topics: number, posts: number) {
  await tx
    .update(boardCategories)
    .set({
      topicCount: sql`${boardCategories.topicCount} + ${topics}::int`,
      postCount: sql`${boardCategories.postCount} + ${posts}::int`,
    })
    .where(eq(boardCategories.category, name));
}

/**
 * A reply's change to its thread, made first in the reply's transaction: the row lock it takes
 * orders simultaneous replies and deletes, so the count only ever moves by one under the lock.
 * Null when the thread is gone or not readable by the replier.
 */
export async function countReply(tx: Db, viewer: number, threadId: number, at: Date) {
  const [row] = await rowsOf<{ category: string; title: string; user_id: number; reply_count: number }>(
    tx,
    sql`update board_threads t set reply_count = t.reply_count + 1,
          last_post_at = greatest(t.last_post_at, ${at.toISOString()}::timestamptz)
        where t.id = ${threadId}::int and ${readable(viewer, sql`t.user_id`)}
        returning t.category, t.title, t.user_id, t.reply_count`,
  );
  return row ?? null;
}

/** The thread locked for a delete, with its first post (null when the thread is gone). */
export async function lockThread(tx: Db, threadId: number) {
  const [row] = await rowsOf<{
    id: number;
    category: string;
    reply_count: number;
    first_post: number | null;
  }>(
    tx,
    sql`select t.id, t.category, t.reply_count,
               (select min(p.id) from board_posts p where p.thread_id = t.id) as first_post
        from board_threads t where t.id = ${threadId}::int for update of t`,
  );
  return row ?? null;
}

export async function findPost(db: Db, postId: number) {
  const [row] = await db
    .select({
      id: boardPosts.id,
      threadId: boardPosts.threadId,
      userId: boardPosts.userId,
      mediaType: boardPosts.mediaType,
      mediaCode: boardPosts.mediaCode,
    })
    .from(boardPosts)
    .where(eq(boardPosts.id, postId))
    .limit(1);
  return row ?? null;
}

/** Removes a thread with its posts and follows; answers its first post's image name, if any. */
export async function deleteThread(tx: Db, threadId: number): Promise<string[]> {
  const images = await tx
    .select({ code: boardPosts.mediaCode })
    .from(boardPosts)
    .where(and(eq(boardPosts.threadId, threadId), eq(boardPosts.mediaType, 'image')));
  await tx.delete(boardThreads).where(eq(boardThreads.id, threadId));
  return images.map((i) => i.code);
}

/**
 * Removes one reply and sets its thread's count and last post from what is left (the thread is
 * locked by the caller). False when the reply was already gone.
 */
export async function deleteReply(tx: Db, postId: number, threadId: number): Promise<number | null> {
  const gone = await tx.delete(boardPosts).where(eq(boardPosts.id, postId)).returning({ id: boardPosts.id });
  if (!gone.length) return null;
  const [row] = await rowsOf<{ reply_count: number }>(
    tx,
    sql`update board_threads t set reply_count = greatest(t.reply_count - 1, 0),
          last_post_at = coalesce(
            (select p.created_at from board_posts p where p.thread_id = t.id order by p.id desc limit 1),
            t.created_at)
        where t.id = ${threadId}::int returning t.reply_count`,
  );
  return row?.reply_count ?? 0;
}

export async function follow(db: Db, threadId: number, userId: number, at: Date) {
  await db.insert(boardSubscriptions).values({ threadId, userId, createdAt: at }).onConflictDoNothing();
}

export async function unfollow(db: Db, threadId: number, userId: number) {
  await db
    .delete(boardSubscriptions)
    .where(and(eq(boardSubscriptions.threadId, threadId), eq(boardSubscriptions.userId, userId)));
}

/**
 * Who follows the thread, but the one replying: active members who may still read it, so a follower
 * blocked either way with the thread's author hears no more of it (BD7). Blocks with the replier are
 * the alert's own to hide (alerts carry their actor).
 */
export async function followersToAlert(
  tx: Db,
  threadId: number,
  replierId: number,
  authorId: number,
): Promise<number[]> {
  const rows = await tx
    .select({ id: boardSubscriptions.userId })
    .from(boardSubscriptions)
    .innerJoin(users, eq(users.id, boardSubscriptions.userId))
    .where(
      and(
        eq(boardSubscriptions.threadId, threadId),
        sql`${boardSubscriptions.userId} <> ${replierId}`,
        eq(users.status, 'active'),
        notBlockedWith(sql.raw('"board_subscriptions"."user_id"'), int(authorId)),
      ),
    );
  return rows.map((r) => r.id);
}

export const BOARD_REPLY_ALERT = 'board_reply';

/**
 * One unseen reply alert per followed thread (BD8): a newer reply replaces the unseen one rather than
 * adding another, read through alerts_unseen_idx.
 */
export async function dropUnseenReplyAlerts(tx: Db, userIds: number[], threadLink: string) {
  if (!userIds.length) return;
  await tx
    .delete(alerts)
    .where(
      and(
        inArray(alerts.userId, userIds),
        isNull(alerts.seenAt),
        eq(alerts.kind, BOARD_REPLY_ALERT),
        or(eq(alerts.link, threadLink), like(alerts.link, `${threadLink}/%`)),
      ),
    );
}

/**
 * A member's board is erased with their account (D2.5): the topics they started go whole, their
 * replies in other threads go and those threads' counts and last posts follow, and every category's
 * counts with them. Threads are changed before categories, the order the posting calls lock in.
 */
export async function eraseMemberBoard(tx: Db, memberId: number): Promise<void> {
  const topics = await tx
    .delete(boardThreads)
    .where(eq(boardThreads.userId, memberId))
    .returning({ category: boardThreads.category, replyCount: boardThreads.replyCount });
  const replies = await tx
    .delete(boardPosts)
    .where(eq(boardPosts.userId, memberId))
    .returning({ threadId: boardPosts.threadId });
  const threadIds = [...new Set(replies.map((p) => p.threadId))];
  const lost = new Map<string, { topics: number; posts: number }>();
  const lose = (name: string, topics: number, posts: number) => {
    const was = lost.get(name) ?? { topics: 0, posts: 0 };
    lost.set(name, { topics: was.topics + topics, posts: was.posts + posts });
  };
  for (const t of topics) lose(t.category, 1, t.replyCount + 1);
  if (threadIds.length) {
    const changed = await rowsOf<{ category: string; lost: number }>(
      tx,
      sql`update board_threads t set
            reply_count = greatest((select count(*)::int from board_posts p where p.thread_id = t.id) - 1, 0),
            last_post_at = coalesce((select max(p.created_at) from board_posts p where p.thread_id = t.id), t.created_at)
          from (select t0.id, t0.reply_count as before from board_threads t0
                where t0.id in (${sql.join(
                  threadIds.map((id) => sql`${id}::int`),
                  sql`, `,
                )})) o
          where t.id = o.id
          returning t.category, (o.before - t.reply_count) as lost`,
    );
    for (const c of changed) lose(c.category, 0, c.lost);
  }
  for (const [name, n] of [...lost.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    await addToCategory(tx, name, -n.topics, -n.posts);
  }
  await tx.delete(boardSubscriptions).where(eq(boardSubscriptions.userId, memberId));
}
