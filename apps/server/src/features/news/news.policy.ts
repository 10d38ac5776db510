import { media, news } from '@marquee/contract';
import { tooManyRequests, type AppError } from '../../platform/errors.js';
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

/** A rate limit on what a member writes in the feed. */
export interface WritingLimits {
  perMinute: number;
  perHour: number;
  /** 'post' or 'comment', for the message. */
  noun: string;
}

export const POST_LIMITS: WritingLimits = {
  perMinute: news.POSTS_PER_MINUTE,
  perHour: news.POSTS_PER_HOUR,
  noun: 'post',
};
export const COMMENT_LIMITS: WritingLimits = {
  perMinute: news.COMMENTS_PER_MINUTE,
  perHour: news.COMMENTS_PER_HOUR,
  noun: 'comment',
};

/**
 * Rate limit (docs/domain.md, as for messages): at most `perMinute` in any minute and `perHour` in
 * any hour. `recent` are the times of the member's latest writings, newest first (at least
 * `perHour` of them when there are that many). The wait is until the oldest of the full window leaves it.
 */
export function rateRefusal(limits: WritingLimits, recent: Date[], now: Date): AppError | null {
  const within = (windowMs: number) => recent.filter((at) => at.getTime() > now.getTime() - windowMs);
  const waitFor = (inWindow: Date[], limit: number, windowMs: number) => {
    // The writing whose leaving the window frees a place: the limit-th newest.
    const freeing = inWindow[limit - 1] ?? now;
    return Math.max(1, Math.ceil((freeing.getTime() + windowMs - now.getTime()) / 1000));
  };
  const lastMinute = within(MINUTE_MS);
  if (lastMinute.length >= limits.perMinute) {
    const wait = waitFor(lastMinute, limits.perMinute, MINUTE_MS);
    return tooManyRequests(
      `You are posting very quickly. Please wait ${wait} second${wait === 1 ? '' : 's'} before posting another ${limits.noun}.`,
      wait,
    );
  }
  const lastHour = within(HOUR_MS);
  if (lastHour.length >= limits.perHour) {
    const wait = waitFor(lastHour, limits.perHour, HOUR_MS);
    const minutes = Math.ceil(wait / 60);
    return tooManyRequests(
      `You have posted ${limits.perHour} ${limits.noun}s in the last hour. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before posting another.`,
      wait,
    );
  }
  return null;
}
