import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isInstagramHandle } from '../integrations/instagram.reader.js';
import { notFoundPage, sendPage, setSimCookie } from './html.js';
import { growthServicePage, INSTAGRAM_SITE, instagramMissingPage } from './instagram.pages.js';
import { instagramPage } from './instagram.site.js';
import { instagramPictureJpeg } from './sim.assets.js';
import * as repo from './sim.repo.js';
import { loginPage, safeReturn, seeOther, signedIn } from './social.pages.js';

/**
 * The simulated Instagram (D9.2, EX2, EX7): profiles with a Follow button that the account signed in
 * here really clicks (what the Exchange's follow check sees), their pictures, and the growth service
 * of the Exchange's promo (EX13).
 */

const handleParam = z.object({ handle: z.string().refine(isInstagramHandle) });
const loginForm = z.object({
  handle: z.string().trim().refine(isInstagramHandle),
  return: z.string().optional(),
});

export function instagramRoutes(app: FastifyInstance): void {
  const { db, clock, config } = app.deps;
  const site = INSTAGRAM_SITE;
  const base = '/sim/instagram';
  const here = (handle: string) => `${base}/${encodeURIComponent(handle)}`;

  app.get(`${base}/login`, async (req, reply) => {
    const back = safeReturn((req.query as Record<string, unknown>).return, site);
    return sendPage(reply, loginPage(site, back, signedIn(req, site) ?? '', null));
  });

  app.post(`${base}/login`, async (req, reply) => {
    const form = loginForm.safeParse(req.body);
    const back = safeReturn((req.body as Record<string, unknown> | undefined)?.return, site);
    if (!form.success) {
      const error = 'An Instagram handle is 1 to 30 letters, digits, dots or underscores.';
      return sendPage(reply, loginPage(site, back, '', error), 400);
    }
    // Instagram handles are one case: the account is the handle in lower case.
    const handle = form.data.handle.toLowerCase();
    const account = await repo.signInAccount(db, 'instagram', handle, clock.now());
    setSimCookie(reply, site.cookie, account.handle);
    return seeOther(reply, back);
  });

  app.post(`${base}/logout`, async (req, reply) => {
    setSimCookie(reply, site.cookie, null);
    return seeOther(reply, safeReturn((req.body as Record<string, unknown> | undefined)?.return, site));
  });

  app.get(`${base}/:handle`, async (req, reply) => {
    const params = handleParam.safeParse(req.params);
    if (!params.success) return sendPage(reply, instagramMissingPage(), 404);
    const handle = params.data.handle.toLowerCase();
    const found = await instagramPage(db, handle, { me: signedIn(req, site), here: here(handle) });
    return sendPage(reply, found.page, found.status);
  });

  app.get(`${base}/:handle/picture.jpg`, async (req, reply) => {
    const params = handleParam.safeParse(req.params);
    const profile = params.success ? await repo.profile(db, 'instagram', params.data.handle) : null;
    if (!profile) return reply.code(404).type('text/plain').send('There is no such picture.');
    return reply
      .type('image/jpeg')
      .header('Cache-Control', 'public, max-age=86400')
      .send(await instagramPictureJpeg(profile.handle));
  });

  app.post(`${base}/:handle/follow`, async (req, reply) => {
    const params = handleParam.safeParse(req.params);
    const profile = params.success ? await repo.profile(db, 'instagram', params.data.handle) : null;
    if (!profile) return notFoundPage(reply, 'instagram', 'There is nothing here to follow.');
    const page = here(profile.handle);
    const me = signedIn(req, site);
    if (!me) return seeOther(reply, `${base}/login?return=${encodeURIComponent(page)}`);
    if (me.toLowerCase() !== profile.handle.toLowerCase()) {
      const account = await repo.signInAccount(db, 'instagram', me.toLowerCase(), clock.now());
      await repo.toggleClick(db, {
        platform: 'instagram',
        actor: account.handle,
        target: profile.handle,
        at: clock.now(),
      });
    }
    return seeOther(reply, page);
  });

  // The promo's growth service (EX13): the page the embedded default names outside production.
  app.get('/sim/instagram-growth', async (_req, reply) =>
    sendPage(reply, growthServicePage(config.instagramPromo?.code ?? null)),
  );
}
