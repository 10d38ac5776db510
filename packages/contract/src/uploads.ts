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
