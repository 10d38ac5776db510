import { uploads, type board } from '@marquee/contract';
import { linksOnlyHtml } from '../../platform/text.js';
import { timeAgo } from '../../platform/time.js';
import type { Integrations } from '../../integrations/types.js';
import type { CategoryRow, OpenedThread, PostRow, ThreadRow } from './board.repo.js';
import * as policy from './board.policy.js';

const fullName = (r: { first: string | null; last: string | null }) =>
  `${r.first ?? ''} ${r.last ?? ''}`.trim();
const iso = (d: Date | string) => new Date(d).toISOString();

export function presentCategory(row: CategoryRow, now: Date): board.BoardCategory {
  const date = row.thread_date ? new Date(row.thread_date) : null;
  return {
    category: row.category,
    long_cat_name: row.long_name,
    cat_desc: row.description,
    topic_count: row.topic_count,
    post_count: row.post_count,
    thread_id: row.thread_id,
    thread_title: row.thread_title ?? '',
    thread_replies: row.thread_replies ?? 0,
    thread_date: date ? date.toISOString() : '',
    thread_ago: date ? timeAgo(date, now) : '',
    thread_user_name: row.thread_id ? fullName({ first: row.thread_first, last: row.thread_last }) : '',
    title: `${row.long_name} - Message Board`,
  };
}

export function categoryDetails(c: {
  category: string;
  longName: string;
  description: string;
  topicCount: number;
}): board.CategoryDetails {
  return {
    category: c.category,
    long_cat_name: c.longName,
    cat_desc: c.description,
    topic_count: c.topicCount,
  };
}

export function presentThreadSummary(row: ThreadRow, now: Date): board.ThreadSummary {
  return {
    id: row.id,
    title: row.title,
    user_id: row.user_id,
    user_name: fullName(row),
    view_count: row.view_count,
    reply_count: row.reply_count,
    last_post_date: iso(row.last_post_at),
    last_post_ago: timeAgo(new Date(row.last_post_at), now),
  };
}

export function presentThreadDetails(t: OpenedThread): board.ThreadDetails {
  return {
    id: t.id,
    title: t.title,
    subscribed: t.subscribed,
    unsubscribed: !t.subscribed,
    user_id: t.user_id,
    view_count: t.view_count,
    reply_count: t.reply_count,
  };
}

/** A post as the reader sees it: links-only HTML (D8.1), its picture's address or its video's player page. */
export function presentPost(
  row: PostRow,
  meId: number,
  now: Date,
  integrations: Integrations,
): board.BoardPost {
  const mediaType = (['image', 'youtube'].includes(row.media_type) ? row.media_type : '') as board.MediaType;
  return {
    id: row.id,
    user_id: row.user_id,
    user_name: fullName(row),
    avatar: uploads.pictureUrl(row.default_pic, 80),
    date_posted: iso(row.created_at),
    posted_ago: timeAgo(new Date(row.created_at), now),
    content: linksOnlyHtml(row.content),
    media_type: mediaType,
    media_code: mediaType ? row.media_code : '',
    image_url: mediaType === 'image' ? uploads.pictureUrl(row.media_code) : null,
    video_title: mediaType === 'youtube' ? (row.media_title ?? 'YouTube video') : null,
    // The player page the app's video modal shows: simulated offline, YouTube's own in production (D9).
    video_embed_url:
      mediaType === 'youtube'
        ? integrations.openUrl(`https://www.youtube.com/watch?v=${row.media_code}`, { embed: true })
        : null,
    first: row.is_first,
    canDelete: policy.canDelete(meId, row.user_id),
  };
}
