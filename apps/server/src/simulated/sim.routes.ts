import type { FastifyInstance } from 'fastify';
import { IMDB_CODE } from '../integrations/imdb-page.parser.js';
import { notFoundPage, sendPage } from './html.js';
import { renderImdbPage } from './imdb.pages.js';
import { simIndexPage } from './index.pages.js';
import { instagramRoutes } from './instagram.routes.js';
import { oauthRoutes } from './oauth.routes.js';
import { simAssetRoutes } from './sim.assets.js';
import * as repo from './sim.repo.js';
import { socialRoutes } from './social.routes.js';
import { youtubeRoutes } from './youtube.routes.js';

/**
 * The simulated internet of D9.2, served under /sim/ while PLATFORM_MODE=simulated: IMDb pages,
 * X profiles, Facebook pages, Instagram profiles, YouTube videos and their OAuth consent pages, from
 * the seeded catalogue.
 */
export function simulatedRoutes(app: FastifyInstance): void {
  const { db } = app.deps;
  simAssetRoutes(app);

  for (const kind of ['name', 'title'] as const) {
    app.get(`/sim/imdb/${kind}/:code`, async (req, reply) => {
      const code = (req.params as { code: string }).code;
      const wanted = kind === 'name' ? 'nm' : 'tt';
      const page = IMDB_CODE.test(code) && code.startsWith(wanted) ? await repo.imdbPage(db, code) : null;
      if (!page) return notFoundPage(reply, 'imdb', 'The requested URL was not found on our server.');
      return sendPage(reply, renderImdbPage(page));
    });
  }

  app.get('/sim', async (_req, reply) => sendPage(reply, simIndexPage(await repo.samples(db, 4))));

  socialRoutes(app);
  instagramRoutes(app);
  oauthRoutes(app);
  youtubeRoutes(app);
}
