import type { AppDeps } from '../../platform/deps.js';

export type ImageFolder = 'profiles' | 'news' | 'board';

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
  void deps;
  void input;
  throw new Error('The image pipeline is being built.');
}
