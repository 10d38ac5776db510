import { randomBytes } from 'node:crypto';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { uploads as contract } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import { AppError, badInput } from '../../platform/errors.js';
import { decodeBmp } from './bmp.js';
import { imageKindOf, isImageName, refusalOf, type ImageKind } from './uploads.policy.js';
import { deleteImageRows, insertImage, isServableImage } from './uploads.repo.js';
import { storageFor, storageKey } from './storage.js';

export type ImageFolder = contract.ImageFolder;

/** The longest side a stored original keeps; larger pictures are scaled down. */
const MAX_SIDE = 2000;
/** Decompression bombs: a small file that claims a huge picture is refused before it is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;
const THUMB_SIZES = [80, 35] as const;

const MIME: Record<'png' | 'gif' | 'jpeg', string> = {
  png: 'image/png',
  gif: 'image/gif',
  jpeg: 'image/jpeg',
};
const EXT: Record<'png' | 'gif' | 'jpeg', string> = { png: 'png', gif: 'gif', jpeg: 'jpg' };

interface Encoded {
  format: 'png' | 'gif' | 'jpeg';
  full: Buffer;
  width: number;
  height: number;
  thumbs: Record<(typeof THUMB_SIZES)[number], Buffer>;
}

/** A BMP's pixels, decoded once for the original and both thumbnails (sharp cannot read BMP). */
type Bitmap = NonNullable<ReturnType<typeof decodeBmp>>;

/** A decoder for the file: sharp reads png, gif and jpeg; a bmp arrives here already decoded, as pixels. */
function source(file: Buffer, bitmap: Bitmap | null, animated: boolean): Sharp {
  if (bitmap)
    return sharp(bitmap.pixels, { raw: { width: bitmap.width, height: bitmap.height, channels: 4 } });
  // rotate() turns the picture upright by its EXIF orientation before the metadata is dropped.
  return sharp(file, { animated, limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
}

function encode(image: Sharp, format: Encoded['format']): Sharp {
  // sharp writes no metadata (EXIF, GPS, XMP, comments) unless asked to: none is kept.
  if (format === 'jpeg') return image.jpeg({ quality: 85, mozjpeg: true });
  if (format === 'gif') return image.gif();
  return image.png();
}

/** Decodes and re-encodes the picture and its thumbnails; a file that will not decode is refused. */
async function reencode(file: Buffer, kind: ImageKind, allowBmp: boolean): Promise<Encoded> {
  const format = kind === 'bmp' ? 'png' : kind;
  const animated = kind === 'gif';
  try {
    const bitmap = kind === 'bmp' ? decodeBmp(file) : null;
    if (kind === 'bmp' && !bitmap) throw badInput(contract.BAD_TYPE_HEADSHOT);
    const full = await encode(
      source(file, bitmap, animated).resize({
        width: MAX_SIDE,
        height: MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      }),
      format,
    ).toBuffer({ resolveWithObject: true });
    const thumbs = {} as Encoded['thumbs'];
    for (const size of THUMB_SIZES) {
      // Thumbnails are square and still (the first frame of a GIF), cropped to the interesting part.
      thumbs[size] = await encode(
        source(file, bitmap, false).resize(size, size, { fit: 'cover', position: sharp.strategy.attention }),
        format,
      ).toBuffer();
    }
    const info = full.info as OutputInfo & { pageHeight?: number };
    return { format, full: full.data, width: info.width, height: info.pageHeight ?? info.height, thumbs };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badInput(allowBmp ? contract.BAD_TYPE_HEADSHOT : contract.BAD_TYPE);
  }
}

/**
 * The one image pipeline (spec 2 §5 upload): checks the type by content, the 2,048,000-byte limit,
 * re-encodes without metadata, makes the 80 px and 35 px thumbnails, stores them and records the
 * image. Throws an AppError with the spec's message for a file it refuses. Returns the stored name
 * (for pictureUrl).
 */
export async function storeImage(
  deps: AppDeps,
  input: { ownerId: number; folder: ImageFolder; file: Buffer; allowBmp?: boolean },
): Promise<{ name: string }> {
  const allowBmp = input.allowBmp ?? false;
  const refusal = refusalOf(input.file, allowBmp);
  if (refusal) throw badInput(refusal);
  const kind = imageKindOf(input.file) as ImageKind;
  const encoded = await reencode(input.file, kind, allowBmp);

  const now = deps.clock.now();
  const name = `${now.getTime()}-${randomBytes(5).toString('hex')}.${EXT[encoded.format]}`;
  const storage = storageFor(deps.config);
  const mime = MIME[encoded.format];
  const writes = await Promise.allSettled([
    storage.put(storageKey(name, 'full'), encoded.full, mime),
    ...THUMB_SIZES.map((size) => storage.put(storageKey(name, size), encoded.thumbs[size], mime)),
  ]);
  const failed = writes.find((write): write is PromiseRejectedResult => write.status === 'rejected');
  if (failed) {
    // No half-stored picture stays behind: the sizes that were written go again.
    await removeImageFiles(deps, [name]).catch(() => undefined);
    throw failed.reason;
  }
  try {
    await insertImage(deps.db, {
      ownerId: input.ownerId,
      folder: input.folder,
      name,
      mime,
      width: encoded.width,
      height: encoded.height,
      bytes: encoded.full.length,
      createdAt: now,
    });
  } catch (error) {
    await removeImageFiles(deps, [name]);
    throw error;
  }
  return { name };
}

/** Removes stored files of images; a file already gone is not an error. */
export async function removeImageFiles(deps: AppDeps, names: string[]): Promise<void> {
  const storage = storageFor(deps.config);
  await Promise.all(
    names.flatMap((name) =>
      (['full', ...THUMB_SIZES] as const).map((size) => storage.remove(storageKey(name, size))),
    ),
  );
}

/** Deletes images: their rows, then their files (a file left behind is harmless; a row without one is not). */
export async function removeImages(deps: AppDeps, names: string[]): Promise<void> {
  await deleteImageRows(deps.db, names);
  await removeImageFiles(deps, names);
}

/** How a picture reaches the browser: its bytes from the app (disk), or a redirect to the bucket (S3). */
export type ImageDelivery =
  { kind: 'file'; body: Buffer; type: string } | { kind: 'link'; url: string; maxAgeSeconds: number };

/**
 * A stored picture in one of its sizes (docs/domain.md M2-M4), or null when there is none or it may
 * not be shown: who may see it is decided here, before any byte is read or any link is signed.
 */
export async function deliverImage(
  deps: AppDeps,
  name: string,
  size: contract.PictureSize,
): Promise<ImageDelivery | null> {
  if (!isImageName(name) || !(await isServableImage(deps.db, name))) return null;
  const storage = storageFor(deps.config);
  const key = storageKey(name, size);
  const link = await storage.link(key, deps.clock.now());
  if (link) return { kind: 'link', ...link };
  const body = await storage.get(key);
  if (!body) return null;
  // The type is read from the stored bytes, never trusted from anywhere else (M3).
  const kind = imageKindOf(body);
  if (!kind || kind === 'bmp') return null;
  return { kind: 'file', body, type: MIME[kind] };
}
