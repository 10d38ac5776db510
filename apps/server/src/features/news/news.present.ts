import { news, uploads } from '@marquee/contract';
import { linksOnlyHtml } from '../../platform/text.js';
import { escapeHtml } from '../../platform/html.js';
import { timeAgo } from '../../platform/time.js';
import type { Integrations } from '../../integrations/types.js';
import type { CommentRow, FeedRow } from './news.repo.js';
import * as policy from './news.policy.js';

/**
 * A member's text as HTML (D8.1): links only, and each stored mention as a link to the member's
 * profile. The official account's posts keep their markup (D2.1); the browser sanitises again.
 */
export function newsHtml(text: string, raw: boolean): string {
  if (raw) return text;
  let out = '';
  let last = 0;
  for (const m of text.matchAll(news.MENTION)) {
    out += linksOnlyHtml(text.slice(last, m.index));
    out += `<a href="/profile/${Number(m[2])}" class="mq-mention">@${escapeHtml(m[1] ?? '')}</a>`;
    last = m.index + m[0].length;
  }
  return out + linksOnlyHtml(text.slice(last));
}

const fullName = (r: { first: string; last: string }) => `${r.first} ${r.last}`.trim();
const ids = (likers: number[] | null) => (likers ?? []).map(Number);

export function presentItem(
  row: FeedRow,
  meId: number,
  now: Date,
  integrations: Integrations,
): news.NewsItem {
  const raw = policy.rendersRaw(row.user_id);
  const likers = ids(row.likers);
  const mediaType = (['image', 'youtube'].includes(row.media_type) ? row.media_type : '') as news.MediaType;
  return {
    id: row.id,
    user_id: row.user_id,
    user_full_name: fullName(row),
    avatar: uploads.pictureUrl(row.default_pic, 80),
    time_ago: timeAgo(new Date(row.created_at), now),
    content: newsHtml(row.content, raw),
    raw,
    media_type: mediaType,
    media_code: row.media_code,
    image_url: mediaType === 'image' ? uploads.pictureUrl(row.media_code) : null,
    video_title: mediaType === 'youtube' ? (row.media_title ?? 'YouTube video') : null,
    // The player page the app's video modal shows: simulated offline, YouTube's own in production (D9).
    video_embed_url:
      mediaType === 'youtube'
        ? integrations.openUrl(`https://www.youtube.com/watch?v=${row.media_code}`, { embed: true })
        : null,
    comments: row.comment_count,
    likers,
    liked: likers.includes(meId),
    canDelete: policy.canDelete(meId, row.user_id),
    canHide: policy.canHide(meId, row.user_id),
    canHideAuthor: policy.canHideAuthor(meId, row.user_id),
  };
}

export function presentComment(row: CommentRow, meId: number, now: Date): news.NewsComment {
  const likers = ids(row.likers);
  return {
    id: row.id,
    news_id: row.news_id,
    user_id: row.user_id,
    user_full_name: fullName(row),
    avatar: uploads.pictureUrl(row.default_pic, 80),
    comment: newsHtml(row.comment, false),
    time_ago: timeAgo(new Date(row.created_at), now),
    likers,
    liked: likers.includes(meId),
    canDelete: policy.canDelete(meId, row.user_id),
    canLike: policy.canLikeComment(meId, row.user_id),
  };
}
