import { media, news } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { Caller } from '../../platform/auth.js';
import type { Db } from '../../platform/db/database.js';
import { AppError, badInput, forbidden, notFound } from '../../platform/errors.js';
import { raiseAlert, raiseAlertOnce } from '../alerts/index.js';
import { removeImages, storeImage } from '../uploads/index.js';
import { checkRate, rateError, takeRateOrThrow } from '../../platform/rate-limit.js';
import { publishLive } from '../../platform/live.js';
import * as repo from './news.repo.js';
import * as policy from './news.policy.js';
import { presentComment, presentItem } from './news.present.js';

type PostInput = {
  comment: string;
  hasFile: 'yes' | 'no';
  myFile?: Uint8Array | undefined;
  hasVideo: 'yes' | 'no';
  videoId: string;
};

const itemLink = (newsId: number) => `/home/${newsId}`;
const POST_LENGTH = { min: news.POST_MIN, max: news.POST_MAX, error: news.POST_LENGTH_ERROR };
const COMMENT_LENGTH = { min: news.COMMENT_MIN, max: news.COMMENT_MAX, error: news.COMMENT_LENGTH_ERROR };
const nameOf = (m: { first: string; last: string }) => `${m.first} ${m.last}`.trim();

async function callerName(db: Db, caller: Caller): Promise<string> {
  const me = await repo.memberById(db, caller.userId);
  return me ? nameOf(me) : 'A member';
}

async function itemOrGone(deps: AppDeps, caller: Caller, newsId: number) {
  const item = await repo.visibleItem(deps.db, caller.userId, newsId);
  if (!item) throw notFound(news.POST_GONE);
  return item;
}

async function commentOrGone(deps: AppDeps, caller: Caller, commentId: number) {
  const comment = await repo.visibleComment(deps.db, caller.userId, commentId);
  if (!comment) throw notFound(news.COMMENT_GONE);
  return comment;
}

/**
 * Stores the text's mentions with the members' own names and returns the text and who to alert
 * (D8.2: active members, no block either way, not the writer).
 */
async function settleMentions(
  db: Db,
  caller: Caller,
  text: string,
  length: { min: number; max: number; error: string },
) {
  const known = await repo.mentionable(db, caller.userId, news.mentionedIds(text).slice(0, 20));
  const names = new Map(known.map((m) => [m.id, nameOf(m)]));
  const settled = policy.settleMentions(text, names);
  // The length was checked on the names as typed; the members' own names may be longer (or shorter).
  const visible = news.visibleLength(settled);
  if (visible < length.min || visible > length.max) throw badInput(length.error);
  return {
    text: settled,
    alert: policy.mentionTargets(settled, caller.userId).filter((id) => names.has(id)),
  };
}

/** Counts one post or comment of the member inside `tx`, or throws 429 (L2: part of the write). */
function takeWriting(tx: Db, caller: Caller, limits: policy.WritingLimits, now: Date) {
  return takeRateOrThrow(tx, policy.writingKey(limits, caller.userId), limits.rules, now, (refusal) =>
    policy.writingTooFast(limits.noun, refusal),
  );
}

/**
 * news/postNews (spec 1 §5, §7): text of 4 to 200 characters, and an image or a YouTube video. The
 * limit is read before any image is stored and counted with the post; a post that loses a concurrent
 * race for the last place takes its stored image away with it.
 */
export async function postNews(deps: AppDeps, caller: Caller, input: PostInput) {
  const chosen = policy.postMedia(input);
  if (chosen.kind === 'refused') throw badInput(chosen.message);
  const now = deps.clock.now();
  const limits = policy.POST_LIMITS;
  const tooFast = await checkRate(deps.db, policy.writingKey(limits, caller.userId), limits.rules, now);
  if (tooFast) throw rateError(tooFast, (r) => policy.writingTooFast(limits.noun, r));
  // Settled before any image is stored, so a refused text leaves no file behind.
  const { text, alert } = await settleMentions(deps.db, caller, input.comment, POST_LENGTH);
  let mediaFields: { mediaType: string; mediaCode: string; mediaTitle: string | null } = {
    mediaType: '',
    mediaCode: '',
    mediaTitle: null,
  };
  if (chosen.kind === 'video') {
    // Spec 1 §5: a video the catalogue does not know gets the same message as a bad link.
    const video = await deps.integrations.videos.video(chosen.videoId).catch(() => {
      throw new AppError(503, 'error', 'We could not reach YouTube just now. Please try again in a moment.');
    });
    if (!video) throw badInput(media.BAD_VIDEO_URL);
    mediaFields = { mediaType: 'youtube', mediaCode: video.id, mediaTitle: media.cutVideoTitle(video.title) };
  } else if (chosen.kind === 'image') {
    const stored = await storeImage(deps, {
      ownerId: caller.userId,
      folder: 'news',
      file: Buffer.from(chosen.file),
    });
    mediaFields = { mediaType: 'image', mediaCode: stored.name, mediaTitle: null };
  }
  const name = alert.length ? await callerName(deps.db, caller) : '';
  const newsId = await deps.db
    .transaction(async (tx) => {
      await takeWriting(tx, caller, limits, now);
      const id = await repo.insertNews(tx, {
        userId: caller.userId,
        kind: 'post',
        content: text,
        ...mediaFields,
        createdAt: now,
      });
      for (const userId of alert) {
        await raiseAlert(tx, {
          userId,
          actorId: caller.userId,
          kind: 'news_mention',
          content: `${name} mentioned you in a post.`,
          link: itemLink(id),
          at: now,
        });
      }
      return id;
    })
    .catch(async (error: unknown) => {
      // The post was not written (a full limit, say): its stored image goes too.
      if (mediaFields.mediaType === 'image') await removeImages(deps, [mediaFields.mediaCode]);
      throw error;
    });
  return { status: 'success' as const, message: 'Your post is now on the news feed.', news_id: newsId };
}

