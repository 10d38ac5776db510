import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../members/members.tables.js';

/**
 * A message board category (spec 3 §3 Board category): operator data, seeded by a migration
 * (docs/domain.md BD1). Its counts are kept by the posting calls in the same transaction (BD4).
 */
export const boardCategories = pgTable('board_categories', {
  /** The short name in URLs: /community/board/{category}. */
  category: text().primaryKey(),
  longName: text().notNull(),
  description: text().notNull(),
  position: integer().notNull(),
  /** Topics in the category. */
  topicCount: integer().notNull().default(0),
  /** Posts in the category: every topic's first post and its replies. */
  postCount: integer().notNull().default(0),
});

/** A board thread (topic); its first post is the topic's text (spec 3 §3 Thread summary). */
export const boardThreads = pgTable(
  'board_threads',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    category: text()
      .notNull()
      .references(() => boardCategories.category),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    /** Replies after the first post; kept by the posting calls in the same transaction. */
    replyCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastPostAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    // A category's threads by last post, newest first (ties by id): the thread list and its pages.
    index('board_threads_category_idx').on(t.category, t.lastPostAt, t.id),
    index('board_threads_recent_idx').on(t.lastPostAt),
    // Erasing a member (D2.5) finds the topics they started.
    index('board_threads_user_idx').on(t.userId),
  ],
);

/** A post in a thread (spec 3 §3 Post): links-only text (D8.1), with an optional image or YouTube video. */
export const boardPosts = pgTable(
  'board_posts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    threadId: integer()
      .notNull()
      .references(() => boardThreads.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text().notNull(),
    /** '' (none), 'image' or 'youtube'. */
    mediaType: text().notNull().default(''),
    /** The stored image's name, or the YouTube video id. */
    mediaCode: text().notNull().default(''),
    /** The video's title as YouTube gave it when the topic was posted (cut to 60 characters). */
    mediaTitle: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    // A thread's posts in order: its pages, its first post and its last.
    index('board_posts_thread_idx').on(t.threadId, t.id),
    index('board_posts_recent_idx').on(t.createdAt),
    // Erasing a member (D2.5) finds their replies in others' threads.
    index('board_posts_user_idx').on(t.userId),
  ],
);

/**
 * How often a thread was opened (BD5). Apart from the thread: a view is a write on every read, and
 * kept on the thread's row it would keep the threads' pages from ever being all-visible, which
 * makes every category page read the table besides its index.
 */
export const boardThreadViews = pgTable('board_thread_views', {
  threadId: integer()
    .primaryKey()
    .references(() => boardThreads.id, { onDelete: 'cascade' }),
  viewCount: integer().notNull().default(0),
});

/** Members following a thread: a reply alerts them (D8.2). */
export const boardSubscriptions = pgTable(
  'board_subscriptions',
  {
    threadId: integer()
      .notNull()
      .references(() => boardThreads.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.threadId, t.userId] }),
    index('board_subscriptions_user_idx').on(t.userId),
  ],
);
