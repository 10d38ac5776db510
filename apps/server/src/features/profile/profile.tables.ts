import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../members/members.tables.js';

/** Videos a member shows on their profile (spec 2 §3 Profile user: videos with code and name). */
export const profileVideos = pgTable(
  'profile_videos',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The YouTube video id, 11 or 12 characters (spec 1 §5). */
    code: text().notNull(),
    /** The video's title, cut at 60 to 57 characters and an ellipsis (spec 1 §5). */
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('profile_videos_user_idx').on(t.userId, t.id),
    // Each video once per member, even when two adds race.
    uniqueIndex('profile_videos_user_code_idx').on(t.userId, t.code),
    index('profile_videos_created_idx').on(t.createdAt),
  ],
);

/** Anonymous thumbs up or down on a featured video (spec 1 Home page: ratings help pick home-page videos). */
export const videoRatings = pgTable(
  'video_ratings',
  {
    videoId: integer()
      .notNull()
      .references(() => profileVideos.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'up' or 'down'. */
    vote: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.userId] })],
);
