import { board, media, type Membership } from '@marquee/contract';
import type { RateRefusal, RateRule } from '../../platform/rate-limit.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../platform/time.js';

/**
 * D12.1, spec 3 §6: premium, pro and managed members start topics; free members only reply. Staff
 * start topics whatever their own level (docs/domain.md BD3).
 */
export const mayStartTopic = (membership: Membership, role: string) =>
  membership !== 'free' || role === 'admin';

/** Spec 3 §6: a member deletes only their own posts; staff too (BD9). */
export const canDelete = (callerId: number, authorId: number) => callerId === authorId;

/** What a topic's first post carries besides its text (D12.1: one image or one video), or why it cannot. */
export type TopicMedia =
  | { kind: 'none' }
  | { kind: 'image'; file: Uint8Array }
  | { kind: 'video'; videoId: string }
  | { kind: 'refused'; message: string };

/** The video id of what the member gave: a bare id, or any YouTube link (watch, youtu.be, embed, shorts). */
export function videoIdOf(given: string): string | null {
  const text = given.trim();
  if (media.VIDEO_ID.test(text)) return text;
  return media.youtubeIdOf(text);
}

export function topicMedia(input: {
  hasFile: 'yes' | 'no';
  myFile?: Uint8Array | undefined;
  hasVideo: 'yes' | 'no';
  video: string;
}): TopicMedia {
  const image = input.hasFile === 'yes';
  const video = input.hasVideo === 'yes';
  if (image && video) return { kind: 'refused', message: board.BOTH_MEDIA };
  if (image)
    return input.myFile?.length
      ? { kind: 'image', file: input.myFile }
      : { kind: 'refused', message: board.NO_FILE };
  if (video) {
    const videoId = videoIdOf(input.video);
    return videoId ? { kind: 'video', videoId } : { kind: 'refused', message: media.BAD_VIDEO_URL };
  }
  return { kind: 'none' };
}

/** How many pages a thread of `posts` posts has (BD2): at least one while it exists. */
export const threadPages = (posts: number) => board.pagesFor(posts, board.POSTS_PER_PAGE);
/** How many pages a category of `topics` topics has: at least one, to show the empty state on. */
export const categoryPages = (topics: number) => board.pagesFor(topics, board.THREADS_PER_PAGE);

/**
 * BD6 (counted as L1-L3 say): posts of one member, topics and replies together, at most 6 in any
 * minute and 60 in any hour; topics at most 10 in any day.
 */
export const POST_RULES: readonly RateRule[] = [
  { limit: board.POSTS_PER_MINUTE, windowMs: MINUTE_MS },
  { limit: board.POSTS_PER_HOUR, windowMs: HOUR_MS },
];
export const TOPIC_RULES: readonly RateRule[] = [{ limit: board.TOPICS_PER_DAY, windowMs: DAY_MS }];

export const postKey = (memberId: number) => `board-post:${memberId}`;
export const topicKey = (memberId: number) => `board-topic:${memberId}`;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** What a member who must wait is told: the wait is until the oldest post leaves the full window. */
export function postingTooFast({ rule, waitSeconds }: RateRefusal): string {
  if (rule.windowMs <= MINUTE_MS)
    return `You are posting very quickly. Please wait ${plural(waitSeconds, 'second')} before posting again.`;
  const minutes = Math.ceil(waitSeconds / 60);
  return `You have posted ${rule.limit} times in the last hour. Please wait ${plural(minutes, 'minute')} before posting again.`;
}

export function topicsTooFast({ rule, waitSeconds }: RateRefusal): string {
  const hours = Math.ceil(waitSeconds / 3600);
  return `You have started ${rule.limit} topics today. Please wait ${plural(hours, 'hour')} before starting another.`;
}
