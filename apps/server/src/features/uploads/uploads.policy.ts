import { uploads as contract, type Membership } from '@marquee/contract';
import { isBmp } from './bmp.js';

const { BAD_TYPE, BAD_TYPE_HEADSHOT, FREE_PHOTO_LIMIT, MAX_UPLOAD_BYTES, TOO_LARGE } = contract;

/** Stored names never change content, so browsers and proxies may keep them for a year (docs/domain.md M3). */
export const CACHE_FOREVER = 'public, max-age=31536000, immutable';

/** A stored image's name as the pipeline makes it ('1764057600000-3f9a1c0b2d.jpg'); anything else is no picture. */
export const isImageName = (name: string) =>
  /^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/.test(name) && !name.includes('..');

/** What a file really is, read from its first bytes: never from its name or the browser's word. */
export type ImageKind = 'png' | 'gif' | 'jpeg' | 'bmp';

export function imageKindOf(file: Buffer): ImageKind | null {
  if (
    file.length >= 8 &&
    file.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (file.length >= 6 && /^GIF8[79]a$/.test(file.subarray(0, 6).toString('latin1'))) return 'gif';
  if (file.length >= 3 && file[0] === 0xff && file[1] === 0xd8 && file[2] === 0xff) return 'jpeg';
  if (isBmp(file)) return 'bmp';
  return null;
}

/**
 * Why a file is refused, or null (spec 2 §5): over 2,048,000 bytes, or not a png, gif or jpeg
 * (a bmp is taken for the headshot only, where it is stored as png).
 */
export function refusalOf(file: Buffer, allowBmp: boolean): string | null {
  if (file.length > MAX_UPLOAD_BYTES) return TOO_LARGE;
  const kind = imageKindOf(file);
  if (!kind || (kind === 'bmp' && !allowBmp)) return allowBmp ? BAD_TYPE_HEADSHOT : BAD_TYPE;
  return null;
}

/** Free members may add a photo only while they have fewer than 2 (spec 2 §5, §6); paid levels have no limit. */
export const mayAddPhoto = (membership: Membership, photoCount: number) =>
  membership !== 'free' || photoCount < FREE_PHOTO_LIMIT;
