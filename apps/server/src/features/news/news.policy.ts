import { media, news } from '@marquee/contract';

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
