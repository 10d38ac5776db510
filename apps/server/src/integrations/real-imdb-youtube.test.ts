import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { realImdbReader } from './imdb.reader.js';
import { isoDurationSeconds, youtubeCatalogue } from './youtube.adapter.js';
import { json, page, stubFetch } from './fetch-stub.js';
import { PlatformOffline } from './types.js';
import { createIntegrations } from './index.js';
import { loadConfig } from '../platform/config.js';
import type { Db } from '../platform/db/database.js';
import { systemClock } from '../platform/clock.js';

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('real IMDb reader (fetch stubbed, never the network)', () => {
  it('fetches the canonical English page and parses it', async () => {
    const calls = stubFetch([
      [/^https:\/\/www\.imdb\.com\/name\/nm9876543\/$/, page(fixture('imdb-name-nm9876543.html'))],
    ]);
    const result = await realImdbReader().read('http://m.imdb.com/name/nm9876543?ref_=fn_al_nm_1');
    expect(result).toMatchObject({
      name: 'Harriet Vance',
      credits: { actress: 1049, producer: 14 },
      starmeter: 12482,
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers['accept-language']).toMatch(/^en-US/);
  });

  it('reads a title page runtime', async () => {
    stubFetch([[/\/title\/tt9800001\/$/, page(fixture('imdb-title-tt9800001.html'))]]);
    expect((await realImdbReader().read('https://www.imdb.com/title/tt9800001/'))?.runtimeMinutes).toBe(112);
  });

  it('reads a page IMDb really served (fixtures/real/SOURCES.md)', async () => {
    const served = gunzipSync(
      fs.readFileSync(
        path.join(import.meta.dirname, 'fixtures', 'real', 'imdb-title-tt0133093-2023.html.gz'),
      ),
    ).toString('utf8');
    stubFetch([[/^https:\/\/www\.imdb\.com\/title\/tt0133093\/$/, page(served)]]);
    expect(
      await realImdbReader().read('https://www.imdb.com/title/tt0133093/?ref_=nv_sr_srsg_0'),
    ).toMatchObject({
      name: 'The Matrix',
      runtimeMinutes: 136,
      starmeter: 244,
    });
  });

  it('gives null for a page that does not exist, and does not fetch what is not an IMDb page', async () => {
    const calls = stubFetch([[/imdb\.com/, page('<html><title>404 Error - IMDb</title></html>', 404)]]);
    expect(await realImdbReader().read('https://www.imdb.com/name/nm0000001/')).toBeNull();
    expect(await realImdbReader().read('https://example.test/name/nm0000001/')).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it.each([
    ['a network failure', new TypeError('fetch failed')],
    ['a server error', page('oops', 503)],
    ['a rate limit', page('slow down', 429)],
    ['a page it cannot read', page('<html><body>Please verify you are human</body></html>')],
  ])('throws PlatformOffline on %s', async (_what, answer) => {
    stubFetch([[/imdb\.com/, answer]]);
    await expect(realImdbReader().read('https://www.imdb.com/name/nm0000001/')).rejects.toBeInstanceOf(
      PlatformOffline,
    );
  });
});

describe('real YouTube catalogue: Data API v3 videos.list', () => {
  const env = { YOUTUBE_API_KEY: 'yt-key' };

  it('maps the video and its ISO 8601 duration', async () => {
    const calls = stubFetch([
      [
        /googleapis\.com\/youtube\/v3\/videos/,
        json({
          kind: 'youtube#videoListResponse',
          items: [
            {
              kind: 'youtube#video',
              id: 'aqz-KE-bpKQ',
              snippet: {
                title: 'Big Buck Bunny 60fps 4K',
                channelTitle: 'Blender',
                publishedAt: '2014-11-10T14:05:55Z',
              },
              contentDetails: { duration: 'PT10M35S', dimension: '2d', definition: 'hd' },
            },
          ],
          pageInfo: { totalResults: 1, resultsPerPage: 1 },
        }),
      ],
    ]);
    expect(await youtubeCatalogue(env).video('aqz-KE-bpKQ')).toEqual({
      id: 'aqz-KE-bpKQ',
      title: 'Big Buck Bunny 60fps 4K',
      channel: 'Blender',
      durationSeconds: 635,
    });
    const url = new URL(calls[0]?.url ?? '');
    expect(url.searchParams.get('id')).toBe('aqz-KE-bpKQ');
    expect(url.searchParams.get('key')).toBe('yt-key');
    expect(url.searchParams.get('part')).toBe('snippet,contentDetails');
  });

  it('gives null for a video that does not exist', async () => {
    stubFetch([
      [/videos/, json({ kind: 'youtube#videoListResponse', items: [], pageInfo: { totalResults: 0 } })],
    ]);
    expect(await youtubeCatalogue(env).video('xxxxxxxxxxx')).toBeNull();
  });

  it('throws PlatformOffline when the quota is spent or the network is down', async () => {
    stubFetch([[/videos/, json({ error: { code: 403, errors: [{ reason: 'quotaExceeded' }] } }, 403)]]);
    await expect(youtubeCatalogue(env).video('aqz-KE-bpKQ')).rejects.toBeInstanceOf(PlatformOffline);
    stubFetch([[/videos/, new TypeError('fetch failed')]]);
    await expect(youtubeCatalogue(env).video('aqz-KE-bpKQ')).rejects.toBeInstanceOf(PlatformOffline);
  });

  it('reads ISO 8601 durations', () => {
    expect(isoDurationSeconds('PT4M13S')).toBe(253);
    expect(isoDurationSeconds('PT1H2M')).toBe(3720);
    expect(isoDurationSeconds('P1DT1S')).toBe(86401);
    expect(isoDurationSeconds('P0D')).toBe(0);
    expect(isoDurationSeconds('4 minutes')).toBeNull();
  });
});

describe('createIntegrations', () => {
  it('builds the real adapters when PLATFORM_MODE=real, opening listing URLs as they are', () => {
    const config = loadConfig({ PLATFORM_MODE: 'real' });
    const integrations = createIntegrations(config, {} as Db, systemClock, {});
    expect(integrations.mode).toBe('real');
    expect(integrations.openUrl('https://x.com/maya')).toBe('https://x.com/maya');
    // Keys are asked for when a platform is used, so a missing one names itself instead of stopping the app.
    expect(() => integrations.linker.loginUrl('twitter', 's', 'https://m.test/cb')).toThrow(/X_CLIENT_ID/);
  });

  it('builds the simulated ones by default', () => {
    const integrations = createIntegrations(loadConfig({}), {} as Db, systemClock, {});
    expect(integrations.mode).toBe('simulated');
    expect(integrations.openUrl('https://x.com/maya')).toBe('/sim/x/maya');
  });
});
