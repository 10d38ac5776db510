import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HANDLE } from '../integrations/open-url.js';
import { html, sendPage, setSimCookie, simPage } from './html.js';
import * as repo from './sim.repo.js';
import { handleField, seeOther, signedIn, siteBar, SOCIAL_SITES, type SocialSite } from './social.pages.js';

/**
 * The simulated OAuth consent page: the member picks the account they act as, and it goes back to
 * Marquee's authenticate call with a one-time code that the simulated linker exchanges.
 */

const CALLBACK_PREFIX = '/v4/operations/authenticate/';

const consentQuery = z.object({
  state: z.string().min(1).max(300),
  redirect_uri: z.string().min(1).max(500),
});
const consentForm = consentQuery.extend({ handle: z.string().trim().regex(HANDLE) });

/**
 * The callback as a same-site path under /v4/operations/authenticate/, or null: never anywhere
 * else (no open redirect). An absolute URL is accepted only on the site's own origin.
 */
export function allowedRedirect(uri: string, publicUrl: string): string | null {
  let url: URL;
  try {
    const own = new URL(publicUrl);
    if (uri.startsWith('/') && !uri.startsWith('//') && !uri.includes('\\')) url = new URL(uri, own);
    else {
      url = new URL(uri);
      if (url.origin !== own.origin) return null;
    }
  } catch {
    return null;
  }
  const path = `${url.pathname}${url.search}`;
  return url.pathname.startsWith(CALLBACK_PREFIX) && !path.includes('//') ? path : null;
}

export function oauthRoutes(app: FastifyInstance): void {
  for (const site of SOCIAL_SITES) consentRoutes(app, site);
}

function consentRoutes(app: FastifyInstance, site: SocialSite): void {
  const { db, clock, config } = app.deps;
  const path = `/sim/${site.segment}/oauth/authorize`;

  app.get(path, async (req, reply) => {
    const query = consentQuery.safeParse(req.query);
    const redirect = query.success ? allowedRedirect(query.data.redirect_uri, config.publicUrl) : null;
    if (!query.success || !redirect) return sendPage(reply, badLinkPage(site), 400);
    return sendPage(reply, consentPage(site, query.data, redirect, signedIn(req, site) ?? '', null));
  });

  app.post(path, async (req, reply) => {
    const form = consentForm.safeParse(req.body);
    const raw = consentQuery.safeParse(req.body);
    const redirect = raw.success ? allowedRedirect(raw.data.redirect_uri, config.publicUrl) : null;
    if (!raw.success || !redirect) return sendPage(reply, badLinkPage(site), 400);
    if (!form.success) {
      const error = 'A handle is 1 to 50 letters, digits, dots or underscores.';
      return sendPage(reply, consentPage(site, raw.data, redirect, '', error), 400);
    }
    const now = clock.now();
    const account = await repo.signInAccount(db, site.platform, form.data.handle, now);
    setSimCookie(reply, site.cookie, account.handle);
    const code = await repo.createOauthCode(db, site.platform, account.handle, now);
    const back = new URLSearchParams({ code, state: form.data.state });
    return seeOther(reply, `${redirect}${redirect.includes('?') ? '&' : '?'}${back}`);
  });
}

function consentPage(
  site: SocialSite,
  query: z.infer<typeof consentQuery>,
  redirect: string,
  handle: string,
  error: string | null,
): string {
  const cancel = `${redirect}${redirect.includes('?') ? '&' : '?'}${new URLSearchParams({ error: 'access_denied', state: query.state })}`;
  const body = html`${siteBar(site)}
    <main class="sim-main">
      <section class="sim-card">
        <h1>Marquee wants to access your ${site.label} account</h1>
        <p>
          Marquee will see your handle and check the
          ${site.segment === 'x' ? 'accounts you follow' : 'pages you like'}, to credit the ${site.verb}s you
          make for points.
        </p>
        <p class="sim-muted">
          This is the simulated ${site.label}: no password is asked. Type the handle you ${site.verb} with on
          this simulated site.
        </p>
        ${error ? html`<p class="sim-error" role="alert">${error}</p>` : ''}
        <form class="sim-form" method="post" action="/sim/${site.segment}/oauth/authorize">
          ${handleField(site, handle)}
          <input type="hidden" name="state" value="${query.state}" />
          <input type="hidden" name="redirect_uri" value="${query.redirect_uri}" />
          <p>
            <button class="sim-btn sim-btn--primary" type="submit">Authorize Marquee</button>
            <a class="sim-btn sim-btn--link" href="${cancel}">Cancel</a>
          </p>
        </form>
      </section>
    </main>`;
  return simPage({ site: site.segment, title: `Authorize Marquee – ${site.label}`, body });
}

function badLinkPage(site: SocialSite): string {
  const body = html`${siteBar(site)}
    <main class="sim-main sim-missing">
      <h1>This sign-in link is not valid</h1>
      <p>It does not come back to Marquee. Start linking again from Marquee.</p>
    </main>`;
  return simPage({ site: site.segment, title: 'Invalid sign-in link', body });
}
