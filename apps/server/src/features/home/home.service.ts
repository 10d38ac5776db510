import { home as contract, media, uploads } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { Caller } from '../../platform/auth.js';
import type { Db } from '../../platform/db/database.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { DAY_MS, pacificDay, pacificMidnight, timeAgo } from '../../platform/time.js';
import { featuredVideoOrder } from './featured-video.policy.js';
import { describeMember, greetingFor, memberSince } from './home.policy.js';
import {
  joinedAt,
  newMembersQuery,
  saveVote,
  videoCandidates,
  videoToRate,
  visibleVideosQuery,
} from './home.repo.js';

/** home/fetchNewMembers: active members who joined within the last week, newest first. */
export async function newMembers(deps: AppDeps, caller: Caller) {
  const now = deps.clock.now();
  const since = new Date(now.getTime() - contract.HOME.newMembersDays * DAY_MS);
  const [rows, joined] = await Promise.all([
    newMembersQuery(deps.db, caller.userId, since, contract.HOME.newMembersShown),
    joinedAt(deps.db, caller.userId),
  ]);
  return {
    status: 'success' as const,
    greeting: greetingFor(joined ?? now, now),
    users: rows.map((m): contract.NewMember => ({
      id: m.id,
      full_name: `${m.first} ${m.last}`.trim(),
      desc_line: describeMember(m, 'New to Marquee'),
      avatar: uploads.pictureUrl(m.defaultPic, 80),
      joined_ago: timeAgo(m.createdAt, now),
    })),
  };
}

/** The day's order of videos, worked out once per Pacific day and server (it cannot change during the day). */
const dailyOrders = new WeakMap<Db, { day: string; ids: number[] }>();

async function todaysOrder(db: Db, now: Date): Promise<number[]> {
  const day = pacificDay(now);
  const known = dailyOrders.get(db);
  if (known?.day === day) return known.ids;
  const start = pacificMidnight(day);
  const ids = featuredVideoOrder(await videoCandidates(db, start), day, start);
  dailyOrders.set(db, { day, ids });
  return ids;
}

/** How far down the day's order to look for a video this member may see (not theirs, no block). */
const LOOK_AHEAD = 25;

/** home/fetchFeaturedVideo: the first video of the day's order this member may be shown. */
export async function featuredVideo(deps: AppDeps, caller: Caller): Promise<contract.FeaturedVideoAnswer> {
  const order = (await todaysOrder(deps.db, deps.clock.now())).slice(0, LOOK_AHEAD);
  if (!order.length) return { status: 'nothing' };
  const rows = await visibleVideosQuery(deps.db, caller.userId, order);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const pick = order.map((id) => byId.get(id)).find((r) => r !== undefined);
  if (!pick) return { status: 'nothing' };
  const owner = pick.owner;
  const myVote = pick.myVote === 'up' || pick.myVote === 'down' ? pick.myVote : null;
  return {
    status: 'success',
    video: {
      id: pick.id,
      code: pick.code,
      name: media.cutVideoTitle(pick.name),
      type: 'youtube',
      voted: myVote ? 'yes' : 'no',
      my_vote: myVote,
      embed_url: deps.integrations.openUrl(`https://www.youtube.com/watch?v=${pick.code}`, { embed: true }),
    },
    user: {
      id: owner.id,
      full_name: `${owner.first} ${owner.last}`.trim(),
      desc: describeMember(owner, memberSince(owner.createdAt)),
      avatar: uploads.pictureUrl(owner.defaultPic, 80),
    },
  };
}

/** profile/rateVideo: one anonymous vote per member and video; voting again changes it. */
export async function rateVideo(deps: AppDeps, caller: Caller, videoId: number, vote: contract.Vote) {
  const video = await videoToRate(deps.db, caller.userId, videoId);
  // A blocked or gone owner's video is "not there" for this member, as on the home page.
  if (!video || !video.ownerActive || video.blocked) throw notFound('That video is no longer available.');
  if (video.ownerId === caller.userId) throw forbidden('You cannot rate your own video.');
  await saveVote(deps.db, videoId, caller.userId, vote, deps.clock.now());
  return { status: 'success' as const, message: contract.RATING_THANKS, vote };
}
