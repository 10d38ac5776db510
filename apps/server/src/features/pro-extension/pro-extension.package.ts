import fs from 'node:fs';
import path from 'node:path';
import { proExtension } from '@marquee/contract';
import {
  MANIFEST_FILE,
  filesForSite,
  readExtensionBuild,
  zipFiles,
  zipName,
  type ExtensionBuild,
} from '@marquee/extension/pack';

/**
 * The built extension as this site hands it out (docs/domain.md PX10): the build in EXTENSION_DIST,
 * zipped with its manifest and config written for this site's own address (PUBLIC_URL), once per
 * build and kept. Its version is the current one: `extVersionLink` points at its download.
 */

interface Built {
  dir: string;
  /** The manifest's modification time: a new build is seen as one. */
  stamp: number;
  build: ExtensionBuild;
  zips: Map<string, Buffer>;
}

let built: Built | null = null;
/** The folder last looked at and when: a missing build is remembered as long as a found one. */
let checkedDir: string | null = null;
let checkedAt = 0;
/** The build's folder is looked at again at most this often, so the earn list's answer stays a read. */
const RECHECK_MS = 30_000;

function currentBuild(dir: string): Built | null {
  const now = Date.now();
  if (checkedDir === dir && now - checkedAt < RECHECK_MS) return built;
  checkedDir = dir;
  checkedAt = now;
  let stamp: number;
  try {
    stamp = fs.statSync(path.join(dir, MANIFEST_FILE)).mtimeMs;
  } catch {
    built = null;
    return null;
  }
  if (built?.dir === dir && built.stamp === stamp) return built;
  const build = readExtensionBuild(dir);
  built = build ? { dir, stamp, build, zips: new Map() } : null;
  return built;
}

/** The current version and its download, or null while the extension is not built here. */
export function currentExtension(dir: string): { version: string; download_url: string } | null {
  const b = currentBuild(dir);
  return b ? { version: b.build.version, download_url: proExtension.downloadPath(b.build.version) } : null;
}

/** Where extVersionLink points (spec 1 §7): the current version's download, else the welcome page. */
export function versionLink(dir: string): string {
  return currentExtension(dir)?.download_url ?? proExtension.WELCOME_URL;
}

/** The zip of the current version for this site, when `file` names it. */
export function extensionZip(dir: string, siteUrl: string, file: string): Buffer | null {
  const b = currentBuild(dir);
  if (!b || file !== zipName(b.build.version)) return null;
  let zip = b.zips.get(siteUrl);
  if (!zip) {
    zip = zipFiles(filesForSite(b.build, siteUrl), new Date(b.stamp));
    b.zips.set(siteUrl, zip);
  }
  return zip;
}
