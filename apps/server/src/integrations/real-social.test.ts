import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { xAdapter } from './x.adapter.js';
import { facebookAdapter } from './facebook.adapter.js';
import { realIntegrations } from './index.js';
import { json, stubFetch } from './fetch-stub.js';
import { PlatformAuthRejected } from './platform-fetch.js';
import { PlatformOffline } from './types.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

const X_ENV = { X_CLIENT_ID: 'x-client', X_CLIENT_SECRET: 'x-secret', X_BEARER_TOKEN: 'app-bearer' };
const FB_ENV = { FACEBOOK_APP_ID: '1234', FACEBOOK_APP_SECRET: 'fb-secret' };
const member = { handle: 'MayaF', accessToken: 'user-token' };

describe('X verifier: API v2 follows with the member token', () => {
  const lookup: [RegExp, Response] = [
    /\/2\/users\/by\/username\/MayaF$/,
    json({ data: { id: '2244994945', name: 'Maya F', username: 'MayaF' } }),
  ];

  it('finds the target on a later page of GET /2/users/:id/following', async () => {
    const calls = stubFetch([
      lookup,
      [
        /\/2\/users\/2244994945\/following\?.*pagination_token=PAGE2/,
        json({
          data: [
            { id: '783214', name: 'X', username: 'X' },
            { id: '99', name: 'Night Ferry', username: 'NightFerryFilm' },
          ],
          meta: { result_count: 2 },
        }),
      ],
      [
        /\/2\/users\/2244994945\/following\?/,
        json({
          data: [{ id: '12', name: 'Someone', username: 'someone' }],
          meta: { result_count: 1, next_token: 'PAGE2' },
        }),
      ],
    ]);
    expect(await xAdapter(X_ENV).hasFollowed(member, 'nightferryfilm')).toBe(true);
    expect(calls.map((c) => c.headers.authorization)).toEqual(Array(3).fill('Bearer user-token'));
    expect(new URL(calls[1]?.url ?? '').searchParams.get('max_results')).toBe('1000');
  });

  it('matches a numeric target by id, and says false when it is not followed', async () => {
    stubFetch([
      lookup,
      [/following/, json({ data: [{ id: '99', username: 'NightFerryFilm' }], meta: { result_count: 1 } })],
    ]);
    expect(await xAdapter(X_ENV).hasFollowed(member, '99')).toBe(true);
    expect(await xAdapter(X_ENV).hasFollowed(member, '@somebodyelse')).toBe(false);
    stubFetch([lookup, [/following/, json({ meta: { result_count: 0 } })]]);
    expect(await xAdapter(X_ENV).hasFollowed(member, 'nightferryfilm')).toBe(false);
  });

  it('treats a refused or missing token as a linked account to renew, and an outage as offline', async () => {
    await expect(
      xAdapter(X_ENV).hasFollowed({ handle: 'MayaF', accessToken: null }, 'x'),
    ).rejects.toBeInstanceOf(PlatformAuthRejected);
    stubFetch([lookup, [/following/, json({ title: 'Unauthorized', status: 401 }, 401)]]);
    const refused = xAdapter(X_ENV).hasFollowed(member, 'x');
    await expect(refused).rejects.toBeInstanceOf(PlatformAuthRejected);
    await expect(refused).rejects.toBeInstanceOf(PlatformOffline);
    stubFetch([lookup, [/following/, json({ title: 'Too Many Requests' }, 429)]]);
    await expect(xAdapter(X_ENV).hasFollowed(member, 'x')).rejects.toBeInstanceOf(PlatformOffline);
  });

  it('looks up a profile with the app token; null when the account does not exist', async () => {
    const calls = stubFetch([
      [
        /by\/username\/NightFerryFilm\?/,
        json({
          data: {
            id: '99',
            name: 'Night Ferry',
            username: 'NightFerryFilm',
            profile_image_url: 'https://pbs.twimg.com/p.jpg',
          },
        }),
      ],
      [
        /by\/username\/gone\?/,
        json({
          errors: [
            { value: 'gone', detail: 'Could not find user with username: [gone].', title: 'Not Found Error' },
          ],
        }),
      ],
    ]);
    const x = xAdapter(X_ENV);
    expect(await x.profile('@NightFerryFilm')).toEqual({
      handle: 'NightFerryFilm',
      displayName: 'Night Ferry',
      imageUrl: 'https://pbs.twimg.com/p.jpg',
    });
    expect(await x.profile('gone')).toBeNull();
    expect(calls[0]?.headers.authorization).toBe('Bearer app-bearer');
  });

  it('links with OAuth 2 and PKCE: the verifier sent to the token endpoint matches the challenge', async () => {
    const x = xAdapter(X_ENV);
    const callback = 'https://marquee.example/v4/operations/authenticate/twitter';
    const login = new URL(x.loginUrl('state-1', callback));
    expect(login.origin + login.pathname).toBe('https://x.com/i/oauth2/authorize');
    expect(Object.fromEntries(login.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'x-client',
      redirect_uri: callback,
      state: 'state-1',
      code_challenge_method: 'S256',
    });
    expect(login.searchParams.get('scope')).toContain('follows.read');
    const calls = stubFetch([
      [
        /\/2\/oauth2\/token$/,
        json({ token_type: 'bearer', access_token: 'new-token', scope: 'follows.read' }),
      ],
      [/\/2\/users\/me$/, json({ data: { id: '2244994945', name: 'Maya F', username: 'MayaF' } })],
    ]);
    expect(await x.exchange('the-code', callback)).toEqual({
      handle: 'MayaF',
      displayName: 'Maya F',
      accessToken: 'new-token',
    });
    const form = new URLSearchParams(calls[0]?.body ?? '');
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers.authorization).toBe(
      `Basic ${Buffer.from('x-client:x-secret').toString('base64')}`,
    );
    expect(form.get('code')).toBe('the-code');
    expect(
      createHash('sha256')
        .update(form.get('code_verifier') ?? '')
        .digest('base64url'),
    ).toBe(login.searchParams.get('code_challenge'));
    expect(calls[1]?.headers.authorization).toBe('Bearer new-token');
  });

  it('refuses a code X does not accept', async () => {
    stubFetch([
      [
        /oauth2\/token/,
        json(
          {
            error: 'invalid_request',
            error_description: 'Value passed for the authorization code was invalid.',
          },
          400,
        ),
      ],
    ]);
    await expect(xAdapter(X_ENV).exchange('bad', 'https://m.test/cb')).rejects.toThrow(/did not accept/);
  });
});

