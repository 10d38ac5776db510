import { createHash, createHmac } from 'node:crypto';
import { field, jsonOf, platformFetch, PlatformAuthRejected, required, text } from './platform-fetch.js';
import { PlatformOffline, type SocialProfile } from './types.js';

/**
 * X (Twitter) through its API v2: follows are read from GET /2/users/:id/following with the
 * member's own OAuth 2 token; profiles with the app's bearer token; linking is OAuth 2 with PKCE.
 */

const API = 'https://api.x.com/2';
const AUTHORIZE = 'https://x.com/i/oauth2/authorize';
const SCOPES = 'tweet.read users.read follows.read offline.access';
/** A member following more than 20,000 accounts is not searched further: counted as not following. */
const MAX_FOLLOWING_PAGES = 20;

export interface XAdapter {
  hasFollowed(actor: { handle: string; accessToken: string | null }, target: string): Promise<boolean>;
  profile(target: string): Promise<SocialProfile | null>;
  loginUrl(state: string, callbackUrl: string): string;
  exchange(
    code: string,
    callbackUrl: string,
  ): Promise<{ handle: string; displayName: string; accessToken: string }>;
}

const isId = (s: string) => /^\d{1,25}$/.test(s);
const bare = (s: string) => s.trim().replace(/^@/, '');

export function xAdapter(env: NodeJS.ProcessEnv = process.env): XAdapter {
  const clientId = () => required(env, 'X_CLIENT_ID', 'twitter');
  const clientSecret = () => required(env, 'X_CLIENT_SECRET', 'twitter');
  // The exchange call is not given the state, so the PKCE verifier is derived from the secret and callback.
  const verifier = (callbackUrl: string) =>
    createHmac('sha256', clientSecret()).update(`pkce:${callbackUrl}`).digest('base64url');

  async function get(path: string, token: string, user: boolean): Promise<unknown> {
    const res = await platformFetch('twitter', `${API}${path}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (res.status === 401 || res.status === 403) {
      if (user) throw new PlatformAuthRejected('twitter');
      throw new PlatformOffline('twitter');
    }
    if (res.status === 404) return null;
    if (!res.ok) throw new PlatformOffline('twitter');
    return jsonOf('twitter', res);
  }

  return {
    async hasFollowed(actor, target) {
      if (!actor.accessToken) throw new PlatformAuthRejected('twitter');
      const me = await get(
        `/users/by/username/${encodeURIComponent(bare(actor.handle))}`,
        actor.accessToken,
        true,
      );
      const actorId = text(field(me, 'data', 'id'));
      if (!actorId) throw new PlatformAuthRejected('twitter');
      const wanted = bare(target).toLowerCase();
      let next: string | null = null;
      for (let page = 0; page < MAX_FOLLOWING_PAGES; page += 1) {
        const query = new URLSearchParams({ max_results: '1000', 'user.fields': 'username' });
        if (next) query.set('pagination_token', next);
        const answer = await get(`/users/${actorId}/following?${query}`, actor.accessToken, true);
        const users = field(answer, 'data');
        for (const u of Array.isArray(users) ? users : []) {
          if (isId(wanted) ? field(u, 'id') === wanted : text(field(u, 'username'))?.toLowerCase() === wanted)
            return true;
        }
        next = text(field(answer, 'meta', 'next_token'));
        if (!next) return false;
      }
      return false;
    },

    async profile(target) {
      const token = required(env, 'X_BEARER_TOKEN', 'twitter');
      const who = bare(target);
      const path = isId(who) ? `/users/${who}` : `/users/by/username/${encodeURIComponent(who)}`;
      const answer = await get(`${path}?user.fields=profile_image_url`, token, false);
      const username = text(field(answer, 'data', 'username'));
      if (!username) return null;
      return {
        handle: username,
        displayName: text(field(answer, 'data', 'name')) ?? username,
        imageUrl: text(field(answer, 'data', 'profile_image_url')),
      };
    },

    loginUrl(state, callbackUrl) {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: clientId(),
        redirect_uri: callbackUrl,
        scope: SCOPES,
        state,
        code_challenge: createHash('sha256').update(verifier(callbackUrl)).digest('base64url'),
        code_challenge_method: 'S256',
      });
      return `${AUTHORIZE}?${query}`;
    },

    async exchange(code, callbackUrl) {
      const res = await platformFetch('twitter', `${API}/oauth2/token`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Authorization: `Basic ${Buffer.from(`${clientId()}:${clientSecret()}`).toString('base64')}`,
        },
        body: new URLSearchParams({
          code,
          grant_type: 'authorization_code',
          redirect_uri: callbackUrl,
          code_verifier: verifier(callbackUrl),
        }),
      });
      const token = res.ok ? text(field(await jsonOf('twitter', res), 'access_token')) : null;
      if (!token) throw new Error('X did not accept the sign-in code.');
      const me = await get('/users/me', token, true);
      const username = text(field(me, 'data', 'username'));
      if (!username) throw new Error('X did not say which account signed in.');
      return {
        handle: username,
        displayName: text(field(me, 'data', 'name')) ?? username,
        accessToken: token,
      };
    },
  };
}
