import { createHmac } from 'node:crypto';
import { field, jsonOf, platformFetch, PlatformAuthRejected, required, text } from './platform-fetch.js';
import { PlatformOffline, type SocialProfile } from './types.js';

/**
 * Facebook through the Graph API: a like is GET /{user-id}/likes/{page-id} with the member's token
 * (permission user_likes); pages are looked up with the app token; linking is the OAuth dialog.
 */

export const GRAPH = 'https://graph.facebook.com/v19.0';
const DIALOG = 'https://www.facebook.com/v19.0/dialog/oauth';

export interface FacebookAdapter {
  hasLiked(actor: { handle: string; accessToken: string | null }, target: string): Promise<boolean>;
  profile(target: string): Promise<SocialProfile | null>;
  loginUrl(state: string, callbackUrl: string): string;
  exchange(
    code: string,
    callbackUrl: string,
  ): Promise<{ handle: string; displayName: string; accessToken: string }>;
}

/** Graph error codes: 190 bad token, 10 and 200-299 missing permission, 100 and 803 no such object. */
const AUTH_CODES = new Set([190, 10, 102]);
const MISSING_CODES = new Set([100, 803]);

export function facebookAdapter(env: NodeJS.ProcessEnv = process.env): FacebookAdapter {
  const appId = () => required(env, 'FACEBOOK_APP_ID', 'facebook');
  const appSecret = () => required(env, 'FACEBOOK_APP_SECRET', 'facebook');

  /** GET on the Graph API; null when the object does not exist. */
  async function graph(path: string, params: Record<string, string>, userToken: boolean): Promise<unknown> {
    const token = params.access_token ?? '';
    // appsecret_proof ties user-token calls to this app, as Facebook recommends for servers.
    const query = new URLSearchParams(
      userToken
        ? { ...params, appsecret_proof: createHmac('sha256', appSecret()).update(token).digest('hex') }
        : params,
    );
    const res = await platformFetch('facebook', `${GRAPH}${path}?${query}`);
    const body = await jsonOf('facebook', res);
    if (res.ok) return body;
    const code = Number(field(body, 'error', 'code'));
    if (res.status === 404 || MISSING_CODES.has(code)) return null;
    if (userToken && (AUTH_CODES.has(code) || (code >= 200 && code < 300) || res.status === 401))
      throw new PlatformAuthRejected('facebook');
    throw new PlatformOffline('facebook');
  }

  const appToken = () => `${appId()}|${appSecret()}`;

  async function profile(target: string): Promise<SocialProfile | null> {
    const answer = await graph(
      `/${encodeURIComponent(target)}`,
      { fields: 'id,name,username,picture{url}', access_token: appToken() },
      false,
    );
    const id = text(field(answer, 'id'));
    if (!id) return null;
    return {
      handle: text(field(answer, 'username')) ?? id,
      displayName: text(field(answer, 'name')) ?? id,
      imageUrl: text(field(answer, 'picture', 'data', 'url')),
    };
  }

  return {
    profile,

    async hasLiked(actor, target) {
      if (!actor.accessToken) throw new PlatformAuthRejected('facebook');
      let pageId = target;
      if (!/^\d+$/.test(target)) {
        const page = await graph(
          `/${encodeURIComponent(target)}`,
          { fields: 'id', access_token: appToken() },
          false,
        );
        const id = text(field(page, 'id'));
        if (!id) return false;
        pageId = id;
      }
      const user = /^\d+$/.test(actor.handle) ? actor.handle : 'me';
      const answer = await graph(`/${user}/likes/${pageId}`, { access_token: actor.accessToken }, true);
      const likes = field(answer, 'data');
      return Array.isArray(likes) && likes.length > 0;
    },

    loginUrl(state, callbackUrl) {
      const query = new URLSearchParams({
        client_id: appId(),
        redirect_uri: callbackUrl,
        state,
        response_type: 'code',
        scope: 'public_profile,user_likes',
      });
      return `${DIALOG}?${query}`;
    },

    async exchange(code, callbackUrl) {
      const query = new URLSearchParams({
        client_id: appId(),
        client_secret: appSecret(),
        redirect_uri: callbackUrl,
        code,
      });
      const res = await platformFetch('facebook', `${GRAPH}/oauth/access_token?${query}`);
      const token = res.ok ? text(field(await jsonOf('facebook', res), 'access_token')) : null;
      if (!token) throw new Error('Facebook did not accept the sign-in code.');
      const me = await graph('/me', { fields: 'id,name', access_token: token }, true);
      const id = text(field(me, 'id'));
      if (!id) throw new Error('Facebook did not say which account signed in.');
      return { handle: id, displayName: text(field(me, 'name')) ?? id, accessToken: token };
    },
  };
}
