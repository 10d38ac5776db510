import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../../platform/config.js';
import { s3Storage } from './s3.js';

/** A short-lived address the browser may fetch a file from itself (docs/domain.md M4). */
export interface StorageLink {
  url: string;
  /** How long the browser may keep the redirect to `url` (Cache-Control max-age). */
  maxAgeSeconds: number;
}

/** Where image files live: a folder under DATA_DIR by default, S3-compatible storage when configured (docs/domain.md M1). */
export interface ImageStorage {
  kind: 'disk' | 's3';
  /** Stores the file with its content type and the year-long cache header. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the file; a missing file is not an error. */
  remove(key: string): Promise<void>;
  /** Where the browser fetches the file itself at `now`, or null when the app sends the bytes (disk). */
  link(key: string, now: Date): Promise<StorageLink | null>;
}

/** Keys are made by the pipeline ('80/1764...-ab12.jpg'); anything else is refused before the disk is touched. */
const SAFE_KEY = /^(?:full|80|35)\/[A-Za-z0-9][A-Za-z0-9._-]*$/;

export function diskStorage(root: string): ImageStorage {
  const fileOf = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Not a storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    kind: 'disk',
    async put(key, body) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed, so that a reader never sees half a file.
      const temp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temp, body);
      await fs.rename(temp, file);
    },
    async get(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    async link() {
      return null;
    },
  };
}

const made = new WeakMap<AppConfig, ImageStorage>();

/** The storage the configuration names, made once per app. */
export function storageFor(config: AppConfig): ImageStorage {
  let storage = made.get(config);
  if (!storage) {
    storage = config.s3 ? s3Storage(config.s3) : diskStorage(path.join(config.dataDir, 'media'));
    made.set(config, storage);
  }
  return storage;
}

/**
 * The origin pictures are fetched from besides the site itself (the bucket's, when S3 is used), for
 * the Content-Security-Policy's img-src: a browser checks a redirected image against it too (M5).
 */
export async function imageOrigin(config: AppConfig): Promise<string | null> {
  const link = await storageFor(config).link(storageKey('origin.png', 'full'), new Date());
  return link ? new URL(link.url).origin : null;
}

/** The key of an image's file in one of its sizes. */
export const storageKey = (name: string, size: 'full' | 80 | 35) => `${size}/${name}`;