/** news/fetchNewsItems: one page of the feed, a member's posts, or one item (spec 1 §7). */
export async function newsItems(
  deps: AppDeps,
  caller: Caller,
  input: { page: number; filter: news.NewsFilter; filter_id: number },
) {
  const size = input.filter === 'single' ? 1 : news.NEWS_PAGE_SIZE;
  const rows = await repo.feedPage(deps.db, {
    me: caller.userId,
    filter: input.filter,
    filterId: input.filter_id,
    // One more than a page says whether another follows, in the same query.
    limit: size + 1,
    offset: (input.page - 1) * size,
  });
  const now = deps.clock.now();
  return {
    status: 'success' as const,
    newsItems: rows.slice(0, size).map((r) => presentItem(r, caller.userId, now, deps.integrations)),
    page: input.page,
    hasMore: rows.length > size,
  };
}

/** A post or comment as liked: who hears of it, under which alert, and who likes it now. */
/** LV7: a post's likes or comments changed; every open feed holding it reads it again. */
const changedItem = (tx: Db, newsId: number) =>
  publishLive(tx, { kind: 'news', everyone: true, ref: newsId });

interface Likeable {
  noun: 'post' | 'comment';
  /** The post liked, or whose comment is: open feeds showing it read its counts again (LV7). */
  newsId: number;
  ownerId: number;
  kind: 'news_like' | 'news_comment_like';
  link: string;
  add: (db: Db, at: Date) => Promise<boolean>;
  likers: () => Promise<number[]>;
}

/**
 * D8.2: the owner hears of a new like, never of their own or of a repeated one (liked again after
 * an unlike: the alert of the first like stands, so no second one is raised).
 */
async function like(deps: AppDeps, caller: Caller, liked: Likeable) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const added = await liked.add(tx, now);
    if (added) await changedItem(tx, liked.newsId);
    if (added && policy.alertsOwner(caller.userId, liked.ownerId)) {
      const name = await callerName(tx, caller);
      await raiseAlertOnce(tx, {
        userId: liked.ownerId,
        actorId: caller.userId,
        kind: liked.kind,
        content: `${name} liked your ${liked.noun}.`,
        link: liked.link,
        at: now,
      });
    }
  });
  return {
    status: 'success' as const,
    message: `You like this ${liked.noun}.`,
    likers: await liked.likers(),
  };
}

export async function likeItem(deps: AppDeps, caller: Caller, newsId: number) {
  const item = await itemOrGone(deps, caller, newsId);
  return like(deps, caller, {
    noun: 'post',
    newsId,
    ownerId: item.user_id,
    kind: 'news_like',
    link: itemLink(newsId),
    add: (db, at) => repo.addLike(db, newsId, caller.userId, at),
    likers: () => repo.likersOf(deps.db, caller.userId, newsId),
  });
}

export async function unlikeItem(deps: AppDeps, caller: Caller, newsId: number) {
  await itemOrGone(deps, caller, newsId);
  await deps.db.transaction(async (tx) => {
    if (await repo.removeLike(tx, newsId, caller.userId)) await changedItem(tx, newsId);
  });
  return {
    status: 'success' as const,
    message: 'You no longer like this post.',
    likers: await repo.likersOf(deps.db, caller.userId, newsId),
  };
}

export async function hideItem(deps: AppDeps, caller: Caller, newsId: number) {
  const item = await itemOrGone(deps, caller, newsId);
  if (!policy.canHide(caller.userId, item.user_id))
    throw badInput('Your own posts cannot be hidden. You can delete them instead.');
  await repo.hideItem(deps.db, caller.userId, newsId, deps.clock.now());
  return { status: 'success' as const, message: 'This post is hidden from your feed.' };
}

export async function deleteItem(deps: AppDeps, caller: Caller, newsId: number) {
  const item = await itemOrGone(deps, caller, newsId);
  // Spec 1 §6: only the author deletes a post; its comments and likes go with it.
  if (!policy.canDelete(caller.userId, item.user_id)) throw forbidden('You can only delete your own posts.');
  await repo.removeNews(deps.db, newsId);
  // Its picture goes too (rows then files), so /media/{name} no longer serves it.
  if (item.media_type === 'image' && item.media_code) await removeImages(deps, [item.media_code]);
  return { status: 'success' as const, message: news.POST_DELETED };
}

