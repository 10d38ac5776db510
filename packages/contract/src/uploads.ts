import { z } from 'zod';
import { operation } from './operation.js';

// The upload call and where stored images are served (spec 2 §5 upload).

/** Sizes an image is served in: the original (re-encoded) and the thumbnails of avatars (80 px) and history (35 px). */
export type PictureSize = 'full' | 80 | 35;

/**
 * The address of a stored image by its name (the `name` an upload answers as imageName), or null
 * when there is none, so that the page shows the no-photo image (spec 1 §8).
 */
export function pictureUrl(name: string | null | undefined, size: PictureSize = 'full'): string | null {
  if (!name) return null;
  // Names from before uploads existed, or from elsewhere, are addresses already.
  if (name.startsWith('/') || name.startsWith('http')) return name;
  return size === 'full' ? `/media/${name}` : `/media/${size}/${name}`;
}

/** The upload limit (spec 2 §5, §9). */
export const MAX_UPLOAD_BYTES = 2_048_000;
/** Free members keep at most this many profile photos (spec 2 §5, §6). */
export const FREE_PHOTO_LIMIT = 2;

/** The spec's message for a file over the limit (spec 2 §5). */
export const TOO_LARGE = 'Please upload a file that is smaller than 2mb in size!';
export const BAD_TYPE = 'Please upload a picture in PNG, GIF or JPEG format.';
export const BAD_TYPE_HEADSHOT = 'Please upload a picture in PNG, GIF, JPEG or BMP format.';
export const NO_FILE = 'Please choose a picture to upload.';
export const FREE_PHOTOS_FULL =
  'Free Members can have up to 2 photos. Delete one of your photos first, or upgrade your membership to add more.';

/** What a file field carries: a File or Blob in the browser, a Buffer once the server has read it. */
export type UploadFile = Blob | Uint8Array;

/** A file field; `missing` is what a form without the file is told (a form of several fields says it its own way). */
export const uploadFile = (missing: string = NO_FILE) =>
  z.custom<UploadFile>(
    (value) =>
      (value instanceof Uint8Array && value.length > 0) ||
      (typeof Blob !== 'undefined' && value instanceof Blob && value.size > 0),
    { error: missing },
  );

export const IMAGE_FOLDERS = ['profiles', 'news', 'board', 'help', 'instagram'] as const;
export type ImageFolder = (typeof IMAGE_FOLDERS)[number];
/**
 * What uploads/ takes: profile photos. News and board posts send their picture with the post itself,
 * so no picture is ever stored that nothing uses.
 */
export const UPLOAD_FOLDERS = ['profiles'] as const;

/** uploads/ (multipart, spec 2 §7): adds a picture to the member's profile photos. */
export const upload = operation<{ status: 'success'; message: string; imageName: string }>()({
  method: 'POST',
  path: 'uploads',
  audience: 'member',
  input: z.object({
    myFile: uploadFile(),
    folder: z
      .enum(UPLOAD_FOLDERS, { error: 'Pictures can be uploaded to your profile photos.' })
      .default('profiles'),
    convention: z
      .enum(['timestamp'], { error: 'Pictures are named by the time they arrive.' })
      .default('timestamp'),
  }),
});
