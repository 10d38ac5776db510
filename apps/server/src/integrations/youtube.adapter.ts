import { field, jsonOf, platformFetch, required, text } from './platform-fetch.js';
import { PlatformOffline, type VideoCatalogue } from './types.js';

/** YouTube Data API v3, videos.list with the app's API key. */

const VIDEOS = 'https://www.googleapis.com/youtube/v3/videos';

/** Seconds of an ISO 8601 duration as the API gives it ("PT4M13S", "P1DT2H"); 0 for live ("P0D"). */
export function isoDurationSeconds(value: string): number | null {
  const m = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(value);
  if (!m) return null;
  const [, d, h, min, s] = m;
  return Number(d ?? 0) * 86400 + Number(h ?? 0) * 3600 + Number(min ?? 0) * 60 + Number(s ?? 0);
}

export function youtubeCatalogue(env: NodeJS.ProcessEnv = process.env): VideoCatalogue {
  return {
    async video(id) {
      const key = required(env, 'YOUTUBE_API_KEY', 'youtube');
      const query = new URLSearchParams({ part: 'snippet,contentDetails', id, key });
      const res = await platformFetch('youtube', `${VIDEOS}?${query}`);
      // 400 is how the API answers an id that cannot exist; 403 is a quota or key problem.
      if (res.status === 400 || res.status === 404) return null;
      if (!res.ok) throw new PlatformOffline('youtube');
      const answer = await jsonOf('youtube', res);
      const item = field(answer, 'items', 0);
      if (!item) return null;
      const seconds = isoDurationSeconds(text(field(item, 'contentDetails', 'duration')) ?? '');
      return {
        id: text(field(item, 'id')) ?? id,
        title: text(field(item, 'snippet', 'title')) ?? id,
        channel: text(field(item, 'snippet', 'channelTitle')) ?? '',
        durationSeconds: seconds ?? 0,
      };
    },
  };
}
