import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HANDLE } from '../integrations/open-url.js';
import { notFoundPage, sendPage, setSimCookie } from './html.js';
import * as repo from './sim.repo.js';
import {
  loginPage,
  profilePage,
  safeReturn,
  seeOther,
  signedIn,
  SOCIAL_SITES,
  type SocialSite,
} from './social.pages.js';

/**
 * The simulated X profiles and Facebook pages (D9.2): a Follow or Like button that the account
 * signed in on the simulated platform really clicks, which is what the verifier later checks.
 */

const handleParam = z.object({ handle: z.string().regex(HANDLE) });
const loginForm = z.object({ handle: z.string().trim().regex(HANDLE), return: z.string().optional() });

export function socialRoutes(app: FastifyInstance): void {
  for (const site of SOCIAL_SITES) siteRoutes(app, site);
}

function siteRoutes(app: FastifyInstance, site: SocialSite): void {
  const { db, clock } = app.deps;
  const base = `/sim/${site.segment}`;

  app.get(`${base}/login`, async (req, reply) => {
    const back = safeReturn((req.query as Record<string, unknown>).return, site);
    return sendPage(reply, loginPage(site, back, signedIn(req, site) ?? '', null));
  });

  app.post(`${base}/login`, async (req, reply) => {
    const form = loginForm.safeParse(req.body);
    const back = safeReturn((req.body as Record<string, unknown> | undefined)?.return, site);
    if (!form.success) {
      const error = 'A handle is 1 to 50 letters, digits, dots or underscores.';
      return sendPage(reply, loginPage(site, back, '', error), 400);
    }
    const account = await repo.signInAccount(db, site.platform, form.data.handle, clock.now());
    setSimCookie(reply, site.cookie, account.handle);
    return seeOther(reply, back);
  });

  app.post(`${base}/logout`, async (req, reply) => {
    setSimCookie(reply, site.cookie, null);
    return seeOther(reply, safeReturn((req.body as Record<string, unknown> | undefined)?.return, site));
  });

  app.get(`${base}/:handle`, async (req, reply) => {
    const params = handleParam.safeParse(req.params);
    const profile = params.success ? await repo.profile(db, site.platform, params.data.handle) : null;
    if (!profile)
      return notFoundPage(
        reply,
        site.segment,
        `This ${site.segment === 'x' ? 'account' : 'page'} doesn’t exist.`,
      );
    const me = signedIn(req, site);
    const active = me ? await repo.hasClicked(db, site.platform, me, profile.handle) : false;
    const here = `${base}/${encodeURIComponent(params.data?.handle ?? profile.handle)}`;
    return sendPage(reply, profilePage(site, profile, me, active, here));
  });

  app.post(`${base}/:handle/${site.verb}`, async (req, reply) => {
    const params = handleParam.safeParse(req.params);
    const profile = params.success ? await repo.profile(db, site.platform, params.data.handle) : null;
    if (!profile) return notFoundPage(reply, site.segment, 'There is nothing here to click.');
    const here = `${base}/${encodeURIComponent(params.data?.handle ?? profile.handle)}`;
    const me = signedIn(req, site);
    if (!me) return seeOther(reply, `${base}/login?return=${encodeURIComponent(here)}`);
    if (me.toLowerCase() !== profile.handle.toLowerCase()) {
      const account = await repo.signInAccount(db, site.platform, me, clock.now());
      await repo.toggleClick(db, {
        platform: site.platform,
        actor: account.handle,
        target: profile.handle,
        at: clock.now(),
      });
    }
    return seeOther(reply, here);
  });
}
