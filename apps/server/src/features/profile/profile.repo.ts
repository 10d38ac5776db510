import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { blocks, users } from '../members/members.tables.js';
import { membershipColumns } from '../members/index.js';
import { messages } from '../messages/messages.tables.js';
import { images } from '../uploads/uploads.tables.js';
import { profileVideos } from './profile.tables.js';

/**
 * A member as a profile shows them, with what the rules ask about the viewer, in one query:
 * blocks either way (blocks primary key, blocks_blocked_idx) and whether they wrote to the viewer
 * (messages_pair_idx).
 */
/** Drizzle leaves column names unqualified in a select list, so subqueries name the outer member explicitly. */
const memberId = sql.raw('"users"."id"');

export async function profileRow(db: Db, viewerId: number, targetId: number) {
  const [row] = await db
    .select({
      user: {
        id: users.id,
        kind: users.kind,
        status: users.status,
        first: users.first,
        last: users.last,
        location: users.location,
        job1: users.job1,
        job2: users.job2,
        job3: users.job3,
        bio: users.bio,
        defaultPic: users.defaultPic,
        premiumExpires: users.premiumExpires,
        proExpires: users.proExpires,
      },
      ...membershipColumns,
      viewerBlocked: sql<boolean>`exists (select 1 from ${blocks} where ${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${memberId})`,
      blockedViewer: sql<boolean>`exists (select 1 from ${blocks} where ${blocks.blockerId} = ${memberId} and ${blocks.blockedId} = ${viewerId})`,
      theyWrote: sql<boolean>`exists (select 1 from ${messages} where ${messages.senderId} = ${memberId} and ${messages.recipientId} = ${viewerId})`,
    })
    .from(users)
    .where(eq(users.id, targetId))
    .limit(1);
  if (!row) return null;
  return {
    ...row.user,
    managedUntil: row.managedUntil,
    subscribed: Boolean(row.subscribed),
    viewerBlocked: Boolean(row.viewerBlocked),
    blockedViewer: Boolean(row.blockedViewer),
    theyWrote: Boolean(row.theyWrote),
  };
}
export type ProfileRow = NonNullable<Awaited<ReturnType<typeof profileRow>>>;

export interface ProfileVideoRow {
  id: number;
  code: string;
  name: string;
}

/** A member's profile videos, oldest first (profile_videos_user_idx). */
export async function videosOf(db: Db, userId: number) {
  return db
    .select({ id: profileVideos.id, code: profileVideos.code, name: profileVideos.name })
    .from(profileVideos)
    .where(eq(profileVideos.userId, userId))
    .orderBy(asc(profileVideos.id));
}

/** Locks the member's row, so that two adds of videos for one member run one after the other. */
export async function lockMember(tx: Db, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** Adds a video; null when the member has it already (profile_videos_user_code_idx). */
export async function insertVideo(db: Db, row: typeof profileVideos.$inferInsert) {
  const [inserted] = await db
    .insert(profileVideos)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: profileVideos.id, code: profileVideos.code, name: profileVideos.name });
  return inserted ?? null;
}

/** Deletes a video of this member's; false when there is no such video of theirs. */
export async function deleteOwnVideo(db: Db, userId: number, videoId: number): Promise<boolean> {
  const gone = await db
    .delete(profileVideos)
    .where(and(eq(profileVideos.id, videoId), eq(profileVideos.userId, userId)))
    .returning({ id: profileVideos.id });
  return gone.length > 0;
}

export async function updateDetails(
  db: Db,
  userId: number,
  details: { location: string; job1: string; job2: string; job3: string; bio: string },
) {
  // Empty choices are stored as null, so "not given" reads the same everywhere.
  await db
    .update(users)
    .set({
      location: details.location || null,
      job1: details.job1 || null,
      job2: details.job2 || null,
      job3: details.job3 || null,
      bio: details.bio || null,
    })
    .where(eq(users.id, userId));
}

export async function setDefaultPic(db: Db, userId: number, name: string | null) {
  await db.update(users).set({ defaultPic: name }).where(eq(users.id, userId));
}

/** Makes `name` the default only while there is none (the first photo becomes the default). */
export async function setDefaultPicIfNone(db: Db, userId: number, name: string) {
  await db
    .update(users)
    .set({ defaultPic: name })
    .where(and(eq(users.id, userId), sql`${users.defaultPic} is null`));
}

/** A photo's row goes (its files are removed once the transaction commits). */
export async function deletePhotoRow(tx: Db, imageId: number) {
  await tx.delete(images).where(eq(images.id, imageId));
}

/** The member's default picture, or null. */
export async function defaultPicOf(tx: Db, userId: number): Promise<string | null> {
  const [me] = await tx.select({ defaultPic: users.defaultPic }).from(users).where(eq(users.id, userId));
  return me?.defaultPic ?? null;
}

/** The member's newest photo in `folder` other than `exceptId`, or null. */
export async function newestOtherPhoto(tx: Db, userId: number, folder: string, exceptId: number) {
  const [next] = await tx
    .select({ name: images.name })
    .from(images)
    .where(and(eq(images.ownerId, userId), eq(images.folder, folder), ne(images.id, exceptId)))
    .orderBy(desc(images.id))
    .limit(1);
  return next?.name ?? null;
}

/** Records a block; blocking twice changes nothing. */
export async function insertBlock(db: Db, blockerId: number, blockedId: number, at: Date) {
  await db.insert(blocks).values({ blockerId, blockedId, createdAt: at }).onConflictDoNothing();
}

export async function deleteBlock(db: Db, blockerId: number, blockedId: number) {
  await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}
