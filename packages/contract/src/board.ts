import { z } from 'zod';
import { operation } from './operation.js';
import { idSchema, wholeNumber } from './common.js';
import { BAD_VIDEO_URL } from './media.js';

/**
 * The message board (spec 3 §2 Board, §3, §4, §5, §6, §7 board calls, §8, §9; D12.1; docs/domain.md
 * "Message board (BD)"): categories, their threads, a thread's posts a page at a time, starting
 * topics, replying, deleting one's own posts and following threads.
 */

/** Spec 3 §5: the post editor appears once the headline is longer than 5 characters. */
export const SUBJECT_MIN = 6;
/** BD3: long enough for any real headline, short enough for one line of the thread list. */
export const SUBJECT_MAX = 100;
/** Spec 3 §5: a post has 4 to 2000 characters. */
export const POST_MIN = 4;
export const POST_MAX = 2000;
/** BD2: posts on a page of a thread, and threads on a page of a category. */
export const POSTS_PER_PAGE = 20;
export const THREADS_PER_PAGE = 25;
/** Spec 3 §9: the pager's margin and range pages, wide and at 400 px or less. */
export const PAGER_WIDE = { margin: 2, range: 3 } as const;
export const PAGER_NARROW = { margin: 0, range: 4 } as const;
/** Spec 3 §2: the categories are a table above this width, a list at it or below. */
export const TABLE_MIN_WIDTH = 401;

/** BD6: what one member may post (topics and replies together), and how many topics a day. */
export const POSTS_PER_MINUTE = 6;
export const POSTS_PER_HOUR = 60;
export const TOPICS_PER_DAY = 10;

export const CHOOSE_CATEGORY = 'Please choose a category for your topic.';
export const SUBJECT_LENGTH = `Please write a headline of ${SUBJECT_MIN} to ${SUBJECT_MAX} characters.`;
export const POST_LENGTH = `Please write a post of ${POST_MIN} to ${POST_MAX.toLocaleString('en-US')} characters.`;
/** Spec 3 §6: free members reply but do not start topics; the modal says so and suggests upgrading. */
export const FREE_CANNOT_START =
  "Free members can reply to topics but can't start new ones. Upgrade your membership to start a topic of your own.";
/** The error `extra` of a topic a free member may not start: the client offers the upgrade link. */
export const UPGRADE_EXTRA = 'upgrade';
/** Spec 3 §8. */
export const POST_DELETED = 'Your post was successfully deleted.';
export const TOPIC_STARTED = 'Your topic is on the board.';
export const REPLY_POSTED = 'Your reply is posted.';
export const FOLLOWING = 'You are following this topic. Replies will show in your alerts.';
export const NOT_FOLLOWING = 'You are no longer following this topic.';
export const NO_SUCH_CATEGORY = 'There is no such category on the board.';
export const THREAD_GONE = 'This topic is no longer available.';
/** postReply naming one topic in its body and another in its query string (spec 3 §7). */
export const THREAD_NAMED_TWICE =
  'This reply names two different topics. Please reload the page and try again.';
export const POST_GONE = 'This post is no longer available.';
export const ONLY_OWN_POSTS = 'You can only delete your own posts.';
export const BOTH_MEDIA = 'Please attach an image or a video, not both.';
export const NO_FILE = 'Please choose an image to upload.';
/** Loading, empty and failed states of the pages (spec 3 §8 has fetch failures logged; the pages say so too). */
export const CATEGORIES_FAILED = 'We had an issue loading the message board. Please try again in a moment.';
export const THREADS_FAILED = 'We had an issue loading the topics of this category. Please try again.';
export const THREAD_FAILED = 'We had an issue loading this topic. Please try again.';
export const NO_THREADS = 'No topics here yet. Start the first one!';
export const NO_THREADS_FREE = 'No topics here yet.';
export const HIDDEN_PAGE = 'The posts on this page are not shown to you.';

export type MediaType = '' | 'image' | 'youtube';

/** A thread in the home page's Recent Board Posts (spec 1 §2 Home page, spec 3 §3 Thread summary). */
export interface RecentThread {
  id: number;
  /** The category's short name, as in /community/board/{category}/{threadId}. */
  category: string;
  /** The category's long name, for people. */
  category_name: string;
  title: string;
  /** The member who started the thread. */
  user_id: number;
  user_first: string;
  user_name: string;
  /** When the thread's last post was made, ISO 8601. */
  post_date: string;
  /** The same, as "5 minutes ago" by the server's clock (D1.3). */
  post_ago: string;
  reply_count: number;
}

