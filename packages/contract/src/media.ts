import { z } from 'zod';
import { operation } from './operation.js';

/** A YouTube video id is 11 or 12 characters (spec 1 §5). */
export const VIDEO_ID = /^[A-Za-z0-9_-]{11,12}$/;

/** The spec's one message for a link that is not a YouTube video, or a video that is not found (spec 1 §5, §8). */
export const BAD_VIDEO_URL = 'There was a problem with the URL you provided. Make sure it is a YouTube link!';

/** The video id of a YouTube link (watch, youtu.be, embed, shorts), or null. */
export function youtubeIdOf(text: string): string | null {
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(text.trim()) ? text.trim() : `https://${text.trim()}`);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.split('/').filter(Boolean)[0] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const [first, second] = url.pathname.split('/').filter(Boolean);
    id =
      first === 'watch'
        ? url.searchParams.get('v')
        : first === 'embed' || first === 'shorts'
          ? (second ?? null)
          : null;
  }
  return id && VIDEO_ID.test(id) ? id : null;
}

/** Titles over 60 characters are cut to 57 and an ellipsis (spec 1 §5, §9). */
export function cutVideoTitle(title: string): string {
  return title.length > 60 ? `${title.slice(0, 57)}...` : title;
}

export interface VideoDetails {
  videoId: string;
  /** Already cut by cutVideoTitle. */
  title: string;
}

/** The video-metadata lookup the composer and the profile's Add Video make before showing a preview (spec 1 §7). */
export const fetchVideoDetails = operation<{ status: 'success'; video: VideoDetails }>()({
  method: 'GET',
  path: 'media/fetchVideoDetails',
  audience: 'member',
  input: z.object({
    videoId: z.string({ error: BAD_VIDEO_URL }).regex(VIDEO_ID, { error: BAD_VIDEO_URL }),
  }),
});
