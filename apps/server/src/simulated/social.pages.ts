import type { FastifyReply, FastifyRequest } from 'fastify';
import { HANDLE } from '../integrations/open-url.js';
import { html, readCookie, type SafeHtml } from './html.js';
import type { SocialPlatform } from './sim.repo.js';

/** What differs between the simulated X and Facebook: names, words and the sign-in cookie. */
export interface SocialSite {
  /** The path segment: /sim/x/…, /sim/facebook/… */
  segment: 'x' | 'facebook';
  platform: SocialPlatform;
  label: string;
  cookie: string;
  /** follow / like */
  verb: string;
  done: string;
  undo: string;
}

export const SOCIAL_SITES: readonly SocialSite[] = [
  {
    segment: 'x',
    platform: 'twitter',
    label: 'X',
    cookie: 'sim_twitter',
    verb: 'follow',
    done: 'Following',
    undo: 'Unfollow',
  },
  {
    segment: 'facebook',
    platform: 'facebook',
    label: 'Facebook',
    cookie: 'sim_facebook',
    verb: 'like',
    done: 'Liked',
    undo: 'Unlike',
  },
];

/** The account signed in on this simulated platform, from its cookie. */
export function signedIn(req: FastifyRequest, site: SocialSite): string | null {
  const handle = readCookie(req, site.cookie);
  return handle && HANDLE.test(handle) ? handle : null;
}

/** A return address after sign-in: only pages of the simulated internet (no open redirect). */
export function safeReturn(value: unknown, site: SocialSite): string {
  if (typeof value === 'string' && /^\/sim(?:\/[A-Za-z0-9_.~%?=&/-]*)?$/.test(value) && !value.includes('//'))
    return value;
  return `/sim/${site.segment}`;
}

export function seeOther(reply: FastifyReply, location: string): FastifyReply {
  return reply.code(303).header('Location', location).send();
}

export function siteBar(site: SocialSite): SafeHtml {
  return html`<header class="${site.segment === 'x' ? 'x-bar' : 'fb-bar'}">
    ${site.segment === 'x' ? '𝕏' : 'facebook'} <span class="sim-muted">simulated</span>
  </header>`;
}

/** "Signed in as …" with a sign-out button, or a sign-in link that comes back here. */
export function whoBar(site: SocialSite, me: string | null, here: string): SafeHtml {
  if (!me) {
    return html`<p class="social-who">
      <a class="sim-btn sim-btn--outline" href="/sim/${site.segment}/login?return=${encodeURIComponent(here)}"
        >Sign in to ${site.verb}</a
      >
      <span class="sim-muted">You are not signed in on the simulated ${site.label}.</span>
    </p>`;
  }
  return html`<form class="social-who" method="post" action="/sim/${site.segment}/logout">
    <span class="sim-muted"
      >Signed in on the simulated ${site.label} as
      <strong>${site.segment === 'x' ? '@' : ''}${me}</strong>.</span
    >
    <input type="hidden" name="return" value="${here}" />
    <button class="sim-btn sim-btn--link" type="submit">Sign out</button>
  </form>`;
}

/** The handle field of the simulated sign-in and consent forms. */
export function handleField(site: SocialSite, handle: string): SafeHtml {
  return html`<label for="handle">Your ${site.label} handle</label>
    <input
      id="handle"
      name="handle"
      type="text"
      value="${handle}"
      required
      maxlength="50"
      pattern="[A-Za-z0-9_.]{1,50}"
      autocomplete="username"
    />`;
}
