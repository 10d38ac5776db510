import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.js';
import { unique } from '../../test/factories.js';
import { MINUTE_MS } from '../platform/time.js';
import { addSimImdbPage, addSimProfile, addSimVideo } from '../simulated/catalogue.js';

/** The simulated adapters as the app wires them (PLATFORM_MODE=simulated), against what was clicked under /sim/. */
const t = useTestApp();
const integrations = () => t.app.deps.integrations;
const post = (url: string, form: Record<string, string>, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: form, headers: cookie ? { cookie } : {} });

describe('simulated verifier', () => {
  it('sees a follow only after it was clicked on the simulated X, and no more after an unfollow', async () => {
    expect(integrations().mode).toBe('simulated');
    const target = `film_${unique()}`;
    const me = `Me_${unique()}`;
    await addSimProfile(t.db, { platform: 'twitter', handle: target });
    const actor = { handle: me.toLowerCase(), accessToken: null };
    expect(await integrations().verifier.hasActed('twitter', actor, target)).toBe(false);
    await post(`/sim/x/${target}/follow`, {}, `sim_twitter=${me}`);
    expect(await integrations().verifier.hasActed('twitter', actor, target)).toBe(true);
    expect(await integrations().verifier.hasActed('twitter', actor, target.toUpperCase())).toBe(true);
    expect(
      await integrations().verifier.hasActed(
        'twitter',
        { handle: 'someone_else', accessToken: null },
        target,
      ),
    ).toBe(false);
    await post(`/sim/x/${target}/follow`, {}, `sim_twitter=${me}`);
    expect(await integrations().verifier.hasActed('twitter', actor, target)).toBe(false);
  });

  it('resolves a Facebook listing’s numeric page id to the page that was liked', async () => {
    const slug = `page.${unique()}`;
    const pageId = String(100_000 + Math.floor(Math.random() * 800_000));
    await addSimProfile(t.db, {
      platform: 'facebook',
      handle: slug,
      externalId: pageId,
      displayName: 'Maya Official',
    });
    const fan = `fan_${unique()}`;
    await post(`/sim/facebook/${slug}/like`, {}, `sim_facebook=${fan}`);
    const actor = { handle: fan, accessToken: null };
    expect(await integrations().verifier.hasActed('facebook', actor, pageId)).toBe(true);
    expect(await integrations().verifier.hasActed('facebook', actor, slug)).toBe(true);
    expect(await integrations().verifier.hasActed('twitter', actor, slug)).toBe(false);
    expect(await integrations().verifier.profile('facebook', pageId)).toMatchObject({
      handle: slug,
      displayName: 'Maya Official',
    });
  });

  it('gives no profile for a missing or removed one', async () => {
    const removed = `gone_${unique()}`;
    await addSimProfile(t.db, { platform: 'twitter', handle: removed, removed: true });
    expect(await integrations().verifier.profile('twitter', removed)).toBeNull();
    // Over 15 characters: no X handle, so no generated profile either (rule P1).
    expect(await integrations().verifier.profile('twitter', `nobody_${unique()}_x`)).toBeNull();
    expect(
      await integrations().verifier.hasActed('twitter', { handle: 'a', accessToken: null }, removed),
    ).toBe(false);
  });
});

describe('simulated linker', () => {
  it('sends the member to the consent page, and exchanges its code once', async () => {
    const callback = 'http://marquee.test/v4/operations/authenticate/twitter';
    const login = integrations().linker.loginUrl('twitter', 'state-9', callback);
    const url = new URL(login, 'http://marquee.test');
    expect(url.pathname).toBe('/sim/x/oauth/authorize');
    expect(url.searchParams.get('state')).toBe('state-9');
    expect(url.searchParams.get('redirect_uri')).toBe('/v4/operations/authenticate/twitter');
    expect(integrations().linker.loginUrl('facebook', 's', '/v4/operations/authenticate/facebook')).toMatch(
      /^\/sim\/facebook\/oauth\/authorize\?/,
    );

    const me = `me_${unique()}`;
    const consent = await post(url.pathname, {
      handle: me,
      state: 'state-9',
      redirect_uri: url.searchParams.get('redirect_uri') ?? '',
    });
    const code =
      new URL(String(consent.headers.location), 'http://marquee.test').searchParams.get('code') ?? '';
    await expect(integrations().linker.exchange('facebook', code, callback)).rejects.toThrow();
    expect(await integrations().linker.exchange('twitter', code, callback)).toEqual({
      handle: me,
      displayName: me,
      accessToken: null,
    });
    await expect(integrations().linker.exchange('twitter', code, callback)).rejects.toThrow(/already used/);
    await expect(integrations().linker.exchange('twitter', 'made-up', callback)).rejects.toThrow();
  });

  it('refuses a code older than ten minutes', async () => {
    const consent = await post('/sim/x/oauth/authorize', {
      handle: `me_${unique()}`,
      state: 's',
      redirect_uri: '/v4/operations/authenticate/twitter',
    });
    const code =
      new URL(String(consent.headers.location), 'http://marquee.test').searchParams.get('code') ?? '';
    t.clock.advance(11 * MINUTE_MS);
    await expect(integrations().linker.exchange('twitter', code, '')).rejects.toThrow(/expired/);
  });
});

describe('simulated IMDb reader and videos', () => {
  it('reads the simulated page in-process with the real parser', async () => {
    const nm = `nm${String(8_000_000 + Math.floor(Math.random() * 900_000))}`;
    await addSimImdbPage(
      t.db,
      { code: nm, name: 'Dev Patel', credits: { editor: 9, writer: 4 }, starmeter: 1234 },
      t.clock.now(),
    );
    const expected = {
      code: nm,
      kind: 'person',
      name: 'Dev Patel',
      runtimeMinutes: null,
      credits: { editor: 9, writer: 4 },
      starmeter: 1234,
      imageUrl: '/sim/assets/portrait.svg',
    };
    expect(await integrations().imdb.read(`https://www.imdb.com/name/${nm}/`)).toEqual(expected);
    expect(await integrations().imdb.read(`/sim/imdb/name/${nm}/`)).toEqual(expected);
    await addSimImdbPage(t.db, { code: nm, name: 'Dev Patel', removed: true }, t.clock.now());
    expect(await integrations().imdb.read(`https://www.imdb.com/name/${nm}/`)).toBeNull();
    expect(await integrations().imdb.read('https://example.test/')).toBeNull();
  });

  it('gives video metadata, and null for a removed or unknown video', async () => {
    await addSimVideo(t.db, { id: 'ysz5S6PUM-U', title: 'Reel', channel: 'Maya', durationSeconds: 120 });
    expect(await integrations().videos.video('ysz5S6PUM-U')).toEqual({
      id: 'ysz5S6PUM-U',
      title: 'Reel',
      channel: 'Maya',
      durationSeconds: 120,
    });
    await addSimVideo(t.db, { id: 'ysz5S6PUM-U', removed: true });
    expect(await integrations().videos.video('ysz5S6PUM-U')).toBeNull();
    expect(await integrations().videos.video('nothere00000')).toBeNull();
  });
});
