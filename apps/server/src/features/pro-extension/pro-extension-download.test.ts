import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { earn, proExtension } from '@marquee/contract';
import { unzipFiles } from '@marquee/extension/pack';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember } from '../../../test/factories.js';

// A built extension as `npm run build -w apps/extension` leaves it, made for another site.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-extension-'));
fs.mkdirSync(path.join(dist, 'icons'));
fs.writeFileSync(
  path.join(dist, 'manifest.json'),
  JSON.stringify({ manifest_version: 3, version: '1.2.3', host_permissions: ['http://localhost/*'] }),
);
fs.writeFileSync(
  path.join(dist, 'config.json'),
  JSON.stringify({ site: 'http://localhost:3000', version: '1.2.3' }),
);
fs.writeFileSync(path.join(dist, 'background.js'), 'console.log("background");\n');
fs.writeFileSync(path.join(dist, 'icons', '16.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));

const t = useTestApp({ config: { extensionDist: dist, publicUrl: 'https://marquee.example' } });

describe('the extension’s download (PX10)', () => {
  it('serves the current version as a zip made for this site', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v5/pro/download/marquee-pro-1.2.3.zip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="marquee-pro-1.2.3.zip"');
    const files = unzipFiles(res.rawPayload);
    expect([...files.keys()].sort()).toEqual([
      'background.js',
      'config.json',
      'icons/16.png',
      'manifest.json',
    ]);
    expect(JSON.parse(files.get('config.json')?.toString() ?? '')).toEqual({
      site: 'https://marquee.example',
      version: '1.2.3',
    });
    const manifest = JSON.parse(files.get('manifest.json')?.toString() ?? '') as {
      version: string;
      host_permissions: string[];
      content_scripts: { matches: string[] }[];
    };
    expect(manifest.version).toBe('1.2.3');
    expect(manifest.host_permissions).toEqual([
      'https://marquee.example/*',
      'https://www.imdb.com/*',
      'https://m.imdb.com/*',
      'https://pro.imdb.com/*',
    ]);
    expect(manifest.content_scripts[0]?.matches).toEqual([
      'https://marquee.example/v5/pro',
      'https://marquee.example/v5/pro?*',
      'https://marquee.example/v5/pro/*',
    ]);
    expect(files.get('background.js')?.toString()).toBe('console.log("background");\n');
    // Made once per build: the same bytes every time.
    const again = await t.app.inject({ method: 'GET', url: '/v5/pro/download/marquee-pro-1.2.3.zip' });
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('answers 404 for any other file', async () => {
    for (const file of ['marquee-pro-1.0.0.zip', 'manifest.json', '..%2Fmanifest.json']) {
      const res = await t.app.inject({ method: 'GET', url: `/v5/pro/download/${file}` });
      expect(res.statusCode, file).toBe(404);
    }
  });

  it('points extVersionLink, the welcome page and the popup at the current version', async () => {
    const pro = await buildMember(t.db, t.clock, { membership: 'pro' });
    const fetched = await t.call(earn.fetchListings, { listingType: 'imdb', maxItems: 4 }, pro.token);
    expect(fetched.body.extVersionLink).toBe(proExtension.downloadPath('1.2.3'));
    const page = await t.call(proExtension.fetchPairings, {}, pro.token);
    expect(page.body).toMatchObject({
      current_version: '1.2.3',
      download_url: '/v5/pro/download/marquee-pro-1.2.3.zip',
    });
    const paired = await t.call(
      proExtension.pair,
      { install_id: 'install-abcdefgh', version: '1.0.0' },
      pro.token,
    );
    expect(paired.body.pairing.outdated).toBe(true);
    const status = await t.call(proExtension.fetchStatus, {}, paired.body.token);
    expect(status.body).toMatchObject({
      current_version: '1.2.3',
      download_url: '/v5/pro/download/marquee-pro-1.2.3.zip',
    });
  });
});