/** A category as the board's first page lists it (spec 3 §3 Board category). */
export interface BoardCategory {
  /** The short name in URLs. */
  category: string;
  long_cat_name: string;
  cat_desc: string;
  topic_count: number;
  post_count: number;
  /** The category's latest thread by last post (the one the reader may see), or null with none. */
  thread_id: number | null;
  thread_title: string;
  thread_replies: number;
  /** The latest thread's last post, ISO 8601, or '' with none. */
  thread_date: string;
  /** The same as "5 minutes ago", or ''. */
  thread_ago: string;
  /** Who started the latest thread, or ''. */
  thread_user_name: string;
  /** The category's page title: "{long name} - Message Board" (BD1). */
  title: string;
}

/** What a page of a category or a thread shows of its category. */
export interface CategoryDetails {
  category: string;
  long_cat_name: string;
  cat_desc: string;
  topic_count: number;
}

/** A thread in a category's list (spec 3 §3 Thread summary). */
export interface ThreadSummary {
  id: number;
  title: string;
  user_id: number;
  user_name: string;
  view_count: number;
  reply_count: number;
  /** ISO 8601. */
  last_post_date: string;
  /** The same as "5 minutes ago" by the server's clock. */
  last_post_ago: string;
}

/** The thread a page shows (spec 3 §3 Thread details): `subscribed` and `unsubscribed` are opposites (§4). */
export interface ThreadDetails {
  id: number;
  title: string;
  subscribed: boolean;
  unsubscribed: boolean;
  user_id: number;
  view_count: number;
  reply_count: number;
}

/** A post (spec 3 §3 Post) as the member asking sees it, with what they may do. */
export interface BoardPost {
  id: number;
  user_id: number;
  user_name: string;
  /** The author's 80 px picture, or null for the no-photo image. */
  avatar: string | null;
  /** ISO 8601. */
  date_posted: string;
  /** The same as "5 minutes ago". */
  posted_ago: string;
  /** HTML with links only (D8.1): render it with LinksOnly. */
  content: string;
  media_type: MediaType;
  /** The image's stored name or the YouTube video id, '' with none. */
  media_code: string;
  /** The image's address (media_type image), else null. */
  image_url: string | null;
  /** The video's title and its player page (media_type youtube), else null. */
  video_title: string | null;
  video_embed_url: string | null;
  /** The topic's first post: deleting it removes the topic (D12.1). */
  first: boolean;
  /** Spec 3 §6: only the author deletes a post. */
  canDelete: boolean;
}

/** The link to a thread of the board (spec 1 §2, spec 3 §2); its page (zero-based) when past the first. */
export const threadPath = (t: Pick<RecentThread, 'category' | 'id'>, page = 0): string =>
  `/community/board/${encodeURIComponent(t.category)}/${t.id}${page > 0 ? `/${page}` : ''}`;

export const BOARD_PATH = '/community/board';
export const categoryPath = (category: string) => `${BOARD_PATH}/${encodeURIComponent(category)}`;

/** The page (zero-based) a thread's post number `index` (zero-based, in posting order) falls on. */
export const pageOfPost = (index: number) => Math.floor(index / POSTS_PER_PAGE);
/** How many pages `posts` posts fill: at least 1 for a thread that exists. */
export const pagesFor = (posts: number, perPage = POSTS_PER_PAGE) => Math.max(1, Math.ceil(posts / perPage));

export const fetchRecentPosts = operation<{ status: 'success'; threads: RecentThread[] }>()({
  method: 'GET',
  path: 'board/fetchRecentPosts',
  audience: 'member',
  input: z.object({}),
});

export const fetchCategories = operation<{
  status: 'success';
  categories: BoardCategory[];
  /** Whether the member may start topics (premium, pro and managed members, and staff; D12.1). */
  canStartTopic: boolean;
}>()({
  method: 'GET',
  path: 'board/fetchCategories',
  audience: 'member',
  input: z.object({}),
});

const categoryName = z
  .string({ error: CHOOSE_CATEGORY })
  .trim()
  .min(1, { error: CHOOSE_CATEGORY })
  .max(40, { error: NO_SUCH_CATEGORY })
  .regex(/^[a-z0-9-]+$/, { error: NO_SUCH_CATEGORY });

