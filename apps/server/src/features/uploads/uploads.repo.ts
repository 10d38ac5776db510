import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { users } from '../members/members.tables.js';
import { images } from './uploads.tables.js';

export type ImageRow = typeof images.$inferSelect;

export async function insertImage(db: Db, row: typeof images.$inferInsert): Promise<ImageRow> {
  const [inserted] = await db.insert(images).values(row).returning();
  return inserted as ImageRow;
}

/** A member's images in one folder, oldest first (images_owner_folder_idx). */
export async function imagesOf(db: Db, ownerId: number, folder: string): Promise<ImageRow[]> {
  return db
    .select()
    .from(images)
    .where(and(eq(images.ownerId, ownerId), eq(images.folder, folder)))
    .orderBy(asc(images.id));
}

/** One image by its stored name (images_name_idx). */
export async function findImage(db: Db, name: string): Promise<ImageRow | null> {
  const [row] = await db.select().from(images).where(eq(images.name, name)).limit(1);
  return row ?? null;
}

/**
 * Whether a picture may be served (docs/domain.md M2): it is recorded and its owner's account is
 * active (images_name_idx, then the owner by primary key).
 */
export async function isServableImage(db: Db, name: string): Promise<boolean> {
  const [row] = await db
    .select({ id: images.id })
    .from(images)
    .innerJoin(users, eq(users.id, images.ownerId))
    .where(and(eq(images.name, name), eq(users.status, 'active')))
    .limit(1);
  return row !== undefined;
}

export async function deleteImageRows(db: Db, names: string[]): Promise<void> {
  if (names.length) await db.delete(images).where(inArray(images.name, names));
}
