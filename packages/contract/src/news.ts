import { z } from 'zod';
import { operation } from './operation.js';
import { idSchema, wholeNumber } from './common.js';
import { BAD_VIDEO_URL } from './media.js';

/**
 * The news feed (spec 1 News feed, §3 News item and comment, §4, §5, §7 News and media, §8, §9):
 * posts, comments, likes, hides, mentions and the feed's filters.
 */

/** Spec 1 §9: a post is 4 to 200 characters. */
export const POST_MIN = 4;
export const POST_MAX = 200;
/** Spec 1 §5: a comment is sent only when longer than 4 and shorter than 201 characters. */
export const COMMENT_MIN = 5;
export const COMMENT_MAX = 200;
/** Spec 1 §5: the composer's counter warns under this many characters remaining. */
export const COUNTER_WARN_BELOW = 10;
/** Items per page of the feed (docs: the spec has only "default page 1"). */
export const NEWS_PAGE_SIZE = 10;
/** The official account (D2.1): its posts render as raw markup (spec 1 §3, §6). */
export const OFFICIAL_NEWS_ID = 2;
/** At most this many different members are alerted by one text's mentions (no alert floods). */
export const MAX_MENTIONS = 5;

/**
 * Rate limits (docs: flooding the feed), per member across the site: posts and comments in any
 * minute and in any hour. Past them the server answers 429 with Retry-After and the wait.
 */
export const POSTS_PER_MINUTE = 10;
export const POSTS_PER_HOUR = 30;
export const COMMENTS_PER_MINUTE = 20;
export const COMMENTS_PER_HOUR = 120;

export const POST_LENGTH_ERROR = 'Whoops! Please check the length of your post before submitting.';
export const COMMENT_LENGTH_ERROR = `Please write a comment of ${COMMENT_MIN} to ${COMMENT_MAX} characters.`;
export const POST_DELETED = 'Your post was successfully deleted.';
export const COMMENT_DELETED = 'Your comment was successfully deleted.';
export const POST_GONE = 'This post is no longer available.';
export const COMMENT_GONE = 'This comment is no longer available.';
export const hiddenAuthorMessage = (name: string) =>
  `News posts from ${name} will no longer appear in your feed.`;

/**
 * A chosen mention is stored in the text as `@[Full Name](id)`; it renders as a link to
 * /profile/{id}. The name is always rewritten by the server from the member's record.
 */
export const MENTION = /@\[([^\]\n]{1,80})\]\((\d{1,10})\)/g;
export const mentionMarkup = (id: number | string, name: string) =>
  `@[${name.replace(/[\]\n]/g, ' ')}](${id})`;

/** The text as the reader sees it (mentions as @Full Name): what the length rules count. */
export const visibleText = (text: string) => text.replace(MENTION, '@$1');
export const visibleLength = (text: string) => visibleText(text).trim().length;

/** The ids mentioned in a text, each once, in order. */
export function mentionedIds(text: string): number[] {
  const ids = [...text.matchAll(MENTION)].map((m) => Number(m[2]));
  return [...new Set(ids)];
}

export type MediaType = '' | 'image' | 'youtube';

/** A news item (spec 1 §3) as the member asking sees it, with what they may do (the STYLE note in docs/rules.md). */
export interface NewsItem {
  id: number;
  user_id: number;
  user_full_name: string;
  /** The author's 80 px picture, or null for the no-photo image. */
  avatar: string | null;
  time_ago: string;
  /** HTML: links only (D8.1), mentions as links to /profile/{id}; raw markup when `raw`. */
  content: string;
  /** The official account's post: its markup is kept (D2.1, D8.1). */
  raw: boolean;
  media_type: MediaType;
  /** The image name or the YouTube video id. */
  media_code: string;
  /** The image's address (media_type image), else null. */
  image_url: string | null;
  /** The video's title and its player page (media_type youtube), else null. */
  video_title: string | null;
  video_embed_url: string | null;
  /** How many comments the item has. */
  comments: number;
  /** Ids of the members who liked it, oldest first. */
  likers: number[];
  liked: boolean;
  canDelete: boolean;
  canHide: boolean;
  /** Whether "hide all posts from this member" is offered (not for your own or a system account's). */
  canHideAuthor: boolean;
}

/** A comment (spec 1 §3 News comment) as the member asking sees it. */
export interface NewsComment {
  id: number;
  news_id: number;
  user_id: number;
  user_full_name: string;
  avatar: string | null;
  /** HTML: links only, mentions as links (D8.1). */
  comment: string;
  time_ago: string;
  likers: number[];
  liked: boolean;
  canDelete: boolean;
  /** Never for your own comment (spec 1 §5). */
  canLike: boolean;
}

const yesNo = (what: string) =>
  z.enum(['yes', 'no'], { error: `Please say 'yes' or 'no' for ${what}.` }).default('no');

const postText = z
  .string({ error: POST_LENGTH_ERROR })
  .refine((t) => visibleLength(t) >= POST_MIN && visibleLength(t) <= POST_MAX, { error: POST_LENGTH_ERROR })
  .transform((t) => t.trim());

