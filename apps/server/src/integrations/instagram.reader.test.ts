import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, stubFetch } from './fetch-stub.js';
import {
  countFromText,
  fetchInstagramPicture,
  fetchInstagramProfile,
  instagramHandleOf,
  instagramPictureAddress,
  parseInstagramProfile,
  realInstagramReader,
} from './instagram.reader.js';
import { realIntegrations } from './index.js';
import { PlatformOffline } from './types.js';

/** Profile pages instagram.com really served (fixtures/real/SOURCES.md). */
const real = (name: string) =>
  gunzipSync(fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'real', `${name}.gz`))).toString(
    'utf8',
  );

describe('Instagram profile reader on pages Instagram served', () => {
  it('reads a 2021 profile (characters written plainly)', () => {
    const profile = parseInstagramProfile(real('instagram-profile-pluto__travel-2021.html'));
    expect(profile).toMatchObject({
      handle: 'pluto__travel',
      displayName: 'Pluto',
      followers: 2187,
      following: 110,
      posts: 142,
      bio: null,
    });
    expect(profile?.pictureUrl).toMatch(
      /^https:\/\/scontent-mad1-1\.cdninstagram\.com\/.+s150x150.+&_nc_ht=/,
    );
  });

  it('reads a 2024 profile, its @ and • written as &#064; and &#x2022;', () => {
    const profile = parseInstagramProfile(real('instagram-profile-pluto__travel-2024.html'));
    expect(profile).toMatchObject({
      handle: 'pluto__travel',
      displayName: 'Pluto',
      followers: 2362,
      following: 136,
      posts: 224,
      bio: 'Home of travel — Plan a trip and find the best things to do in one simple, fun and beautiful app.',
    });
    // The attribute's &amp; are decoded: the address is the one a browser would load.
    expect(profile?.pictureUrl).toMatch(
      /^https:\/\/scontent-mad2-1\.cdninstagram\.com\/v\/t51\.2885-19\/.+\?stp=.+&_nc_cat=/,
    );
    expect(profile?.pictureUrl).not.toContain('&amp;');
  });

  it('gives og:title and og:description as a browser reads them, for the Exchange’s setup (EX2)', () => {
    expect(parseInstagramProfile(real('instagram-profile-pluto__travel-2021.html'))).toMatchObject({
      title: 'Pluto (@pluto__travel) • Instagram photos and videos',
      description:
        '2,187 Followers, 110 Following, 142 Posts - See Instagram photos and videos from Pluto (@pluto__travel)',
    });
    // 2024: written &#064; and &#x2022; in the attribute, read back as @ and •.
    expect(parseInstagramProfile(real('instagram-profile-pluto__travel-2024.html'))).toMatchObject({
      title: 'Pluto (@pluto__travel) • Instagram photos and videos',
      description:
        '2,362 Followers, 136 Following, 224 Posts - See Instagram photos and videos from Pluto (@pluto__travel)',
    });
  });

  it('gives null for a page that is not a profile', () => {
    expect(parseInstagramProfile('<html><head><title>Login • Instagram</title></head></html>')).toBeNull();
    expect(parseInstagramProfile(real('imdb-title-tt0133093-2023.html'))).toBeNull();
  });
});

describe('counts and addresses', () => {
  it.each([
    ['2,362', 2362],
    ['136', 136],
    ['12.5K', 12500],
    ['1.2M', 1_200_000],
    ['3B', 3_000_000_000],
    ['many', null],
  ])('%s -> %s', (text, n) => {
    expect(countFromText(text)).toBe(n);
  });

  it('finds the handle of profile addresses, not of posts or Instagram pages', () => {
    expect(instagramHandleOf('https://www.instagram.com/pluto__travel/')).toBe('pluto__travel');
    expect(instagramHandleOf('instagram.com/Pluto__Travel?hl=en')).toBe('pluto__travel');
    expect(instagramHandleOf('https://www.instagram.com/p/BWUDBntl3_Z/')).toBeNull();
    expect(instagramHandleOf('https://www.instagram.com/accounts/login/')).toBeNull();
    expect(instagramHandleOf('https://instagram.com.evil.test/pluto__travel/')).toBeNull();
    expect(instagramHandleOf('https://www.instagram.com/%E0%A4%A/')).toBeNull();
  });
});