describe('Facebook verifier: Graph API likes with the member token', () => {
  it('asks /{user-id}/likes/{page-id} with the token and its appsecret_proof', async () => {
    const calls = stubFetch([
      [
        /\/10158\/likes\/100045\?/,
        json({ data: [{ name: 'Maya Official', id: '100045', created_time: '2026-03-01T10:00:00+0000' }] }),
      ],
    ]);
    expect(
      await facebookAdapter(FB_ENV).hasLiked({ handle: '10158', accessToken: 'fb-user' }, '100045'),
    ).toBe(true);
    const url = new URL(calls[0]?.url ?? '');
    expect(url.origin + url.pathname).toBe('https://graph.facebook.com/v19.0/10158/likes/100045');
    expect(url.searchParams.get('access_token')).toBe('fb-user');
    expect(url.searchParams.get('appsecret_proof')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('says false for an empty answer, and resolves a page slug to its id first', async () => {
    const calls = stubFetch([
      [/\/mayaofficial\?/, json({ id: '100045' })],
      [/\/likes\/100045\?/, json({ data: [] })],
    ]);
    expect(
      await facebookAdapter(FB_ENV).hasLiked({ handle: '10158', accessToken: 'fb-user' }, 'mayaofficial'),
    ).toBe(false);
    expect(new URL(calls[0]?.url ?? '').searchParams.get('access_token')).toBe('1234|fb-secret');
  });

  it('turns an invalid token into a relink, and an outage into offline', async () => {
    stubFetch([
      [
        /likes/,
        json({ error: { message: 'Error validating access token', type: 'OAuthException', code: 190 } }, 400),
      ],
    ]);
    await expect(
      facebookAdapter(FB_ENV).hasLiked({ handle: '1', accessToken: 't' }, '100045'),
    ).rejects.toBeInstanceOf(PlatformAuthRejected);
    stubFetch([[/likes/, new TypeError('fetch failed')]]);
    await expect(
      facebookAdapter(FB_ENV).hasLiked({ handle: '1', accessToken: 't' }, '100045'),
    ).rejects.toBeInstanceOf(PlatformOffline);
  });

  it('looks up a page; null when it does not exist', async () => {
    stubFetch([
      [
        /\/100045\?/,
        json({
          id: '100045',
          name: 'Maya Official',
          username: 'mayaofficial',
          picture: { data: { url: 'https://scontent.test/p.jpg' } },
        }),
      ],
      [
        /\/gonepage\?/,
        json(
          {
            error: {
              message: '(#803) Some of the aliases you requested do not exist: gonepage',
              type: 'OAuthException',
              code: 803,
            },
          },
          404,
        ),
      ],
    ]);
    const fb = facebookAdapter(FB_ENV);
    expect(await fb.profile('100045')).toEqual({
      handle: 'mayaofficial',
      displayName: 'Maya Official',
      imageUrl: 'https://scontent.test/p.jpg',
    });
    expect(await fb.profile('gonepage')).toBeNull();
  });

  it('links through the OAuth dialog and the access_token exchange', async () => {
    const fb = facebookAdapter(FB_ENV);
    const callback = 'https://marquee.example/v4/operations/authenticate/facebook';
    const login = new URL(fb.loginUrl('st', callback));
    expect(login.origin + login.pathname).toBe('https://www.facebook.com/v19.0/dialog/oauth');
    expect(login.searchParams.get('scope')).toContain('user_likes');
    expect(login.searchParams.get('redirect_uri')).toBe(callback);
    const calls = stubFetch([
      [/oauth\/access_token\?/, json({ access_token: 'fb-user', token_type: 'bearer', expires_in: 5183944 })],
      [/\/me\?/, json({ id: '10158', name: 'Maya Fernandez' })],
    ]);
    expect(await fb.exchange('fb-code', callback)).toEqual({
      handle: '10158',
      displayName: 'Maya Fernandez',
      accessToken: 'fb-user',
    });
    expect(new URL(calls[0]?.url ?? '').searchParams.get('client_secret')).toBe('fb-secret');
  });
});

describe('real verifier and linker route each platform to its adapter', () => {
  it('sends twitter to X and facebook to the Graph API', async () => {
    const calls = stubFetch([
      [/api\.x\.com\/2\/users\/by\/username\/MayaF$/, json({ data: { id: '1', username: 'MayaF' } })],
      [/api\.x\.com\/2\/users\/1\/following/, json({ data: [{ id: '9', username: 'target' }] })],
      [/graph\.facebook\.com\/v19\.0\/me\/likes\/55\?/, json({ data: [{ id: '55' }] })],
    ]);
    const real = realIntegrations({ ...X_ENV, ...FB_ENV });
    expect(await real.verifier.hasActed('twitter', member, 'target')).toBe(true);
    expect(await real.verifier.hasActed('facebook', { handle: 'maya', accessToken: 't' }, '55')).toBe(true);
    expect(calls).toHaveLength(3);
  });
});
