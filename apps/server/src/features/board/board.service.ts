import { board, home, media, type board as contract } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { Caller } from '../../platform/auth.js';
import { AppError, badInput, forbidden, loggedOut, notFound } from '../../platform/errors.js';
import { checkRate, rateError, takeRateOrThrow } from '../../platform/rate-limit.js';
import { timeAgo } from '../../platform/time.js';
import { findMember } from '../members/index.js';
import { membershipOf } from '../membership/index.js';
import { raiseAlert } from '../alerts/index.js';
import { removeImages, storeImage } from '../uploads/index.js';
import * as repo from './board.repo.js';
import * as policy from './board.policy.js';
import {
  categoryDetails,
  presentCategory,
  presentPost,
  presentThreadDetails,
  presentThreadSummary,
} from './board.present.js';

/** The signed-in member, their name and whether they may start topics (D12.1). */
async function asker(deps: AppDeps, caller: Caller) {
  const me = await findMember(deps.db, caller.userId);
  if (!me) throw loggedOut();
  const level = membershipOf(me, deps.clock.now()).membership;
  return {
    name: `${me.first} ${me.last}`.trim(),
    mayStartTopic: policy.mayStartTopic(level, me.role),
  };
}

/** board/fetchRecentPosts: the home page's Recent Board Posts, the newest threads by last post. */
export async function recentPosts(deps: AppDeps, caller: Caller) {
  const now = deps.clock.now();
  const rows = await repo.recentThreadsQuery(deps.db, caller.userId, home.HOME.recentPostsShown);
  return {
    status: 'success' as const,
    threads: rows.map((t): contract.RecentThread => ({
      id: t.id,
      category: t.category,
      category_name: t.categoryName,
      title: t.title,
      user_id: t.userId,
      user_first: t.first,
      user_name: `${t.first} ${t.last}`.trim(),
      post_date: t.lastPostAt.toISOString(),
      post_ago: timeAgo(t.lastPostAt, now),
      reply_count: t.replyCount,
    })),
  };
}

/** board/fetchCategories (spec 3 §3 Board category): every category with its counts and latest thread. */
export async function categories(deps: AppDeps, caller: Caller) {
  const now = deps.clock.now();
  const [rows, me] = await Promise.all([repo.categories(deps.db, caller.userId), asker(deps, caller)]);
  return {
    status: 'success' as const,
    categories: rows.map((r) => presentCategory(r, now)),
    canStartTopic: me.mayStartTopic,
  };
}

async function categoryOrGone(deps: AppDeps, name: string) {
  const found = await repo.category(deps.db, name);
  if (!found) throw notFound(board.NO_SUCH_CATEGORY);
  return found;
}

/** board/fetchCategoryThreads?cat&page: a page (zero-based, BD2) of a category's threads, newest last post first. */
export async function categoryThreads(deps: AppDeps, caller: Caller, name: string, page: number) {
  const now = deps.clock.now();
  // Read side by side: the page is empty for a category that does not exist.
  const [found, me, rows] = await Promise.all([
    categoryOrGone(deps, name),
    asker(deps, caller),
    repo.threadsPage(deps.db, { viewer: caller.userId, category: name, page }),
  ]);
  return {
    status: 'success' as const,
    threads: rows.map((r) => presentThreadSummary(r, now)),
    categoryDetails: categoryDetails(found),
    page,
    pageCount: policy.categoryPages(found.topicCount),
    canStartTopic: me.mayStartTopic,
  };
}

/**
 * board/fetchThread (spec 3 §7): a page (zero-based) of a thread's posts with its category and
 * whether the member follows it; opening it counts a view (BD5). A page past the last answers no
 * posts and the page count, for the client's page rules (spec 3 §4).
 */
export async function thread(deps: AppDeps, caller: Caller, threadId: number, page: number) {
  const now = deps.clock.now();
  // Read side by side: the page is empty past the last, and thrown away when the thread is not readable.
  const [opened, rows] = await Promise.all([
    repo.openThreadCountingView(deps.db, caller.userId, threadId),
    repo.postsPage(deps.db, { viewer: caller.userId, threadId, page }),
  ]);
  if (!opened) throw notFound(board.THREAD_GONE);
  const pageCount = policy.threadPages(opened.reply_count + 1);
  return {
    status: 'success' as const,
    posts: rows.map((r) => presentPost(r, caller.userId, now, deps.integrations)),
    page,
    pageCount,
    categoryDetails: categoryDetails({
      category: opened.category,
      longName: opened.long_name,
      description: opened.description,
      topicCount: opened.topic_count,
    }),
    threadDetails: presentThreadDetails(opened),
  };
}

