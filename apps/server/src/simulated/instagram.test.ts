import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { useTestApp } from '../../test/test-app.js';
import { unique } from '../../test/factories.js';
import { parseInstagramProfile } from '../integrations/instagram.reader.js';
import { addSimProfile } from './catalogue.js';
import { simClicks } from './simulated.tables.js';

/** The simulated Instagram (D9.2, EX2, EX7, rules P1 and P3): pages, Follow clicks, pictures. */
const t = useTestApp();

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, form: Record<string, string> = {}, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: form, headers: cookie ? { cookie } : {} });

/** A number to keep handles apart; digits make no part of a generated name. */
const digits = () => String(parseInt(unique(), 16));

/** A profile page instagram.com really served (integrations/fixtures/real/SOURCES.md). */
const realPage = gunzipSync(
  fs.readFileSync(
    path.join(
      import.meta.dirname,
      '../integrations/fixtures/real/instagram-profile-pluto__travel-2024.html.gz',
    ),
  ),
).toString('utf8');

/** The content attribute of a meta tag, exactly as the page writes it (entities and all). */
const rawMeta = (page: string, key: string) =>
  new RegExp(
    `<meta\\s+(?:property|name)="${key}"\\s+content="([^"]*)"|<meta\\s+content="([^"]*)"\\s+name="${key}"`,
  )
    .exec(page)
    ?.slice(1)
    .find((v) => v !== undefined) ?? null;

async function clicksOn(target: string) {
  return t.db
    .select()
    .from(simClicks)
    .where(and(eq(simClicks.platform, 'instagram'), eq(simClicks.target, target)));
}

