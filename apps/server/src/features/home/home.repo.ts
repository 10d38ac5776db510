import { and, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { users } from '../members/members.tables.js';
import { notBlockedWith } from '../members/index.js';
import { profileVideos, videoRatings } from '../profile/profile.tables.js';
import type { home } from '@marquee/contract';
import type { VideoCandidate } from './featured-video.policy.js';

const userId = sql.raw('"users"."id"');
const activeMember = and(eq(users.kind, 'member'), eq(users.status, 'active'));

/** The member details the home cards describe people with. */
const memberColumns = {
  id: users.id,
  first: users.first,
  last: users.last,
  defaultPic: users.defaultPic,
  job1: users.job1,
  job2: users.job2,
  job3: users.job3,
  location: users.location,
  createdAt: users.createdAt,
};

/** Active members who joined since `since`, newest first, read backwards along users_created_idx. */
export function newMembersQuery(db: Db, callerId: number, since: Date, limit: number) {
  return db
    .select(memberColumns)
    .from(users)
    .where(
      and(gt(users.createdAt, since), activeMember, ne(users.id, callerId), notBlockedWith(callerId, userId)),
    )
    .orderBy(desc(users.createdAt))
    .limit(limit);
}

export type MemberLine = Awaited<ReturnType<typeof newMembersQuery>>[number];

/** When the member joined, for the greeting (null if the member is gone). */
export async function joinedAt(db: Db, userId: number): Promise<Date | null> {
  const [row] = await db.select({ joined: users.createdAt }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.joined ?? null;
}

/**
 * The day's candidates for the featured video: videos of active members added before the day began,
 * with the ratings cast before it began, so the pick cannot move during the day. Read once a day
 * per server (home.service), so the whole-table aggregate is not on the page's path.
 */
export async function videoCandidates(db: Db, dayStart: Date): Promise<VideoCandidate[]> {
  const rows = await db
    .select({
      id: profileVideos.id,
      addedAt: profileVideos.createdAt,
      ups: sql<number>`count(*) filter (where ${videoRatings.vote} = 'up')::int`,
      downs: sql<number>`count(*) filter (where ${videoRatings.vote} = 'down')::int`,
    })
    .from(profileVideos)
    .innerJoin(users, eq(users.id, profileVideos.userId))
    .leftJoin(
      videoRatings,
      and(eq(videoRatings.videoId, profileVideos.id), lt(videoRatings.createdAt, dayStart)),
    )
    .where(and(lt(profileVideos.createdAt, dayStart), activeMember))
    .groupBy(profileVideos.id);
  return rows.map((r) => ({ ...r, ups: Number(r.ups), downs: Number(r.downs) }));
}

/**
 * Of the given videos, those the caller may be shown: the owner is active, is not the caller and
 * neither has blocked the other; with the caller's own vote. Found by primary key.
 */
export function visibleVideosQuery(db: Db, callerId: number, ids: number[]) {
  return db
    .select({
      id: profileVideos.id,
      code: profileVideos.code,
      name: profileVideos.name,
      myVote: videoRatings.vote,
      owner: memberColumns,
    })
    .from(profileVideos)
    .innerJoin(users, eq(users.id, profileVideos.userId))
    .leftJoin(
      videoRatings,
      and(eq(videoRatings.videoId, profileVideos.id), eq(videoRatings.userId, callerId)),
    )
    .where(
      and(
        inArray(profileVideos.id, ids),
        activeMember,
        ne(users.id, callerId),
        notBlockedWith(callerId, userId),
      ),
    );
}

/** A video someone wants to rate, with whether its owner is active and whether a block stands between them. */
export async function videoToRate(db: Db, callerId: number, videoId: number) {
  const [row] = await db
    .select({
      ownerId: profileVideos.userId,
      ownerActive: sql<boolean>`(${users.kind} = 'member' and ${users.status} = 'active')`,
      blocked: sql<boolean>`not (${notBlockedWith(callerId, userId)})`,
    })
    .from(profileVideos)
    .innerJoin(users, eq(users.id, profileVideos.userId))
    .where(eq(profileVideos.id, videoId))
    .limit(1);
  return row;
}

/** One vote per member and video (the primary key); voting again changes it. */
export async function saveVote(
  db: Db,
  videoId: number,
  callerId: number,
  vote: home.Vote,
  at: Date,
): Promise<void> {
  await db
    .insert(videoRatings)
    .values({ videoId, userId: callerId, vote, createdAt: at })
    .onConflictDoUpdate({
      target: [videoRatings.videoId, videoRatings.userId],
      set: { vote, createdAt: at },
    });
}
