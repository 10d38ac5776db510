import { imdbCodeOf } from './imdb-page.parser.js';
import { instagramHandleOf } from './instagram.reader.js';

/**
 * What Start opens for a listing URL (D9.2): offline, the real sites' addresses map to their
 * simulated pages under /sim/; in production they open as they are, the video in YouTube's
 * privacy-enhanced player when it is embedded.
 */

export const HANDLE = /^[A-Za-z0-9_.]{1,50}$/;
export const VIDEO_ID = /^[A-Za-z0-9_-]{11,12}$/;

function parse(url: string): URL | null {
  const text = url.trim();
  try {
    return new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
}

function hostIs(u: URL, domain: string): boolean {
  const host = u.hostname.toLowerCase();
  return host === domain || host.endsWith(`.${domain}`);
}

function firstSegment(u: URL): string | null {
  const segment = u.pathname.split('/').filter(Boolean)[0];
  return segment ? decodeURIComponent(segment) : null;
}

/** The handle of an x.com or twitter.com profile URL. */
export function xHandleOf(url: string): string | null {
  const u = parse(url);
  if (!u || !(hostIs(u, 'x.com') || hostIs(u, 'twitter.com'))) return null;
  const segment = firstSegment(u);
  // Follow buttons link to x.com/intent/follow?screen_name=…
  const handle =
    (segment === 'intent' ? u.searchParams.get('screen_name') : segment)?.replace(/^@/, '') ?? null;
  return handle && HANDLE.test(handle) ? handle : null;
}

/** The page name (slug) of a facebook.com page URL, or the id of a profile.php?id=… one. */
export function facebookSlugOf(url: string): string | null {
  const u = parse(url);
  if (!u || !hostIs(u, 'facebook.com')) return null;
  const segment = firstSegment(u);
  const slug = segment === 'profile.php' ? u.searchParams.get('id') : segment;
  return slug && HANDLE.test(slug) ? slug : null;
}

/** The video id of youtube.com/watch?v=, youtu.be/, /embed/ and /shorts/ URLs. */
export function youtubeIdOf(url: string): string | null {
  const u = parse(url);
  if (!u) return null;
  let id: string | null = null;
  if (hostIs(u, 'youtu.be')) id = firstSegment(u);
  else if (hostIs(u, 'youtube.com') || hostIs(u, 'youtube-nocookie.com')) {
    const [first, second] = u.pathname.split('/').filter(Boolean);
    id =
      first === 'watch'
        ? u.searchParams.get('v')
        : first === 'embed' || first === 'shorts'
          ? (second ?? null)
          : null;
  }
  return id && VIDEO_ID.test(id) ? id : null;
}

/** The simulated page for a real listing URL; anything else is returned as it is. */
export function simulatedUrl(listingUrl: string, opts: { embed?: boolean } = {}): string {
  const imdb = imdbCodeOf(listingUrl);
  if (imdb) return `/sim/imdb/${imdb.startsWith('nm') ? 'name' : 'title'}/${imdb}/`;
  const video = youtubeIdOf(listingUrl);
  if (video) return opts.embed ? `/sim/youtube/embed/${video}` : `/sim/youtube/watch?v=${video}`;
  const handle = xHandleOf(listingUrl);
  if (handle) return `/sim/x/${encodeURIComponent(handle)}`;
  const slug = facebookSlugOf(listingUrl);
  if (slug) return `/sim/facebook/${encodeURIComponent(slug)}`;
  // The Exchange's Instagram listings (EX2): "Open Instagram" opens the simulated profile.
  const instagram = instagramHandleOf(listingUrl);
  if (instagram) return `/sim/instagram/${encodeURIComponent(instagram)}`;
  return listingUrl;
}

/** The real page, or YouTube's privacy-enhanced player when the video is embedded. */
export function realUrl(listingUrl: string, opts: { embed?: boolean } = {}): string {
  const video = opts.embed ? youtubeIdOf(listingUrl) : null;
  return video ? `https://www.youtube-nocookie.com/embed/${video}` : listingUrl;
}