const commentText = z
  .string({ error: COMMENT_LENGTH_ERROR })
  .refine((t) => visibleLength(t) >= COMMENT_MIN && visibleLength(t) <= COMMENT_MAX, {
    error: COMMENT_LENGTH_ERROR,
  })
  .transform((t) => t.trim());

/** A file field of a multipart body: the server receives it as bytes (a Buffer). */
const fileBytes = z.custom<Uint8Array>((v) => v instanceof Uint8Array, {
  error: 'Please choose an image to upload.',
});

/**
 * news/postNews (multipart, spec 1 §7): the text (`comment`), and an image (`hasFile` yes and
 * `myFile`) or a video (`hasVideo` yes and `videoId`, looked up in the video catalogue).
 */
export const postNews = operation<{ status: 'success'; message: string; news_id: number }>()({
  method: 'POST',
  path: 'news/postNews',
  audience: 'member',
  input: z.object({
    comment: postText,
    hasFile: yesNo('the image'),
    myFile: fileBytes.optional(),
    hasVideo: yesNo('the video'),
    videoId: z.string({ error: BAD_VIDEO_URL }).trim().max(40, { error: BAD_VIDEO_URL }).default(''),
  }),
});

const commentId = z.object({ comment_id: idSchema('comment id') });
const newsId = z.object({ news_id: idSchema('post id') });

type Done = { status: 'success'; message: string };
type LikeDone = Done & { likers: number[] };

export const likeNewsComment = operation<LikeDone>()({
  method: 'POST',
  path: 'news/likeNewsComment',
  audience: 'member',
  input: commentId,
});
export const unlikeNewsComment = operation<LikeDone>()({
  method: 'POST',
  path: 'news/unlikeNewsComment',
  audience: 'member',
  input: commentId,
});
export const deleteComment = operation<Done & { comments: number }>()({
  method: 'POST',
  path: 'news/deleteComment',
  audience: 'member',
  input: commentId,
});

export const likeNewsItem = operation<LikeDone>()({
  method: 'POST',
  path: 'news/likeNewsItem',
  audience: 'member',
  input: newsId,
});
export const unlikeNewsItem = operation<LikeDone>()({
  method: 'POST',
  path: 'news/unlikeNewsItem',
  audience: 'member',
  input: newsId,
});
export const hideNewsItem = operation<Done>()({
  method: 'POST',
  path: 'news/hideNewsItem',
  audience: 'member',
  input: newsId,
});
export const deleteNews = operation<Done>()({
  method: 'POST',
  path: 'news/deleteNews',
  audience: 'member',
  input: newsId,
});

export const hideUserNews = operation<Done>()({
  method: 'POST',
  path: 'news/hideUserNews',
  audience: 'member',
  input: z.object({ user_id: idSchema('member id') }),
});

export const postComment = operation<Done & { comment: NewsComment; comments: number }>()({
  method: 'POST',
  path: 'news/postComment',
  audience: 'member',
  input: z.object({ news_id: idSchema('post id'), comment: commentText }),
});

export const fetchNewsFeedComments = operation<{ status: 'success'; comments: NewsComment[] }>()({
  method: 'POST',
  path: 'news/fetchNewsFeedComments',
  audience: 'member',
  input: newsId,
});

/**
 * Which items fetchNewsItems shows: `all` the member's feed; `user` the posts of the member whose
 * id is filter_id (a profile); `single` the one item whose id is filter_id (/home/{id}).
 */
export const NEWS_FILTERS = ['all', 'user', 'single'] as const;
export type NewsFilter = (typeof NEWS_FILTERS)[number];

export const fetchNewsItems = operation<{
  status: 'success';
  newsItems: NewsItem[];
  page: number;
  /** Whether another page follows (the Load more button). */
  hasMore: boolean;
}>()({
  method: 'POST',
  path: 'news/fetchNewsItems',
  audience: 'member',
  input: z
    .object({
      page: wholeNumber(
        z
          .number({ error: 'Please give a page number.' })
          .int({ error: 'Please give a page number.' })
          .min(1, { error: 'Pages start at 1.' })
          .max(1000, { error: 'There is no such page.' })
          .default(1),
      ),
      filter: z.enum(NEWS_FILTERS, { error: "Please choose 'all', 'user' or 'single'." }).default('all'),
      filter_id: wholeNumber(
        z
          .number({ error: 'Please give a valid id to filter by.' })
          .int({ error: 'Please give a valid id to filter by.' })
          .min(0, { error: 'Please give a valid id to filter by.' })
          .default(0),
      ),
    })
    .refine((v) => v.filter === 'all' || v.filter_id > 0, {
      error: 'Please give the id of the member or post to show.',
    }),
});

/** A yes/no switch sent as a boolean (JSON) or as text (a form). */
const switchValue = z
  .union([z.boolean(), z.enum(['yes', 'no', 'true', 'false', '1', '0'])], {
    error: 'Please choose on or off.',
  })
  .transform((v) => v === true || v === 'yes' || v === 'true' || v === '1');

/** Saved on the member; the page reloads after (spec 1 §7). */
export const updateNewsFilters = operation<Done & { hideV4V: boolean; hideFaceless: boolean }>()({
  method: 'POST',
  path: 'news/updateNewsFilters',
  audience: 'member',
  input: z.object({ hideV4V: switchValue, hideFaceless: switchValue }),
});
