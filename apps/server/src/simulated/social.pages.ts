import type { FastifyReply, FastifyRequest } from 'fastify';
import { HANDLE } from '../integrations/open-url.js';
import { html, readCookie, simPage, type SafeHtml } from './html.js';
import { generatedNote } from './imdb.pages.js';
import { generatedAvatarUrl } from './sim.assets.js';
import type { GeneratedProfile } from './generated.js';
import type { SocialPlatform } from './sim.repo.js';
import type { simProfiles } from './simulated.tables.js';

/** What differs between the simulated X and Facebook: names, words and the sign-in cookie. */
export interface SocialSite {
  /** The path segment: /sim/x/…, /sim/facebook/…, /sim/instagram/… */
  segment: 'x' | 'facebook' | 'instagram';
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

const BAR: Record<SocialSite['segment'], [className: string, mark: string]> = {
  x: ['x-bar', '𝕏'],
  facebook: ['fb-bar', 'facebook'],
  instagram: ['ig-bar', 'Instagram'],
};

export function siteBar(site: SocialSite): SafeHtml {
  const [className, mark] = BAR[site.segment];
  return html`<header class="${className}">${mark} <span class="sim-muted">simulated</span></header>`;
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
      <strong>${site.segment === 'facebook' ? '' : '@'}${me}</strong>.</span
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

/** A profile or page of the catalogue, or one made up from its handle. */
export type SimProfile = typeof simProfiles.$inferSelect | GeneratedProfile;

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * An X profile or Facebook page with its Follow or Like button; `me` is the account signed in on
 * the simulated platform, `active` whether it already follows or likes, `here` the page's address.
 */
export function profilePage(
  site: SocialSite,
  profile: SimProfile,
  me: string | null,
  active: boolean,
  here: string,
): string {
  const isMe = me?.toLowerCase() === profile.handle.toLowerCase();
  const button = !me
    ? html``
    : isMe
      ? html`<p class="sim-muted">This is you.</p>`
      : html`<form method="post" action="${here}/${site.verb}">
          <button
            class="sim-btn ${active ? 'sim-btn--outline' : 'sim-btn--primary'}"
            type="submit"
            data-state="${active ? 'on' : 'off'}"
          >
            ${active ? `${site.done} · ${site.undo}` : capital(site.verb)}
          </button>
        </form>`;
  return simPage({
    site: site.segment,
    title: `${profile.displayName} on ${site.label}`,
    body: html`${siteBar(site)}
      <main class="sim-main">
        ${generatedNote('generated' in profile)}
        <section class="sim-card social-card">
          <img
            src="${'generated' in profile ? generatedAvatarUrl(profile.handle) : '/sim/assets/avatar.svg'}"
            alt=""
            width="96"
            height="96"
          />
          <div>
            <h1>${profile.displayName}</h1>
            <p class="sim-muted">${site.segment === 'x' ? '@' : 'facebook.com/'}${profile.handle}</p>
            ${profile.bio ? html`<p>${profile.bio}</p>` : ''} ${button}
          </div>
        </section>
        ${whoBar(site, me, here)}
      </main>`,
  });
}

export function loginPage(site: SocialSite, back: string, handle: string, error: string | null): string {
  const body = html`${siteBar(site)}
    <main class="sim-main">
      <section class="sim-card">
        <h1>Sign in to the simulated ${site.label}</h1>
        <p class="sim-muted">
          No password: this is the offline stand-in. Type the handle of the account you act as; it is made the
          first time.
        </p>
        ${error ? html`<p class="sim-error" role="alert">${error}</p>` : ''}
        <form class="sim-form" method="post" action="/sim/${site.segment}/login">
          ${handleField(site, handle)}
          <input type="hidden" name="return" value="${back}" />
          <p><button class="sim-btn sim-btn--primary" type="submit">Sign in</button></p>
        </form>
      </section>
    </main>`;
  return simPage({ site: site.segment, title: `Sign in to ${site.label}`, body });
}
