import { media, news } from '@marquee/contract';
import type { RateRefusal, RateRule } from '../../platform/rate-limit.js';
import { HOUR_MS, MINUTE_MS } from '../../platform/time.js';

/** D2.1: ids below 1000 are system accounts (the house, the official news account, support). */
export const isSystemAccount = (userId: number) => userId < 1000;

/** D2.1, D8.1: only the official news account's posts keep their markup. */
export const rendersRaw = (authorId: number) => authorId === news.OFFICIAL_NEWS_ID;

/** Spec 1 §6: a member deletes only their own posts and comments. */
export const canDelete = (callerId: number, authorId: number) => callerId === authorId;

/** Hiding is for others' posts; your own you delete. */
export const canHide = (callerId: number, authorId: number) => callerId !== authorId;

/** "Hide all posts from this member": not yourself, not a system account (its notices reach everyone). */
export const canHideAuthor = (callerId: number, authorId: number) =>
  callerId !== authorId && !isSystemAccount(authorId);

/** Spec 1 §5: a member cannot like their own comment. */
export const canLikeComment = (callerId: number, authorId: number) => callerId !== authorId;

/** D8.2: nobody is alerted about their own action. */
export const alertsOwner = (actorId: number, ownerId: number) =>
  actorId !== ownerId && !isSystemAccount(ownerId);

/** What a post carries besides its text (spec 1 §4 composer media), or why it cannot be posted. */
export type PostMedia =
  | { kind: 'none' }
  | { kind: 'image'; file: Uint8Array }
  | { kind: 'video'; videoId: string }
  | { kind: 'refused'; message: string };

export const BOTH_MEDIA = 'Please attach an image or a video, not both.';
export const NO_FILE = 'Please choose an image to upload.';

export function postMedia(input: {
  hasFile: 'yes' | 'no';
  myFile?: Uint8Array | undefined;
  hasVideo: 'yes' | 'no';
  videoId: string;
}): PostMedia {
  const image = input.hasFile === 'yes';
  const video = input.hasVideo === 'yes';
  if (image && video) return { kind: 'refused', message: BOTH_MEDIA };
  if (image)
    return input.myFile?.length
      ? { kind: 'image', file: input.myFile }
      : { kind: 'refused', message: NO_FILE };
  // Spec 1 §5: a video id is 11 or 12 characters, else the bad-URL message.
  if (video) {
    return media.VIDEO_ID.test(input.videoId)
      ? { kind: 'video', videoId: input.videoId }
      : { kind: 'refused', message: media.BAD_VIDEO_URL };
  }
  return { kind: 'none' };
}

/** The members a text's mentions alert (D8.2): not the writer, not system accounts, at most MAX_MENTIONS. */
export function mentionTargets(text: string, actorId: number): number[] {
  return news
    .mentionedIds(text)
    .filter((id) => id !== actorId && !isSystemAccount(id))
    .slice(0, news.MAX_MENTIONS);
}

/**
 * The text as stored: each mention of a known member carries the name from their record (so a
 * typed `@[Anyone](id)` cannot put words in a link); a mention of anyone else becomes plain text.
 */
export function settleMentions(text: string, names: ReadonlyMap<number, string>): string {
  return text.replace(news.MENTION, (_whole, typed: string, id: string) => {
    const name = names.get(Number(id));
    return name ? news.mentionMarkup(id, name) : `@${typed}`;
  });
}

/**
 * What a member writes in the feed is limited (docs/domain.md News feed, counted as L1-L3 say): at
 * most `minute` in any minute and `hour` in any hour, under the member's own key.
 */
export interface WritingLimits {
  rules: readonly RateRule[];
  /** 'post' or 'comment', for the key and the message. */
  noun: 'post' | 'comment';
}

const writingRules = (perMinute: number, perHour: number): RateRule[] => [
  { limit: perMinute, windowMs: MINUTE_MS },
  { limit: perHour, windowMs: HOUR_MS },
];

export const POST_LIMITS: WritingLimits = {
  rules: writingRules(news.POSTS_PER_MINUTE, news.POSTS_PER_HOUR),
  noun: 'post',
};
export const COMMENT_LIMITS: WritingLimits = {
  rules: writingRules(news.COMMENTS_PER_MINUTE, news.COMMENTS_PER_HOUR),
  noun: 'comment',
};

/** The rate-limit key of a member's posts or comments. */
export const writingKey = (limits: WritingLimits, memberId: number) => `news-${limits.noun}:${memberId}`;

/** What a member who must wait is told; the wait is until the oldest writing leaves the full window. */
export function writingTooFast(noun: WritingLimits['noun'], { rule, waitSeconds }: RateRefusal): string {
  if (rule.windowMs <= MINUTE_MS) {
    return `You are posting very quickly. Please wait ${waitSeconds} second${waitSeconds === 1 ? '' : 's'} before posting another ${noun}.`;
  }
  const minutes = Math.ceil(waitSeconds / 60);
  return `You have posted ${rule.limit} ${noun}s in the last hour. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before posting another.`;
}
