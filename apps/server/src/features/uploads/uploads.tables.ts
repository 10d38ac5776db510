import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../members/members.tables.js';

/**
 * Every stored image (spec 2 §5 upload): profile photos, news and board images. The file itself
 * (re-encoded, metadata stripped) and its thumbnails live in the storage (DATA_DIR or S3); this
 * row says whose it is and what it is for.
 */
export const images = pgTable(
  'images',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'profiles', 'news' or 'board'. */
    folder: text().notNull(),
    /** The stored name, e.g. '1764057600000-3f9a1c.jpg'; unique across folders. */
    name: text().notNull(),
    /** 'image/jpeg', 'image/png' or 'image/gif' (a BMP headshot is stored as PNG). */
    mime: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    bytes: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('images_name_idx').on(t.name),
    // A member's photos in a folder, newest first (the profile's pictures, the free two-photo limit).
    index('images_owner_folder_idx').on(t.ownerId, t.folder, t.id),
  ],
);
