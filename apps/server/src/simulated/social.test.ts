import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { useTestApp } from '../../test/test-app.js';
import { unique } from '../../test/factories.js';
import { addSimProfile } from './catalogue.js';
import { simAccounts, simClicks, simOauthCodes } from './simulated.tables.js';

const t = useTestApp();

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, form: Record<string, string> = {}, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: form, headers: cookie ? { cookie } : {} });

async function clicksOf(platform: string, target: string) {
  return t.db
    .select()
    .from(simClicks)
    .where(and(eq(simClicks.platform, platform), eq(simClicks.target, target)));
}

describe('simulated X profiles: Follow', () => {
  it('asks a visitor who is not signed in to sign in, and comes back to the profile', async () => {
    const handle = `film_${unique()}`;
    await addSimProfile(t.db, {
      platform: 'twitter',
      handle,
      displayName: 'Night Ferry Film',
      bio: 'Out now.',
    });
    const page = await get(`/sim/x/${handle}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Simulated X');
    expect(page.body).toContain('Night Ferry Film');
    expect(page.body).toContain(`/sim/x/login?return=${encodeURIComponent(`/sim/x/${handle}`)}`);
    expect(page.body).toContain('Sign in to follow');

    const follow = await post(`/sim/x/${handle}/follow`);
    expect(follow.statusCode).toBe(303);
    expect(follow.headers.location).toBe(`/sim/x/login?return=${encodeURIComponent(`/sim/x/${handle}`)}`);

    const me = `me_${unique()}`;
    const login = await post('/sim/x/login', { handle: me, return: `/sim/x/${handle}` });
    expect(login.statusCode).toBe(303);
    expect(login.headers.location).toBe(`/sim/x/${handle}`);
    expect(String(login.headers['set-cookie'])).toMatch(
      new RegExp(`^sim_twitter=${me}; Path=/sim; HttpOnly; SameSite=Lax`),
    );
    const [account] = await t.db.select().from(simAccounts).where(eq(simAccounts.handle, me));
    expect(account?.platform).toBe('twitter');
  });

  it('toggles follow and unfollow for the signed-in account, writing sim_clicks', async () => {
    const handle = `film_${unique()}`;
    const me = `me_${unique()}`;
    await addSimProfile(t.db, { platform: 'twitter', handle });
    const cookie = `sim_twitter=${me}`;
    expect((await get(`/sim/x/${handle}`, cookie)).body).toMatch(/>\s*Follow\s*</);

    const first = await post(`/sim/x/${handle}/follow`, {}, cookie);
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe(`/sim/x/${handle}`);
    expect(await clicksOf('twitter', handle)).toMatchObject([{ actor: me, kind: 'follow', active: true }]);
    expect((await get(`/sim/x/${handle}`, cookie)).body).toMatch(/>\s*Following · Unfollow\s*</);

    await post(`/sim/x/${handle}/follow`, {}, cookie);
    expect(await clicksOf('twitter', handle)).toMatchObject([{ actor: me, active: false }]);
    await post(`/sim/x/${handle}/follow`, {}, cookie);
    expect(await clicksOf('twitter', handle)).toMatchObject([{ active: true }]);
  });

  it('does not let an account follow itself, and answers 404 for unknown or removed profiles', async () => {
    const handle = `film_${unique()}`;
    await addSimProfile(t.db, { platform: 'twitter', handle });
    await post(`/sim/x/${handle}/follow`, {}, `sim_twitter=${handle}`);
    expect(await clicksOf('twitter', handle)).toEqual([]);
    const removed = `gone_${unique()}`;
    await addSimProfile(t.db, { platform: 'twitter', handle: removed, removed: true });
    // A handle X itself could not have (over 15 characters) has no generated profile (rule P1).
    for (const url of [`/sim/x/${removed}`, `/sim/x/nobody_${unique()}_x`, '/sim/x/bad%20handle!']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
    expect((await post(`/sim/x/${removed}/follow`, {}, 'sim_twitter=someone')).statusCode).toBe(404);
  });

  it('only returns to simulated pages after sign-in, and refuses a bad handle', async () => {
    const away = await post('/sim/x/login', { handle: `me_${unique()}`, return: 'https://evil.test/' });
    expect(away.headers.location).toBe('/sim/x');
    const slashes = await post('/sim/x/login', { handle: `me_${unique()}`, return: '//evil.test/sim' });
    expect(slashes.headers.location).toBe('/sim/x');
    const bad = await post('/sim/x/login', { handle: 'no spaces <b>', return: '/sim/x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('1 to 50 letters');
    expect(bad.headers['set-cookie']).toBeUndefined();
  });
});

describe('simulated Facebook pages: Like', () => {
  it('finds a page by its slug or its numeric id, and records the like on the page handle', async () => {
    const slug = `page.${unique()}`;
    const id = String(Date.now() % 1_000_000_000);
    await addSimProfile(t.db, {
      platform: 'facebook',
      handle: slug,
      externalId: id,
      displayName: 'Maya Official',
    });
    const cookie = `sim_facebook=fan_${unique()}`;
    const bySlug = await get(`/sim/facebook/${slug}`, cookie);
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.body).toContain('Simulated Facebook');
    expect(bySlug.body).toMatch(/>\s*Like\s*</);
    expect((await get(`/sim/facebook/${id}`)).body).toContain('Maya Official');
    await post(`/sim/facebook/${slug}/like`, {}, cookie);
    expect(await clicksOf('facebook', slug)).toMatchObject([{ kind: 'like', active: true }]);
    expect((await get(`/sim/facebook/${slug}`, cookie)).body).toMatch(/>\s*Liked · Unlike\s*</);
  });
});

describe('simulated OAuth consent page', () => {
  const callback = '/v4/operations/authenticate/twitter';

  it('shows the consent form, prefilled with the signed-in account', async () => {
    const res = await get(
      `/sim/x/oauth/authorize?state=abc&redirect_uri=${encodeURIComponent(callback)}`,
      'sim_twitter=maya_f',
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Authorize Marquee');
    expect(res.body).toContain('value="maya_f"');
    expect(res.body).toContain('name="state" value="abc"');
    const empty = await get(
      `/sim/facebook/oauth/authorize?state=abc&redirect_uri=${encodeURIComponent('/v4/operations/authenticate/facebook')}`,
    );
    expect(empty.body).toMatch(/id="handle"[^>]*value=""/);
  });

  it('creates the account, signs it in and returns a one-time code with the state', async () => {
    const me = `me_${unique()}`;
    const res = await post('/sim/x/oauth/authorize', { handle: me, state: 'st-1', redirect_uri: callback });
    expect(res.statusCode).toBe(303);
    const back = new URL(String(res.headers.location), 'http://marquee.test');
    expect(back.pathname).toBe(callback);
    expect(back.searchParams.get('state')).toBe('st-1');
    const code = back.searchParams.get('code') ?? '';
    const [row] = await t.db.select().from(simOauthCodes).where(eq(simOauthCodes.code, code));
    expect(row).toMatchObject({ platform: 'twitter', handle: me, usedAt: null });
    expect(String(res.headers['set-cookie'])).toContain(`sim_twitter=${me}`);
    expect(await t.db.select().from(simAccounts).where(eq(simAccounts.handle, me))).toHaveLength(1);
  });

  it.each([
    'https://evil.test/v4/operations/authenticate/twitter',
    '//evil.test/v4/operations/authenticate/twitter',
    '/v4/operations/login/checkCredentials',
    '/v4/operations/authenticate/../../dev/mail',
    '/\\evil.test/v4/operations/authenticate/twitter',
    'javascript:alert(1)',
  ])('refuses the redirect_uri %s (no open redirect)', async (uri) => {
    const page = await get(`/sim/x/oauth/authorize?state=s&redirect_uri=${encodeURIComponent(uri)}`);
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('not valid');
    const form = await post('/sim/x/oauth/authorize', { handle: 'maya', state: 's', redirect_uri: uri });
    expect(form.statusCode).toBe(400);
    expect(form.headers.location).toBeUndefined();
  });

  it('accepts the site’s own absolute callback address, and shows the form again for a bad handle', async () => {
    const own = await post('/sim/x/oauth/authorize', {
      handle: `me_${unique()}`,
      state: 's',
      redirect_uri: `http://marquee.test${callback}`,
    });
    expect(own.statusCode).toBe(303);
    expect(String(own.headers.location)).toMatch(new RegExp(`^${callback}\\?code=`));
    const bad = await post('/sim/x/oauth/authorize', { handle: '', state: 's', redirect_uri: callback });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Authorize Marquee');
  });
});