describe('simulated Instagram profiles (D9.2, EX2)', () => {
  it('writes og:title and og:description as instagram.com does, @ and • as &#064; and &#x2022;', async () => {
    const handle = `jane.doe_${digits()}`;
    const page = await get(`/sim/instagram/${handle}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Simulated Instagram');
    // With the slash instagram.com's own addresses end with, and in any case: the same profile.
    expect((await get(`/sim/instagram/${handle.toUpperCase()}/`)).body).toBe(page.body);
    // Rule P1: a handle the catalogue does not hold is made up from its address, and says so.
    expect(page.body).toContain('made up from its address');
    const name = 'Jane Doe';
    expect(rawMeta(page.body, 'og:title')).toBe(
      `${name} (&#064;${handle}) &#x2022; Instagram photos and videos`,
    );
    expect(rawMeta(page.body, 'og:description')).toMatch(
      new RegExp(
        `^[\\d,]+ Followers, [\\d,]+ Following, [\\d,]+ Posts - See Instagram photos and videos from ${name} \\(&#064;${handle.replace('.', '\\.')}\\)$`,
      ),
    );
    expect(rawMeta(page.body, 'og:image')).toBe(`/sim/instagram/${handle}/picture.jpg`);
    expect(rawMeta(page.body, 'og:url')).toBe(`https://www.instagram.com/${handle}/`);
    // The same shapes as the page Instagram served in 2024.
    expect(rawMeta(realPage, 'og:title')).toBe(
      'Pluto (&#064;pluto__travel) &#x2022; Instagram photos and videos',
    );
    expect(rawMeta(realPage, 'og:description')).toMatch(
      /^[\d,]+ Followers, [\d,]+ Following, [\d,]+ Posts - See Instagram photos and videos from Pluto \(&#064;pluto__travel\)$/,
    );
  });

  it('is read by the real reader exactly as a page Instagram served', async () => {
    const handle = `night_ferry_${unique()}`;
    await addSimProfile(t.db, {
      platform: 'instagram',
      handle,
      displayName: 'Night Ferry — Film',
      bio: 'Out now & in cinemas.',
    });
    const read = parseInstagramProfile((await get(`/sim/instagram/${handle}`)).body);
    expect(read).toMatchObject({
      handle,
      displayName: 'Night Ferry — Film',
      bio: 'Out now & in cinemas.',
      title: `Night Ferry — Film (@${handle}) • Instagram photos and videos`,
      pictureUrl: `/sim/instagram/${handle}/picture.jpg`,
    });
    expect(read?.description).toBe(
      `${read?.followers.toLocaleString('en-US')} Followers, ${read?.following.toLocaleString('en-US')} Following, ${read?.posts.toLocaleString('en-US')} Posts - See Instagram photos and videos from Night Ferry — Film (@${handle})`,
    );
    const real = parseInstagramProfile(realPage);
    expect(Object.keys(read ?? {}).sort()).toEqual(Object.keys(real ?? {}).sort());
  });

  it('serves what Instagram serves for a missing profile (rule P3): 404, og:title "Instagram", no counts', async () => {
    const gone = `gone_${unique()}`;
    await addSimProfile(t.db, { platform: 'instagram', handle: gone, removed: true });
    for (const url of [`/sim/instagram/${gone}`, '/sim/instagram/p', '/sim/instagram/bad%20handle!']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(404);
      expect(page.body).toContain("Sorry, this page isn't available.");
      expect(rawMeta(page.body, 'og:title')).toBe('Instagram');
      expect(parseInstagramProfile(page.body)).toBeNull();
    }
  });

  it('records Follow and Unfollow for the account signed in on the simulated Instagram', async () => {
    const handle = `film_${unique()}`;
    const me = `Me_${unique()}`;
    const visit = await get(`/sim/instagram/${handle}`);
    expect(visit.body).toContain(
      `/sim/instagram/login?return=${encodeURIComponent(`/sim/instagram/${handle}`)}`,
    );
    const follow = await post(`/sim/instagram/${handle}/follow`);
    expect(follow.statusCode).toBe(303);
    expect(follow.headers.location).toBe(
      `/sim/instagram/login?return=${encodeURIComponent(`/sim/instagram/${handle}`)}`,
    );

    const login = await post('/sim/instagram/login', { handle: me, return: `/sim/instagram/${handle}` });
    expect(login.statusCode).toBe(303);
    expect(login.headers.location).toBe(`/sim/instagram/${handle}`);
    // Instagram handles are one case: the account is the lower-case handle.
    expect(String(login.headers['set-cookie'])).toMatch(
      new RegExp(`^sim_instagram=${me.toLowerCase()}; Path=/sim; HttpOnly; SameSite=Lax`),
    );
    const cookie = `sim_instagram=${me.toLowerCase()}`;
    const before = parseInstagramProfile((await get(`/sim/instagram/${handle}`, cookie)).body);
    expect((await get(`/sim/instagram/${handle}`, cookie)).body).toMatch(/>\s*Follow\s*</);

    expect((await post(`/sim/instagram/${handle}/follow`, {}, cookie)).headers.location).toBe(
      `/sim/instagram/${handle}`,
    );
    expect(await clicksOn(handle)).toMatchObject([{ actor: me.toLowerCase(), kind: 'follow', active: true }]);
    const followed = await get(`/sim/instagram/${handle}`, cookie);
    expect(followed.body).toMatch(/>\s*Following · Unfollow\s*</);
    expect(parseInstagramProfile(followed.body)?.followers).toBe((before?.followers ?? 0) + 1);

    await post(`/sim/instagram/${handle}/follow`, {}, cookie);
    expect(await clicksOn(handle)).toMatchObject([{ active: false }]);
    expect(parseInstagramProfile((await get(`/sim/instagram/${handle}`)).body)?.followers).toBe(
      before?.followers,
    );
  });

  it('records nothing when an account follows itself, and refuses a malformed sign-in handle', async () => {
    const handle = `self_${unique()}`;
    await post(`/sim/instagram/${handle}/follow`, {}, `sim_instagram=${handle}`);
    expect(await clicksOn(handle)).toEqual([]);
    expect((await get(`/sim/instagram/${handle}`, `sim_instagram=${handle}`)).body).toContain('This is you.');
    const bad = await post('/sim/instagram/login', { handle: 'no spaces please' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('An Instagram handle is 1 to 30 letters, digits, dots or underscores.');
  });

  it('serves each profile’s picture as a real JPEG, the same on every visit', async () => {
    const handle = `pic_${unique()}`;
    const first = await get(`/sim/instagram/${handle}/picture.jpg`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    expect(first.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect((await get(`/sim/instagram/${handle}/picture.jpg`)).rawPayload).toEqual(first.rawPayload);
    expect((await get('/sim/instagram/p/picture.jpg')).statusCode).toBe(404);
  });

  it('serves the growth service of the Exchange’s promo with the code (EX13)', async () => {
    const page = await get('/sim/instagram-growth');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('MARQUEE15');
    expect(page.body).toContain('15%');
  });
});

describe('the simulated Instagram adapter (EX2, EX7)', () => {
  afterEach(() => vi.unstubAllGlobals());
  const integrations = () => t.app.deps.integrations;

  it('reads a profile with the same parser, and finds none for a removed one', async () => {
    const handle = `reader_${digits()}`;
    expect(await integrations().instagram.profile(handle)).toEqual({
      handle,
      title: `Reader (@${handle}) • Instagram photos and videos`,
      description: expect.stringMatching(/ Posts - See Instagram photos and videos from Reader \(@reader_/),
      imageUrl: `/sim/instagram/${handle}/picture.jpg`,
    });
    const gone = `gone_${unique()}`;
    await addSimProfile(t.db, { platform: 'instagram', handle: gone, removed: true });
    expect(await integrations().instagram.profile(gone)).toBeNull();
  });

  it('draws the simulated pictures in-process and fetches no other address', async () => {
    const fetchSpy = vi.fn(() => Promise.reject(new Error('no network in tests')));
    vi.stubGlobal('fetch', fetchSpy);
    const handle = `pic_${unique()}`;
    for (const address of [
      `/sim/instagram/${handle}/picture.jpg`,
      `http://localhost:3000/sim/instagram/${handle}/picture.jpg`,
    ]) {
      const bytes = await integrations().instagram.picture(address);
      expect(bytes?.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    }
    for (const address of [
      'http://169.254.169.254/latest/meta-data/',
      'https://scontent-mad2-1.cdninstagram.com/v/t51.2885-19/a.jpg',
      `/sim/instagram/${handle}/../../admin/picture.jpg`,
      '/sim/instagram/p/picture.jpg',
      'file:///etc/passwd',
    ]) {
      expect(await integrations().instagram.picture(address), address).toBeNull();
    }
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sees a follow only after it was clicked, by that account (EX7)', async () => {
    const target = `target_${unique()}`;
    const me = `me_${unique()}`;
    const { verifier } = integrations();
    expect(await verifier.instagramFollows(me, target)).toBe('not_seen');
    await post(`/sim/instagram/${target}/follow`, {}, `sim_instagram=${me}`);
    expect(await verifier.instagramFollows(me, target)).toBe('seen');
    expect(await verifier.instagramFollows(me.toUpperCase(), target.toUpperCase())).toBe('seen');
    expect(await verifier.instagramFollows(`other_${unique()}`, target)).toBe('not_seen');
    await post(`/sim/instagram/${target}/follow`, {}, `sim_instagram=${me}`);
    expect(await verifier.instagramFollows(me, target)).toBe('not_seen');
  });
});
