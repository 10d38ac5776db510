import { and, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { news } from '@marquee/contract';
import { statement, type Db } from '../../platform/db/database.js';
import { users } from '../members/members.tables.js';
import { notBlockedWith } from '../members/index.js';
import {
  newsCommentLikes,
  newsComments,
  newsHiddenAuthors,
  newsHiddenItems,
  newsItems,
  newsLikes,
} from './news.tables.js';

/** A feed row: the item, its author and its likers, read in one query (no N+1). */
export interface FeedRow {
  id: number;
  user_id: number;
  kind: string;
  content: string;
  media_type: string;
  media_code: string;
  media_title: string | null;
  comment_count: number;
  created_at: Date | string;
  first: string;
  last: string;
  default_pic: string | null;
  likers: number[] | null;
}

export interface CommentRow {
  id: number;
  news_id: number;
  user_id: number;
  comment: string;
  created_at: Date | string;
  first: string;
  last: string;
  default_pic: string | null;
  likers: number[] | null;
}

/** The values a feed query is asked with: placeholders of the prepared statement, or numbers (plans test). */
export interface FeedValues {
  me: number | Placeholder;
  filterId: number | Placeholder;
  limit: number | Placeholder;
  offset: number | Placeholder;
}

const placeholders: FeedValues = {
  me: sql.placeholder('me'),
  filterId: sql.placeholder('filterId'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
};

const me = sql`${sql.placeholder('me')}::int`;

/** The largest id an int column holds. */
const MAX_ID = 2_147_483_647;

/** Neither member has blocked the other (the feed leaves such authors out both ways). */
const notBlocked = (author: SQL, viewer: SQL = me) => notBlockedWith(viewer, author);

/**
 * The ids of the members who liked something, oldest first, as the viewer may see them: active
 * members with no block either way (the same people the feed would show). `likes` names the likes
 * table and `on` the condition tying it to the item or comment; each liker is one primary-key read.
 */
const visibleLikers = (likes: SQL, on: SQL, viewer: SQL = me) => sql`array(
  select l.user_id from ${likes} l join users lu on lu.id = l.user_id
  where ${on} and lu.status = 'active' and ${notBlocked(sql`l.user_id`, viewer)}
  order by l.created_at, l.user_id)`;
const itemLikers = (viewer: SQL = me) => visibleLikers(sql`news_likes`, sql`l.news_id = n.id`, viewer);
const commentLikers = visibleLikers(sql`news_comment_likes`, sql`l.comment_id = c.id`);

/**
 * The feed's one query per filter. `all` walks news_items_feed_idx newest first and stops after a
 * page; `user` reads news_items_user_idx; `single` the primary key. Hidden items and authors,
 * blocks, inactive authors and the member's own hideV4V / hideFaceless preferences are all applied here.
 */
export function feedSql(filter: news.NewsFilter, v: FeedValues = placeholders): SQL {
  const viewerId = sql`${v.me}::int`;
  const filterId = sql`${v.filterId}::int`;
  const scope =
    filter === 'all'
      ? sql`not exists (select 1 from news_hidden_items h where h.user_id = ${viewerId} and h.news_id = n.id)
        and not exists (select 1 from news_hidden_authors ha where ha.user_id = ${viewerId} and ha.author_id = n.user_id)
        and (n.kind = 'post' or not viewer.hide_v4v)
        and (not viewer.hide_faceless or u.default_pic is not null or u.kind = 'system')`
      : filter === 'user'
        ? sql`n.user_id = ${filterId}
        and not exists (select 1 from news_hidden_items h where h.user_id = ${viewerId} and h.news_id = n.id)`
        : sql`n.id = ${filterId}`;
  return sql`
    select n.id, n.user_id, n.kind, n.content, n.media_type, n.media_code, n.media_title,
           n.comment_count, n.created_at, u.first, u.last, u.default_pic,
           ${itemLikers(viewerId)} as likers
    from news_items n
    join users u on u.id = n.user_id
    cross join (select hide_v4v, hide_faceless from users where id = ${viewerId}) viewer
    where u.status = 'active'
      and ${notBlocked(sql`n.user_id`, viewerId)}
      and ${scope}
    order by n.id desc
    limit ${v.limit}::int offset ${v.offset}::int`;
}

const feedStatements = {
  all: statement<FeedRow>('news_feed_all', () => feedSql('all')),
  user: statement<FeedRow>('news_feed_user', () => feedSql('user')),
  single: statement<FeedRow>('news_feed_single', () => feedSql('single')),
};

export async function feedPage(
  db: Db,
  q: { me: number; filter: news.NewsFilter; filterId: number; limit: number; offset: number },
): Promise<FeedRow[]> {
  return feedStatements[q.filter](db, {
    me: q.me,
    filterId: q.filterId,
    limit: q.limit,
    offset: q.offset,
  });
}

/** An item the member may see and act on: it exists, its author is active, and no block stands between them. */
export async function visibleItem(db: Db, meId: number, newsId: number) {
  const [row] = await feedStatements.single(db, { me: meId, filterId: newsId, limit: 1, offset: 0 });
  return row ?? null;
}

const commentsStatement = statement<CommentRow>(
  'news_comments_of_item',
  () => sql`
    select c.id, c.news_id, c.user_id, c.comment, c.created_at, u.first, u.last, u.default_pic,
           ${commentLikers} as likers
    from news_comments c
    join users u on u.id = c.user_id
    where c.news_id = ${sql.placeholder('newsId')}::int
      and u.status = 'active'
      and ${notBlocked(sql`c.user_id`)}
    order by c.id`,
);

/** An item's comments, oldest first, with their likers (news_comments_news_idx). */
export async function commentsOf(db: Db, meId: number, newsId: number): Promise<CommentRow[]> {
  return commentsStatement(db, { me: meId, newsId });
}

const commentStatement = statement<CommentRow>(
  'news_comment_one',
  () => sql`
    select c.id, c.news_id, c.user_id, c.comment, c.created_at, u.first, u.last, u.default_pic,
           ${commentLikers} as likers
    from news_comments c
    join users u on u.id = c.user_id
    join news_items n on n.id = c.news_id
    join users a on a.id = n.user_id
    where c.id = ${sql.placeholder('commentId')}::int
      and u.status = 'active' and a.status = 'active'
      and ${notBlocked(sql`c.user_id`)}
      and ${notBlocked(sql`n.user_id`)}`,
);

/** A comment the member may see: its author and its item's author active and not blocked either way. */
export async function visibleComment(db: Db, meId: number, commentId: number) {
  const [row] = await commentStatement(db, { me: meId, commentId });
  return row ?? null;
}

export async function insertNews(db: Db, row: typeof newsItems.$inferInsert): Promise<number> {
  const [made] = await db.insert(newsItems).values(row).returning({ id: newsItems.id });
  return (made as { id: number }).id;
}

export async function removeNews(db: Db, newsId: number): Promise<void> {
  await db.delete(newsItems).where(eq(newsItems.id, newsId));
}

/** Likes a news item once; true when this call added the like. */
export async function addLike(db: Db, newsId: number, userId: number, at: Date): Promise<boolean> {
  const added = await db
    .insert(newsLikes)
    .values({ newsId, userId, createdAt: at })
    .onConflictDoNothing()
    .returning({ userId: newsLikes.userId });
  return added.length > 0;
}

/** Answers whether there was a like to remove. */
export async function removeLike(db: Db, newsId: number, userId: number): Promise<boolean> {
  const gone = await db
    .delete(newsLikes)
    .where(and(eq(newsLikes.newsId, newsId), eq(newsLikes.userId, userId)))
    .returning({ userId: newsLikes.userId });
  return gone.length > 0;
}

const likersStatement = statement<{ likers: number[] | null }>(
  'news_item_likers',
  () => sql`select ${itemLikers()} as likers
    from news_items n where n.id = ${sql.placeholder('newsId')}::int`,
);

/** The item's likers as the viewer may see them (active, no block either way), oldest first. */
export async function likersOf(db: Db, meId: number, newsId: number): Promise<number[]> {
  const [row] = await likersStatement(db, { me: meId, newsId });
  return (row?.likers ?? []).map(Number);
}

export async function addCommentLike(db: Db, commentId: number, userId: number, at: Date): Promise<boolean> {
  const added = await db
    .insert(newsCommentLikes)
    .values({ commentId, userId, createdAt: at })
    .onConflictDoNothing()
    .returning({ userId: newsCommentLikes.userId });
  return added.length > 0;
}

/** Answers whether there was a like to remove. */
export async function removeCommentLike(db: Db, commentId: number, userId: number): Promise<boolean> {
  const gone = await db
    .delete(newsCommentLikes)
    .where(and(eq(newsCommentLikes.commentId, commentId), eq(newsCommentLikes.userId, userId)))
    .returning({ userId: newsCommentLikes.userId });
  return gone.length > 0;
}

const commentLikersStatement = statement<{ likers: number[] | null }>(
  'news_comment_likers',
  () => sql`select ${commentLikers} as likers
    from news_comments c where c.id = ${sql.placeholder('commentId')}::int`,
);

/** The comment's likers as the viewer may see them (active, no block either way), oldest first. */
export async function commentLikersOf(db: Db, meId: number, commentId: number): Promise<number[]> {
  const [row] = await commentLikersStatement(db, { me: meId, commentId });
  return (row?.likers ?? []).map(Number);
}

/** Adds a comment and counts it on its item, in the caller's transaction; returns the comment's id and the new count. */
export async function insertComment(
  tx: Db,
  row: { newsId: number; userId: number; comment: string; createdAt: Date },
): Promise<{ id: number; comments: number }> {
  const [made] = await tx.insert(newsComments).values(row).returning({ id: newsComments.id });
  const [item] = await tx
    .update(newsItems)
    .set({ commentCount: sql`${newsItems.commentCount} + 1` })
    .where(eq(newsItems.id, row.newsId))
    .returning({ comments: newsItems.commentCount });
  return { id: (made as { id: number }).id, comments: item?.comments ?? 0 };
}

/** Removes a comment and uncounts it, in the caller's transaction; returns the new count. */
export async function deleteCommentRow(tx: Db, commentId: number, newsId: number): Promise<number> {
  const gone = await tx
    .delete(newsComments)
    .where(eq(newsComments.id, commentId))
    .returning({ id: newsComments.id });
  const [item] = await tx
    .update(newsItems)
    .set({ commentCount: sql`greatest(${newsItems.commentCount} - ${gone.length}, 0)` })
    .where(eq(newsItems.id, newsId))
    .returning({ comments: newsItems.commentCount });
  return item?.comments ?? 0;
}

export async function hideItem(db: Db, userId: number, newsId: number, at: Date): Promise<void> {
  await db.insert(newsHiddenItems).values({ userId, newsId, createdAt: at }).onConflictDoNothing();
}

export async function hideAuthor(db: Db, userId: number, authorId: number, at: Date): Promise<void> {
  await db.insert(newsHiddenAuthors).values({ userId, authorId, createdAt: at }).onConflictDoNothing();
}

/** A member the viewer may name: null when unknown, or when a block stands between them either way. */
export async function memberSeenBy(db: Db, meId: number, id: number) {
  const [row] = await db
    .select({ id: users.id, first: users.first, last: users.last, kind: users.kind, status: users.status })
    .from(users)
    .where(and(eq(users.id, id), notBlockedWith(meId, sql.raw('"users"."id"'))))
    .limit(1);
  return row ?? null;
}

export async function memberById(db: Db, id: number) {
  const [row] = await db
    .select({ id: users.id, first: users.first, last: users.last, kind: users.kind, status: users.status })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * Of the ids a text mentions, the active members who may be told (D8.2): neither has blocked the
 * other. With their names, which the stored mention takes from the record.
 */
export async function mentionable(db: Db, meId: number, ids: number[]) {
  // An id past the int range names nobody (the column is int): such a mention stays plain text.
  const inRange = ids.filter((id) => Number.isSafeInteger(id) && id > 0 && id <= MAX_ID);
  if (!inRange.length) return [];
  return db
    .select({ id: users.id, first: users.first, last: users.last })
    .from(users)
    .where(
      and(
        inArray(users.id, inRange),
        eq(users.kind, 'member'),
        eq(users.status, 'active'),
        notBlockedWith(meId, sql.raw('"users"."id"')),
      ),
    );
}

export async function saveFilters(db: Db, userId: number, hideV4v: boolean, hideFaceless: boolean) {
  await db.update(users).set({ hideV4v, hideFaceless }).where(eq(users.id, userId));
}