describe('fetching a profile from instagram.com (fetch stubbed with a page Instagram served)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the English page and reads it', async () => {
    const calls = stubFetch([
      [
        /^https:\/\/www\.instagram\.com\/pluto__travel\/$/,
        page(real('instagram-profile-pluto__travel-2024.html')),
      ],
    ]);
    expect(await fetchInstagramProfile('pluto__travel')).toMatchObject({
      handle: 'pluto__travel',
      followers: 2362,
    });
    expect(calls[0]?.headers['accept-language']).toMatch(/^en-US/);
  });

  it('gives null for a missing profile and a sign-in wall; a server error means Instagram is unreachable', async () => {
    stubFetch([
      [/\/gone\/$/, page('<html></html>', 404)],
      [/\/walled\/$/, page('<html><head><title>Login • Instagram</title></head></html>')],
      [/\/broken\/$/, page('', 503)],
    ]);
    expect(await fetchInstagramProfile('gone')).toBeNull();
    expect(await fetchInstagramProfile('walled')).toBeNull();
    await expect(fetchInstagramProfile('broken')).rejects.toBeInstanceOf(PlatformOffline);
  });
});

describe('the real Instagram reader for the Exchange (EX2, EX7; fetch stubbed)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives the og: tags of the profile Instagram served', async () => {
    stubFetch([
      [
        /^https:\/\/www\.instagram\.com\/pluto__travel\/$/,
        page(real('instagram-profile-pluto__travel-2024.html')),
      ],
      [/\/gone\/$/, page('<html></html>', 404)],
    ]);
    const reader = realInstagramReader();
    const found = await reader.profile('pluto__travel');
    expect(found).toMatchObject({
      handle: 'pluto__travel',
      title: 'Pluto (@pluto__travel) • Instagram photos and videos',
      description: expect.stringMatching(/^2,362 Followers, 136 Following, 224 Posts - /),
    });
    expect(found?.imageUrl).toMatch(/^https:\/\/scontent-mad2-1\.cdninstagram\.com\//);
    expect(await reader.profile('gone')).toBeNull();
  });

  it('fetches pictures only from Instagram’s picture hosts, over https, never following a redirect', async () => {
    expect(
      instagramPictureAddress('https://scontent-mad2-1.cdninstagram.com/v/t51.2885-19/a.jpg'),
    ).not.toBeNull();
    expect(
      instagramPictureAddress('https://instagram.fmad3-1.fna.fbcdn.net/v/t51.2885-19/a.jpg'),
    ).not.toBeNull();
    for (const address of [
      'http://scontent-mad2-1.cdninstagram.com/a.jpg',
      'https://cdninstagram.com.evil.test/a.jpg',
      'https://evilcdninstagram.com/a.jpg',
      'https://scontent.cdninstagram.com:8443/a.jpg',
      'https://user:pass@scontent.cdninstagram.com/a.jpg',
      'https://169.254.169.254/latest/meta-data/',
      'https://localhost/a.jpg',
      '/sim/instagram/pluto/picture.jpg',
      'not an address',
    ]) {
      expect(instagramPictureAddress(address), address).toBeNull();
    }
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    stubFetch([
      [/cdninstagram\.com\/ok\.jpg/, new Response(jpeg, { headers: { 'Content-Type': 'image/jpeg' } })],
      [/cdninstagram\.com\/expired\.jpg/, new Response('URL signature expired', { status: 403 })],
      [/cdninstagram\.com\/broken\.jpg/, new Response('', { status: 503 })],
    ]);
    const host = 'https://scontent-mad2-1.cdninstagram.com';
    expect(await fetchInstagramPicture(`${host}/ok.jpg`)).toEqual(jpeg);
    const init = vi.mocked(fetch).mock.calls[0]?.[1];
    expect(init?.redirect).toBe('error');
    expect(await fetchInstagramPicture(`${host}/expired.jpg`)).toBeNull();
    await expect(fetchInstagramPicture(`${host}/broken.jpg`)).rejects.toBeInstanceOf(PlatformOffline);
    // Any other address is never asked for.
    expect(await fetchInstagramPicture('http://169.254.169.254/latest/meta-data/')).toBeNull();
    expect(vi.mocked(fetch).mock.calls).toHaveLength(3);
  });

  it('stops reading a picture just past the upload limit', async () => {
    const huge = new Uint8Array(5_000_000);
    stubFetch([[/cdninstagram\.com\/huge\.jpg/, () => new Response(huge)]]);
    const bytes = await fetchInstagramPicture('https://scontent.cdninstagram.com/huge.jpg');
    expect(bytes?.length).toBe(2_048_001);
  });

  it('cannot say whether one account follows another: the real verifier answers unknown (EX7)', async () => {
    const calls = stubFetch([]);
    expect(await realIntegrations({}).verifier.instagramFollows('jane', 'pluto__travel')).toBe('unknown');
    expect(calls).toEqual([]);
  });
});
