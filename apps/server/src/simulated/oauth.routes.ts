import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HANDLE } from '../integrations/open-url.js';
import { sendPage, setSimCookie } from './html.js';
import { badLinkPage, consentPage } from './oauth.pages.js';
import * as repo from './sim.repo.js';
import { seeOther, signedIn, SOCIAL_SITES, type SocialSite } from './social.pages.js';

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