type TopicInput = {
  category: string;
  subject: string;
  content: string;
  hasFile: 'yes' | 'no';
  myFile?: Uint8Array | undefined;
  hasVideo: 'yes' | 'no';
  video: string;
};

type StoredMedia = { mediaType: '' | 'image' | 'youtube'; mediaCode: string; mediaTitle: string | null };

/** The topic's picture stored through the one pipeline, or its video found in the catalogue (D9). */
async function settleMedia(deps: AppDeps, caller: Caller, chosen: policy.TopicMedia): Promise<StoredMedia> {
  if (chosen.kind === 'video') {
    const video = await deps.integrations.videos.video(chosen.videoId).catch(() => {
      throw new AppError(503, 'error', 'We could not reach YouTube just now. Please try again in a moment.');
    });
    // Spec 1 §5: a video YouTube does not know gets the same message as a bad link.
    if (!video) throw badInput(media.BAD_VIDEO_URL);
    return { mediaType: 'youtube', mediaCode: video.id, mediaTitle: media.cutVideoTitle(video.title) };
  }
  if (chosen.kind === 'image') {
    const stored = await storeImage(deps, {
      ownerId: caller.userId,
      folder: 'board',
      file: Buffer.from(chosen.file),
    });
    return { mediaType: 'image', mediaCode: stored.name, mediaTitle: null };
  }
  return { mediaType: '', mediaCode: '', mediaTitle: null };
}

/**
 * board/postTopic (spec 3 §5, §6, D12.1): premium, pro and managed members (and staff) start a topic
 * in a category, with one image or one video; the author follows it. The limits are read before any
 * picture is stored and counted with the topic (L2); a topic that is refused after all takes its
 * stored picture away with it.
 */
export async function postTopic(deps: AppDeps, caller: Caller, input: TopicInput) {
  const chosen = policy.topicMedia(input);
  if (chosen.kind === 'refused') throw badInput(chosen.message);
  const now = deps.clock.now();
  const [me, found] = await Promise.all([asker(deps, caller), categoryOrGone(deps, input.category)]);
  if (!me.mayStartTopic) throw new AppError(403, 'error', board.FREE_CANNOT_START, board.UPGRADE_EXTRA);
  for (const [key, rules, words] of [
    [policy.topicKey(caller.userId), policy.TOPIC_RULES, policy.topicsTooFast],
    [policy.postKey(caller.userId), policy.POST_RULES, policy.postingTooFast],
  ] as const) {
    const full = await checkRate(deps.db, key, rules, now);
    if (full) throw rateError(full, words);
  }
  const stored = await settleMedia(deps, caller, chosen);
  const threadId = await deps.db
    .transaction(async (tx) => {
      await takeRateOrThrow(
        tx,
        policy.topicKey(caller.userId),
        policy.TOPIC_RULES,
        now,
        policy.topicsTooFast,
      );
      await takeRateOrThrow(tx, policy.postKey(caller.userId), policy.POST_RULES, now, policy.postingTooFast);
      const id = await repo.insertThread(tx, {
        category: found.category,
        userId: caller.userId,
        title: input.subject,
        at: now,
      });
      await repo.insertPost(tx, {
        threadId: id,
        userId: caller.userId,
        content: input.content,
        ...stored,
        at: now,
      });
      // D12.1: the author follows their topic.
      await repo.follow(tx, id, caller.userId, now);
      await repo.addToCategory(tx, found.category, 1, 1);
      return id;
    })
    .catch(async (error: unknown) => {
      if (stored.mediaType === 'image') await removeImages(deps, [stored.mediaCode]);
      throw error;
    });
  return { status: 'success' as const, message: board.TOPIC_STARTED, thread_id: threadId };
}

