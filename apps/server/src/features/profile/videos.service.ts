import { media, profile as contract } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { ProfileVideoRow } from './profile.repo.js';
import type { Caller } from '../../platform/auth.js';
import { badInput, conflict, notFound } from '../../platform/errors.js';
import { deleteOwnVideo, insertVideo, lockMember, videosOf } from './profile.repo.js';

/** A profile video as the page plays it: the player and still come from the platform adapter (D9). */
export function presentVideo(deps: AppDeps, video: ProfileVideoRow, own: boolean): contract.ProfileVideo {
  const watch = `https://www.youtube.com/watch?v=${video.code}`;
  return {
    ...video,
    embed_url: deps.integrations.openUrl(watch, { embed: true }),
    thumbnail:
      deps.integrations.mode === 'real' ? `https://i.ytimg.com/vi/${video.code}/mqdefault.jpg` : null,
    canDelete: own,
  };
}

/**
 * profile/addVideo: a YouTube link whose video exists in the video catalogue (D9; spec 1 §5 the
 * same message for a bad link and a video not found), titled as the catalogue says, cut at 60.
 * At most 12 videos, each once.
 */
export async function addVideo(deps: AppDeps, caller: Caller, url: string) {
  const code = media.youtubeIdOf(url);
  if (!code) throw badInput(media.BAD_VIDEO_URL);
  const found = await deps.integrations.videos.video(code);
  if (!found) throw badInput(media.BAD_VIDEO_URL);
  // The limit is counted with the member's row locked, so two adds at once cannot pass it.
  const video = await deps.db.transaction(async (tx) => {
    await lockMember(tx, caller.userId);
    const mine = await videosOf(tx, caller.userId);
    if (mine.some((v) => v.code === code)) throw conflict(contract.VIDEO_REPEATED);
    if (mine.length >= contract.MAX_PROFILE_VIDEOS) throw conflict(contract.TOO_MANY_VIDEOS);
    const added = await insertVideo(tx, {
      userId: caller.userId,
      code,
      name: media.cutVideoTitle(found.title),
      createdAt: deps.clock.now(),
    });
    if (!added) throw conflict(contract.VIDEO_REPEATED);
    return added;
  });
  return {
    status: 'success' as const,
    message: contract.VIDEO_ADDED,
    video: presentVideo(deps, video, true),
  };
}

/** profile/deleteVideo: own videos only. */
export async function deleteVideo(deps: AppDeps, caller: Caller, videoId: number) {
  if (!(await deleteOwnVideo(deps.db, caller.userId, videoId))) throw notFound(contract.NO_SUCH_VIDEO);
  return { status: 'success' as const, message: contract.VIDEO_DELETED };
}