export async function hideAuthor(deps: AppDeps, caller: Caller, authorId: number) {
  // A member blocked either way is not found, as an unknown one (you cannot tell you were blocked).
  const author = await repo.memberSeenBy(deps.db, caller.userId, authorId);
  if (!author || author.status !== 'active') throw notFound('There is no such member.');
  if (!policy.canHideAuthor(caller.userId, authorId)) {
    throw badInput(
      authorId === caller.userId
        ? 'You cannot hide your own posts.'
        : `Posts from ${nameOf(author)} cannot be hidden.`,
    );
  }
  await repo.hideAuthor(deps.db, caller.userId, authorId, deps.clock.now());
  return { status: 'success' as const, message: news.hiddenAuthorMessage(nameOf(author)) };
}

/** news/postComment (spec 1 §5: more than 4 and fewer than 201 characters), counted with the comment. */
export async function postComment(deps: AppDeps, caller: Caller, newsId: number, comment: string) {
  const item = await itemOrGone(deps, caller, newsId);
  const now = deps.clock.now();
  const { text, alert } = await settleMentions(deps.db, caller, comment, COMMENT_LENGTH);
  const made = await deps.db.transaction(async (tx) => {
    await takeWriting(tx, caller, policy.COMMENT_LIMITS, now);
    const saved = await repo.insertComment(tx, {
      newsId,
      userId: caller.userId,
      comment: text,
      createdAt: now,
    });
    await changedItem(tx, newsId);
    const name = await callerName(tx, caller);
    // D8.2: the post's author hears of a comment (item visibility already rules out blocks).
    if (policy.alertsOwner(caller.userId, item.user_id)) {
      await raiseAlert(tx, {
        userId: item.user_id,
        actorId: caller.userId,
        kind: 'news_comment',
        content: `${name} commented on your post.`,
        link: itemLink(newsId),
        at: now,
      });
    }
    for (const userId of alert.filter((id) => id !== item.user_id)) {
      await raiseAlert(tx, {
        userId,
        actorId: caller.userId,
        kind: 'news_mention',
        content: `${name} mentioned you in a comment.`,
        link: itemLink(newsId),
        at: now,
      });
    }
    return saved;
  });
  const row = await repo.visibleComment(deps.db, caller.userId, made.id);
  if (!row) throw notFound(news.COMMENT_GONE);
  return {
    status: 'success' as const,
    message: 'Your comment was posted.',
    comment: presentComment(row, caller.userId, now),
    comments: made.comments,
  };
}

export async function comments(deps: AppDeps, caller: Caller, newsId: number) {
  await itemOrGone(deps, caller, newsId);
  const now = deps.clock.now();
  const rows = await repo.commentsOf(deps.db, caller.userId, newsId);
  return { status: 'success' as const, comments: rows.map((r) => presentComment(r, caller.userId, now)) };
}

export async function deleteComment(deps: AppDeps, caller: Caller, commentId: number) {
  const comment = await commentOrGone(deps, caller, commentId);
  if (!policy.canDelete(caller.userId, comment.user_id))
    throw forbidden('You can only delete your own comments.');
  const count = await deps.db.transaction(async (tx) => {
    const left = await repo.deleteCommentRow(tx, commentId, comment.news_id);
    await changedItem(tx, comment.news_id);
    return left;
  });
  return { status: 'success' as const, message: news.COMMENT_DELETED, comments: count };
}

export async function likeComment(deps: AppDeps, caller: Caller, commentId: number) {
  const comment = await commentOrGone(deps, caller, commentId);
  // Spec 1 §5: never your own comment.
  if (!policy.canLikeComment(caller.userId, comment.user_id))
    throw forbidden('You cannot like your own comment.');
  // As for posts: one alert per liker and comment link, however often it is liked again.
  return like(deps, caller, {
    noun: 'comment',
    newsId: comment.news_id,
    ownerId: comment.user_id,
    kind: 'news_comment_like',
    link: itemLink(comment.news_id),
    add: (db, at) => repo.addCommentLike(db, commentId, caller.userId, at),
    likers: () => repo.commentLikersOf(deps.db, caller.userId, commentId),
  });
}

export async function unlikeComment(deps: AppDeps, caller: Caller, commentId: number) {
  const comment = await commentOrGone(deps, caller, commentId);
  await deps.db.transaction(async (tx) => {
    if (await repo.removeCommentLike(tx, commentId, caller.userId)) await changedItem(tx, comment.news_id);
  });
  return {
    status: 'success' as const,
    message: 'You no longer like this comment.',
    likers: await repo.commentLikersOf(deps.db, caller.userId, commentId),
  };
}

/** news/updateNewsFilters: saved on the member (the page reloads after, spec 1 §7). */
export async function updateFilters(deps: AppDeps, caller: Caller, hideV4V: boolean, hideFaceless: boolean) {
  await repo.saveFilters(deps.db, caller.userId, hideV4V, hideFaceless);
  return { status: 'success' as const, message: 'Your news filters are saved.', hideV4V, hideFaceless };
}
