import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { filesForSite, manifestFor, readExtensionBuild, siteOrigin, unzipFiles, zipFiles } from './pack.ts';

describe('the extension for one site (PX10)', () => {
  it('asks for the site’s pages and IMDb’s only, and puts its welcome script on the welcome page only', () => {
    const manifest = manifestFor('https://marquee.example/some/where', '2.0.1');
    expect(manifest).toMatchObject({
      manifest_version: 3,
      version: '2.0.1',
      permissions: ['storage', 'scripting', 'alarms'],
      host_permissions: [
        'https://marquee.example/*',
        'https://www.imdb.com/*',
        'https://m.imdb.com/*',
        'https://pro.imdb.com/*',
      ],
      background: { service_worker: 'background.js', type: 'module' },
    });
    expect(manifest.content_scripts).toEqual([
      {
        matches: [
          'https://marquee.example/v5/pro',
          'https://marquee.example/v5/pro?*',
          'https://marquee.example/v5/pro/*',
        ],
        js: ['welcome-bridge.js'],
        run_at: 'document_idle',
      },
    ]);
    // A site on a port of its own is that port alone, not every service of its host.
    const local = manifestFor('http://127.0.0.1:3210', '1.0.0');
    expect(local.host_permissions[0]).toBe('http://127.0.0.1:3210/*');
    expect(local.content_scripts[0]?.matches[0]).toBe('http://127.0.0.1:3210/v5/pro');
  });

  it('refuses a site that is not an http(s) address', () => {
    expect(siteOrigin('http://127.0.0.1:3210/')).toBe('http://127.0.0.1:3210');
    expect(() => siteOrigin('file:///etc/passwd')).toThrow(/http or https/);
    expect(() => siteOrigin('not a url')).toThrow();
  });
});

describe('the zip (PX10)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-pack-'));
  fs.mkdirSync(path.join(dir, 'icons'));
  fs.writeFileSync(
    path.join(dir, 'manifest.json'),
    JSON.stringify(manifestFor('http://localhost:3000', '1.0.0')),
  );
  fs.writeFileSync(path.join(dir, 'config.json'), '{}');
  fs.writeFileSync(path.join(dir, 'popup.html'), '<p>Marquee Pro – ★</p>'.repeat(50));
  fs.writeFileSync(path.join(dir, 'icons', '16.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]));

  it('holds every built file, the manifest first, and reads back byte for byte', () => {
    const build = readExtensionBuild(dir);
    expect(build?.version).toBe('1.0.0');
    const files = filesForSite(build as NonNullable<typeof build>, 'https://marquee.example');
    const zip = zipFiles(files, new Date('2026-12-01T10:00:00Z'));
    expect(zip.subarray(30, 30 + 'manifest.json'.length).toString()).toBe('manifest.json');
    const back = unzipFiles(zip);
    expect([...back.keys()].sort()).toEqual(['config.json', 'icons/16.png', 'manifest.json', 'popup.html']);
    for (const [name, data] of files) expect(back.get(name)?.equals(data), name).toBe(true);
    expect(JSON.parse(back.get('config.json')?.toString() ?? '')).toEqual({
      site: 'https://marquee.example',
      version: '1.0.0',
    });
    // The same files on the same date zip to the same bytes.
    expect(zipFiles(files, new Date('2026-12-01T10:00:00Z')).equals(zip)).toBe(true);
  });

  it('is a zip other tools read: Python’s zipfile tests it and lists its names', () => {
    const build = readExtensionBuild(dir) as NonNullable<ReturnType<typeof readExtensionBuild>>;
    const file = path.join(dir, '..', `pack-${process.pid}.zip`);
    fs.writeFileSync(file, zipFiles(filesForSite(build, 'https://marquee.example'), new Date()));
    const listed = execFileSync('python3', ['-m', 'zipfile', '-t', file], { encoding: 'utf8' });
    expect(listed).toMatch(/Done testing/);
    const names = execFileSync('python3', ['-m', 'zipfile', '-l', file], { encoding: 'utf8' });
    expect(names).toMatch(/icons\/16\.png/);
    fs.rmSync(file);
  });

  it('is nothing while the extension is not built', () => {
    expect(readExtensionBuild(path.join(dir, 'missing'))).toBeNull();
  });
});
