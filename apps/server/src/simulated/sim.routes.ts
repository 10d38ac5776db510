import type { FastifyInstance } from 'fastify';
import { IMDB_CODE } from '../integrations/imdb-page.parser.js';
import { html, notFoundPage, sendPage, simPage } from './html.js';
import { renderImdbPage } from './imdb.pages.js';
import { oauthRoutes } from './oauth.routes.js';
import { simAssetRoutes } from './sim.assets.js';
import * as repo from './sim.repo.js';
import { socialRoutes } from './social.routes.js';
import { youtubeRoutes } from './youtube.routes.js';

/**
 * The simulated internet of D9.2, served under /sim/ while PLATFORM_MODE=simulated: IMDb pages,
 * X profiles, Facebook pages, YouTube videos and their OAuth consent pages, from the seeded catalogue.
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

  app.get('/sim', async (_req, reply) => {
    const { pages, profiles, videos } = await repo.samples(db, 4);
    const link = (href: string, text: string) => html`<li><a href="${href}">${text}</a></li>`;
    const body = html`<main class="sim-main sim-index">
      <h1>Marquee's simulated internet</h1>
      <p>
        Marquee's listings point at IMDb, X, Facebook and YouTube, none of which this installation can reach.
        While <code>PLATFORM_MODE=simulated</code> (the default), Start opens these stand-in pages instead:
        IMDb pages with runtimes, credit counts and a STARmeter; profiles with a Follow or Like button; videos
        that play for a set time. What you click here is what Marquee verifies.
      </p>
      <p>
        Any other well-formed address opens a page made up from its id (an IMDb name or title such as
        <code>/sim/imdb/name/nm1234567/</code>, an X handle, a YouTube video id), the same on every visit, so
        that you can list your own pages. Facebook pages are only the ones below.
      </p>
      <h2>IMDb pages</h2>
      <ul class="sim-list">
        ${pages.map((p) => link(`/sim/imdb/${p.kind === 'person' ? 'name' : 'title'}/${p.code}/`, p.name))}
      </ul>
      <h2>X profiles and Facebook pages</h2>
      <ul class="sim-list">
        ${profiles
          .filter((p) => p.platform !== 'instagram')
          .map((p) =>
            link(
              `/sim/${p.platform === 'twitter' ? 'x' : 'facebook'}/${p.handle}`,
              `${p.displayName} (${p.platform === 'twitter' ? 'X' : 'Facebook'})`,
            ),
          )}
      </ul>
      <p>
        <a href="/sim/x/login">Sign in on the simulated X</a> ·
        <a href="/sim/facebook/login">Sign in on the simulated Facebook</a>
      </p>
      <h2>Videos</h2>
      <ul class="sim-list">
        ${videos.map((v) => link(`/sim/youtube/watch?v=${v.id}`, v.title))}
      </ul>
    </main>`;
    return sendPage(reply, simPage({ site: 'index', title: 'Simulated internet - Marquee', body }));
  });

  socialRoutes(app);
  oauthRoutes(app);
  youtubeRoutes(app);
}
