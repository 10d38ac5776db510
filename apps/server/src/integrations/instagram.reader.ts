import { metaContent, readHtml } from './html-reader.js';
import { platformFetch } from './platform-fetch.js';
import { PlatformOffline, type InstagramReader } from './types.js';

/**
 * Reads an instagram.com profile page from the Open Graph tags Instagram writes for link previews
 * (docs/integrations.md I6): og:title "Pluto (@pluto__travel) • Instagram photos and videos",
 * og:description "2,362 Followers, 136 Following, 224 Posts - See Instagram photos and videos from
 * Pluto (@pluto__travel)", og:image the profile picture. The tags are there for a visitor who is not
 * signed in; everything else on the page is drawn by scripts.
 */

export interface InstagramProfile {
  handle: string;
  /** The name the profile shows; the handle when it shows none. */
  displayName: string;
  followers: number;
  following: number;
  posts: number;
  pictureUrl: string | null;
  /** The profile's bio, from the page description, when it has one. */
  bio: string | null;
  /** og:title and og:description as the page has them, entities decoded (what the Exchange's setup shows, EX2). */
  title: string;
  description: string;
}

const HANDLE = /^[A-Za-z0-9._]{1,30}$/;
/** Instagram's own paths, never a profile. */
const RESERVED = new Set(['p', 'reel', 'reels', 'tv', 'stories', 'explore', 'accounts', 'direct', 'about']);

/** A handle Instagram could give out, and not one of its own paths. */
export function isInstagramHandle(handle: string): boolean {
  return HANDLE.test(handle) && !RESERVED.has(handle.toLowerCase());
}