/**
 * board/postReply (spec 3 §5, D8.2): any member replies to a topic they can read, without media. In
 * one transaction: the rate limit's count (L2), the thread's reply count and last post under its row
 * lock, the post, the category's count (BD4), and an alert for each follower but the replier (BD8).
 */
export async function postReply(deps: AppDeps, caller: Caller, threadId: number, content: string) {
  const now = deps.clock.now();
  const me = await asker(deps, caller);
  const answer = await deps.db.transaction(async (tx) => {
    await takeRateOrThrow(tx, policy.postKey(caller.userId), policy.POST_RULES, now, policy.postingTooFast);
    const counted = await repo.countReply(tx, caller.userId, threadId, now);
    if (!counted) throw notFound(board.THREAD_GONE);
    const postId = await repo.insertPost(tx, { threadId, userId: caller.userId, content, at: now });
    await repo.addToCategory(tx, counted.category, 0, 1);
    // The reply is post number reply_count (the first post is number 0).
    const page = board.pageOfPost(counted.reply_count);
    const threadLink = board.threadPath({ category: counted.category, id: threadId });
    const followers = await repo.followersToAlert(tx, threadId, caller.userId, counted.user_id);
    await repo.dropUnseenReplyAlerts(tx, followers, threadLink);
    for (const userId of followers) {
      await raiseAlert(tx, {
        userId,
        actorId: caller.userId,
        kind: repo.BOARD_REPLY_ALERT,
        content: `${me.name} replied to "${counted.title}".`,
        link: board.threadPath({ category: counted.category, id: threadId }, page),
        at: now,
      });
    }
    return { postId, page, pageCount: policy.threadPages(counted.reply_count + 1) };
  });
  return {
    status: 'success' as const,
    message: board.REPLY_POSTED,
    post_id: answer.postId,
    page: answer.page,
    pageCount: answer.pageCount,
  };
}

/**
 * board/deletePost?id (spec 3 §4, §6, D12.1): the author deletes their post; deleting a topic's
 * first post removes the topic. Answers the thread's page count after it (0: the topic is gone).
 * The thread's row is locked first, so simultaneous deletes and replies keep its counts true.
 */
export async function deletePost(deps: AppDeps, caller: Caller, postId: number) {
  const post = await repo.findPost(deps.db, postId);
  if (!post) throw notFound(board.POST_GONE);
  if (!policy.canDelete(caller.userId, post.userId)) throw forbidden(board.ONLY_OWN_POSTS);
  const outcome = await deps.db.transaction(async (tx) => {
    const locked = await repo.lockThread(tx, post.threadId);
    if (!locked) throw notFound(board.POST_GONE);
    if (locked.first_post === post.id) {
      const images = await repo.deleteThread(tx, locked.id);
      await repo.addToCategory(tx, locked.category, -1, -(locked.reply_count + 1));
      return { pageCount: 0, images };
    }
    const replies = await repo.deleteReply(tx, post.id, locked.id);
    if (replies === null) throw notFound(board.POST_GONE);
    await repo.addToCategory(tx, locked.category, 0, -1);
    return { pageCount: policy.threadPages(replies + 1), images: [] as string[] };
  });
  // The topic's picture goes with it (rows then files), so /media/{name} no longer serves it.
  if (outcome.images.length) await removeImages(deps, outcome.images);
  return {
    status: 'success' as const,
    message: board.POST_DELETED,
    pageCount: outcome.pageCount,
    threadDeleted: outcome.pageCount === 0,
  };
}

/** board/subUnsub (spec 3 §4): follow or stop following a thread the member can read. */
export async function subUnsub(
  deps: AppDeps,
  caller: Caller,
  action: 'subscribe' | 'unsubscribe',
  threadId: number,
) {
  const found = await repo.openThread(deps.db, caller.userId, threadId, false);
  if (!found) throw notFound(board.THREAD_GONE);
  if (action === 'subscribe') await repo.follow(deps.db, threadId, caller.userId, deps.clock.now());
  else await repo.unfollow(deps.db, threadId, caller.userId);
  const subscribed = action === 'subscribe';
  return {
    status: 'success' as const,
    message: subscribed ? board.FOLLOWING : board.NOT_FOLLOWING,
    subscribed,
    unsubscribed: !subscribed,
  };
}
