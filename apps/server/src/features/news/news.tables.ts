import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../members/members.tables.js';

/** A news feed post (spec 1 §3 News item). The content is stored as typed and rendered links-only (D8.1). */
export const newsItems = pgTable(
  'news_items',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'post' for members' posts; 'v4v' for the IMDb view-for-view exchange's posts (hidden by hideV4V). */
    kind: text().notNull().default('post'),
    content: text().notNull(),
    /** '' (none), 'image' or 'youtube' (spec 1 §3). */
    mediaType: text().notNull().default(''),
    /** The image name (uploads) or the YouTube video id. */
    mediaCode: text().notNull().default(''),
    /** The video's title, for a YouTube post. */
    mediaTitle: text(),
    /** Kept by the comment calls in the same transaction, so a page of the feed reads no counts. */
    commentCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('news_items_feed_idx').on(t.id.desc()),
    index('news_items_user_idx').on(t.userId, t.id),
    index('news_items_kind_idx')
      .on(t.id.desc())
      .where(sql`${t.kind} = 'post'`),
  ],
);

/** A comment on a news item (spec 1 §3 News comment). */
export const newsComments = pgTable(
  'news_comments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    newsId: integer()
      .notNull()
      .references(() => newsItems.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    comment: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('news_comments_news_idx').on(t.newsId, t.id),
    index('news_comments_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Who liked a news item. */
export const newsLikes = pgTable(
  'news_likes',
  {
    newsId: integer()
      .notNull()
      .references(() => newsItems.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.newsId, t.userId] }), index('news_likes_user_idx').on(t.userId)],
);

/** Who liked a comment (never its author, spec 1 §5). */
export const newsCommentLikes = pgTable(
  'news_comment_likes',
  {
    commentId: integer()
      .notNull()
      .references(() => newsComments.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.commentId, t.userId] }),
    index('news_comment_likes_user_idx').on(t.userId),
  ],
);

/** A news item a member hid from their own feed. */
export const newsHiddenItems = pgTable(
  'news_hidden_items',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newsId: integer()
      .notNull()
      .references(() => newsItems.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.newsId] })],
);

/** A member whose posts another member no longer sees (news/hideUserNews). */
export const newsHiddenAuthors = pgTable(
  'news_hidden_authors',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.authorId] })],
);