/** The handle of an instagram.com profile URL, or null. */
export function instagramHandleOf(url: string): string | null {
  const text = url.trim();
  let u: URL;
  try {
    u = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  const host = u.hostname.toLowerCase();
  if (host !== 'instagram.com' && !host.endsWith('.instagram.com')) return null;
  let segment: string;
  try {
    segment = decodeURIComponent(u.pathname.split('/').filter(Boolean)[0] ?? '').replace(/^@/, '');
  } catch {
    // A broken escape (%E0%A4%A) names no profile.
    return null;
  }
  return isInstagramHandle(segment) ? segment.toLowerCase() : null;
}

/** "2,362" -> 2362, "12.5K" -> 12500, "1.2M" -> 1200000 (Instagram rounds large counts). */
export function countFromText(text: string): number | null {
  const m = /^([\d,]*\.?\d+)\s*([KMB])?$/i.exec(text.trim());
  if (!m) return null;
  const value = Number((m[1] ?? '').replace(/,/g, ''));
  const scale = { K: 1e3, M: 1e6, B: 1e9 }[(m[2] ?? '').toUpperCase() as 'K' | 'M' | 'B'] ?? 1;
  return Number.isFinite(value) ? Math.round(value * scale) : null;
}

const COUNTS =
  /([\d.,]+[KMB]?)\s+Followers?\s*,\s*([\d.,]+[KMB]?)\s+Following\s*,\s*([\d.,]+[KMB]?)\s+Posts?\b/i;
/** "Pluto (@pluto__travel) • Instagram…", or "@pluto__travel • Instagram…" for a profile without a name. */
const TITLE = /^(?:(.*?)\s*\(@([A-Za-z0-9._]{1,30})\)|@([A-Za-z0-9._]{1,30}))\s*(?:•|·|\||-|on Instagram)/;

/** Reads a profile page; null when it is not one (a sign-in wall, a post, a missing profile). */
export function parseInstagramProfile(html: string): InstagramProfile | null {
  const page = readHtml(html);
  const description = metaContent(page, 'og:description') ?? metaContent(page, 'description') ?? '';
  const counts = COUNTS.exec(description);
  const ogTitle = metaContent(page, 'og:title') ?? '';
  const title = TITLE.exec(ogTitle);
  const urlHandle = instagramHandleOf(metaContent(page, 'og:url') ?? '');
  const handle = title?.[2] ?? title?.[3] ?? urlHandle;
  if (!counts || !handle) return null;
  const [followers, following, posts] = [counts[1], counts[2], counts[3]].map((c) => countFromText(c ?? ''));
  if (followers == null || following == null || posts == null) return null;
  return {
    handle: handle.toLowerCase(),
    displayName: title?.[1]?.trim() || handle,
    followers,
    following,
    posts,
    pictureUrl: metaContent(page, 'og:image'),
    bio: bioOf(metaContent(page, 'description') ?? ''),
    title: ogTitle,
    description,
  };
}

/** `… - Pluto (@pluto__travel) on Instagram: "Home of travel…"`: the quoted part. */
function bioOf(description: string): string | null {
  const m = /on Instagram:\s*"([\s\S]*)"\s*$/.exec(description);
  return m?.[1]?.trim() || null;
}

/**
 * Production: fetches an instagram.com profile in English (the counts are read from English text) and
 * reads its og: tags; null when Instagram has no such profile or shows no profile (a sign-in wall).
 */
export async function fetchInstagramProfile(handle: string): Promise<InstagramProfile | null> {
  const res = await platformFetch('instagram', `https://www.instagram.com/${encodeURIComponent(handle)}/`, {
    headers: {
      'Accept-Language': 'en-US,en;q=0.9',
      Accept: 'text/html',
      'User-Agent': 'Mozilla/5.0 (compatible; MarqueeBot/4.2; +https://marquee.example/bot)',
    },
  });
  if (res.status === 404) return null;
  if (!res.ok) throw new PlatformOffline('instagram');
  return parseInstagramProfile(await res.text());
}

/** Where Instagram serves profile pictures: its CDN and Facebook's (`scontent-…cdninstagram.com`, `instagram.f…fbcdn.net`). */
const PICTURE_HOSTS = /(^|\.)(cdninstagram\.com|fbcdn\.net)$/i;

/**
 * The address of a profile picture on Instagram's own hosts (https, default port, no credentials),
 * or null for any other address: the server fetches nothing else for a listing (no request forgery).
 */
export function instagramPictureAddress(address: string): URL | null {
  let u: URL;
  try {
    u = new URL(address.trim());
  } catch {
    return null;
  }
  if (u.protocol !== 'https:' || u.port !== '' || u.username !== '' || u.password !== '') return null;
  return PICTURE_HOSTS.test(u.hostname) ? u : null;
}

/** Pictures larger than the upload limit are refused by the image pipeline; reading stops just past it. */
export const PICTURE_READ_LIMIT = 2_048_001;

/** A body, read up to `limit` bytes (a larger one is cut there; the image pipeline refuses it by size). */
export async function bodyUpTo(res: Response, limit: number): Promise<Buffer> {
  if (!res.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(Buffer.from(value));
    size += value.length;
    if (size >= limit) {
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, limit);
}

/**
 * Production: a profile picture from Instagram's picture hosts. Redirects are not followed (a
 * picture host has no reason to send the server elsewhere); a picture that is gone is null.
 */
export async function fetchInstagramPicture(address: string): Promise<Buffer | null> {
  const url = instagramPictureAddress(address);
  if (!url) return null;
  const res = await platformFetch('instagram', url.toString(), {
    redirect: 'error',
    headers: { Accept: 'image/jpeg,image/png,image/*;q=0.8' },
  });
  if (res.status === 403 || res.status === 404 || res.status === 410) return null;
  if (!res.ok) throw new PlatformOffline('instagram');
  try {
    return await bodyUpTo(res, PICTURE_READ_LIMIT);
  } catch {
    throw new PlatformOffline('instagram');
  }
}

/** The real Instagram (EX2): profiles read from instagram.com, pictures from its picture hosts. */
export function realInstagramReader(): InstagramReader {
  return {
    async profile(handle) {
      const found = await fetchInstagramProfile(handle);
      return found
        ? {
            handle: found.handle,
            title: found.title,
            description: found.description,
            imageUrl: found.pictureUrl,
          }
        : null;
    },
    picture: fetchInstagramPicture,
  };
}