const pageNumber = (most: number) =>
  wholeNumber(
    z
      .number({ error: 'Please give a page number.' })
      .int({ error: 'Please give a page number.' })
      .min(0, { error: 'Pages start at 0.' })
      .max(most, { error: 'There is no such page.' })
      .default(0),
  );

/** A category's threads, newest last post first, a page at a time (BD2: `page` is zero-based). */
export const fetchCategoryThreads = operation<{
  status: 'success';
  threads: ThreadSummary[];
  categoryDetails: CategoryDetails;
  page: number;
  pageCount: number;
  canStartTopic: boolean;
}>()({
  method: 'GET',
  path: 'board/fetchCategoryThreads',
  audience: 'member',
  input: z.object({ cat: categoryName, page: pageNumber(100_000) }),
});

/** One page (zero-based) of a thread's posts; each call counts a view (BD5). */
export const fetchThread = operation<{
  status: 'success';
  posts: BoardPost[];
  page: number;
  pageCount: number;
  categoryDetails: CategoryDetails;
  threadDetails: ThreadDetails;
}>()({
  method: 'POST',
  path: 'board/fetchThread',
  audience: 'member',
  input: z.object({ thread: idSchema('topic'), page: pageNumber(1_000_000) }),
});

const postContent = z
  .string({ error: POST_LENGTH })
  .refine((t) => t.trim().length >= POST_MIN && t.trim().length <= POST_MAX, { error: POST_LENGTH })
  .transform((t) => t.trim());

const yesNo = (what: string) =>
  z.enum(['yes', 'no'], { error: `Please say 'yes' or 'no' for ${what}.` }).default('no');

/** A file field of a multipart body: the server receives it as bytes (a Buffer). */
const fileBytes = z.custom<Uint8Array>((v) => v instanceof Uint8Array, { error: NO_FILE });

/**
 * board/postTopic (multipart when it carries an image): the category, the headline (`subject`), the
 * first post (`content`), and at most one image (`hasFile` yes and `myFile`) or one YouTube video
 * (`hasVideo` yes and `video`: the link or the video's id).
 */
export const postTopic = operation<{ status: 'success'; message: string; thread_id: number }>()({
  method: 'POST',
  path: 'board/postTopic',
  audience: 'member',
  input: z.object({
    category: categoryName,
    subject: z
      .string({ error: SUBJECT_LENGTH })
      .trim()
      .min(SUBJECT_MIN, { error: SUBJECT_LENGTH })
      .max(SUBJECT_MAX, { error: SUBJECT_LENGTH }),
    content: postContent,
    hasFile: yesNo('the image'),
    myFile: fileBytes.optional(),
    hasVideo: yesNo('the video'),
    video: z.string({ error: BAD_VIDEO_URL }).trim().max(300, { error: BAD_VIDEO_URL }).default(''),
  }),
});

/**
 * board/postReply?thread_id (spec 3 §7): the topic's id in the query string or the body, the post
 * (`content`) in the body; replies carry no media (spec 3 §5).
 */
export const postReply = operation<{
  status: 'success';
  message: string;
  post_id: number;
  /** The page (zero-based) the reply is on, and how many pages the thread has now. */
  page: number;
  pageCount: number;
}>()({
  method: 'POST',
  path: 'board/postReply',
  audience: 'member',
  input: z.object({ thread_id: idSchema('topic').optional(), content: postContent }),
});

/** The query string of board/postReply: where the spec puts the topic's id. */
export const replyQuery = z.object({ thread_id: idSchema('topic') });

/**
 * board/deletePost?id: answers the thread's page count after the delete for the spec's page rules
 * (spec 3 §4): 0 when the topic went with its first post.
 */
export const deletePost = operation<{
  status: 'success';
  message: string;
  pageCount: number;
  /** The thread is gone (its first post was deleted). */
  threadDeleted: boolean;
}>()({
  method: 'GET',
  path: 'board/deletePost',
  audience: 'member',
  input: z.object({ id: idSchema('post') }),
});

export const subUnsub = operation<{
  status: 'success';
  message: string;
  subscribed: boolean;
  unsubscribed: boolean;
}>()({
  method: 'GET',
  path: 'board/subUnsub',
  audience: 'member',
  input: z.object({
    action: z.enum(['subscribe', 'unsubscribe'], { error: "Please choose 'subscribe' or 'unsubscribe'." }),
    thread: idSchema('topic'),
  }),
});
