import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * What makes the extension one site's (docs/domain.md PX10): its manifest, whose host permissions and
 * welcome-page script name that site, and `config.json`, which tells the extension where the site
 * is. The build writes them for its own site; the site's download writes them for itself, over the
 * same built files, and zips the lot. Nothing else differs between two sites' copies.
 */

export const CONFIG_FILE = 'config.json';
export const MANIFEST_FILE = 'manifest.json';

/** The IMDb hosts the extension opens and reads (D9.1): the pages members list, and IMDbPro's. */
export const IMDB_HOSTS = ['https://www.imdb.com/*', 'https://m.imdb.com/*', 'https://pro.imdb.com/*'];

export interface ExtensionConfig {
  /** The Marquee site the extension works for, as an origin: `https://marquee.example`. */
  site: string;
  version: string;
}

/** The origin of a site address; refuses anything but an http(s) address. */
export function siteOrigin(siteUrl: string): string {
  const url = new URL(siteUrl);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`The extension's site must be an http or https address, not ${siteUrl}.`);
  }
  return url.origin;
}

/** A match pattern for pages of the site itself: its scheme, host and port, nothing else on that host. */
function sitePattern(origin: string, pathPattern = '/*'): string {
  const url = new URL(origin);
  return `${url.protocol}//${url.host}${pathPattern}`;
}

/** The welcome page, with or without its slash and query (`/v5/pro/?welcome=yes`), and nothing beside it. */
const WELCOME_PATHS = ['/v5/pro', '/v5/pro?*', '/v5/pro/*'];

/** The Manifest V3 manifest of the extension for one site. */
export function manifestFor(siteUrl: string, version: string) {
  const origin = siteOrigin(siteUrl);
  const icons = { '16': 'icons/16.png', '32': 'icons/32.png', '48': 'icons/48.png', '128': 'icons/128.png' };
  return {
    manifest_version: 3,
    name: 'Marquee Pro',
    short_name: 'Marquee Pro',
    description:
      'Does your Marquee IMDb views for you: opens each page, reads the number it asks for and answers, within Marquee’s daily limits.',
    version,
    minimum_chrome_version: '120',
    icons,
    action: { default_title: 'Marquee Pro', default_popup: 'popup.html', default_icon: icons },
    background: { service_worker: 'background.js', type: 'module' },
    // No "tabs": the extension reads only the tabs it opens, on the hosts below.
    permissions: ['storage', 'scripting', 'alarms'],
    host_permissions: [sitePattern(origin), ...IMDB_HOSTS],
    content_scripts: [
      {
        // The welcome page, where the member pairs the extension with their session (PX2).
        matches: WELCOME_PATHS.map((p) => sitePattern(origin, p)),
        js: ['welcome-bridge.js'],
        run_at: 'document_idle',
      },
    ],
  };
}

export const configFor = (siteUrl: string, version: string): ExtensionConfig => ({
  site: siteOrigin(siteUrl),
  version,
});

/** The built extension: its version (from its manifest) and every file, by its path with `/`. */
export interface ExtensionBuild {
  version: string;
  files: Map<string, Buffer>;
}

/** Reads a built extension folder; null when it is not there (not built yet). */
export function readExtensionBuild(dir: string): ExtensionBuild | null {
  const manifestPath = path.join(dir, MANIFEST_FILE);
  if (!fs.existsSync(manifestPath)) return null;
  const { version } = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as { version?: unknown };
  if (typeof version !== 'string') return null;
  const files = new Map<string, Buffer>();
  const walk = (at: string) => {
    for (const entry of fs.readdirSync(path.join(dir, at), { withFileTypes: true })) {
      const rel = at ? `${at}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(rel);
      else files.set(rel, fs.readFileSync(path.join(dir, rel)));
    }
  };
  walk('');
  return { version, files };
}

/** The build's files as one site's copy: its manifest and config written for that site. */
export function filesForSite(build: ExtensionBuild, siteUrl: string): Map<string, Buffer> {
  const files = new Map(build.files);
  files.set(MANIFEST_FILE, jsonFile(manifestFor(siteUrl, build.version)));
  files.set(CONFIG_FILE, jsonFile(configFor(siteUrl, build.version)));
  return files;
}

export const jsonFile = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

/** The zip's name for a version, as the site serves it (contract downloadPath). */
export const zipName = (version: string) => `marquee-pro-${version}.zip`;

/**
 * A zip archive of the files (deflated, names in UTF-8), in the order given with the manifest
 * first, every entry dated `at` so that one build zips to the same bytes every time.
 */
export function zipFiles(files: Map<string, Buffer>, at: Date): Buffer {
  const names = [...files.keys()].sort((a, b) =>
    a === MANIFEST_FILE ? -1 : b === MANIFEST_FILE ? 1 : a.localeCompare(b),
  );
  const { time, date } = dosDateTime(at);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const name of names) {
    const data = files.get(name) as Buffer;
    const packed = zlib.deflateRawSync(data, { level: 9 });
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
    local.writeUInt16LE(0x0800, 6); // names in UTF-8
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(0x0314, 4); // made by: Unix, 2.0
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a regular file, rw-r--r--
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(names.length, 8);
  end.writeUInt16LE(names.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Reads back a zip this module wrote (and any plain deflated or stored one): its files by name. */
export function unzipFiles(zip: Buffer): Map<string, Buffer> {
  const endAt = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endAt < 0) throw new Error('Not a zip archive: no end of central directory.');
  const count = zip.readUInt16LE(endAt + 10);
  let at = zip.readUInt32LE(endAt + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('Broken zip: bad central directory entry.');
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const packedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localAt = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataAt = localAt + 30 + zip.readUInt16LE(localAt + 26) + zip.readUInt16LE(localAt + 28);
    const packed = zip.subarray(dataAt, dataAt + packedSize);
    const data = method === 8 ? zlib.inflateRawSync(packed) : Buffer.from(packed);
    if (zlib.crc32(data) !== crc) throw new Error(`Broken zip: ${name} fails its checksum.`);
    files.set(name, data);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

function dosDateTime(at: Date): { time: number; date: number } {
  const year = Math.max(1980, at.getUTCFullYear());
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}
