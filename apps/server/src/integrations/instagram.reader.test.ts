import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, stubFetch } from './fetch-stub.js';
import {
  countFromText,
  fetchInstagramProfile,
  instagramHandleOf,
  parseInstagramProfile,
} from './instagram.reader.js';
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
