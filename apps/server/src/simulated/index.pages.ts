import { html, simPage } from './html.js';
import type { simImdbPages, simProfiles, simVideos } from './simulated.tables.js';

/** The front page of the simulated internet at /sim: what it is, and a few pages of each kind. */

/** A few pages, profiles and videos of the catalogue. */
export interface SimSamples {
  pages: (typeof simImdbPages.$inferSelect)[];
  profiles: (typeof simProfiles.$inferSelect)[];
  videos: (typeof simVideos.$inferSelect)[];
}

export function simIndexPage({ pages, profiles, videos }: SimSamples): string {
  const link = (href: string, text: string) => html`<li><a href="${href}">${text}</a></li>`;
  return simPage({
    site: 'index',
    title: 'Simulated internet - Marquee',
    body: html`<main class="sim-main sim-index">
      <h1>Marquee's simulated internet</h1>
      <p>
        Marquee's listings point at IMDb, X, Facebook, Instagram and YouTube, none of which this installation
        can reach. While <code>PLATFORM_MODE=simulated</code> (the default), Start opens these stand-in pages
        instead: IMDb pages with runtimes, credit counts and a STARmeter; profiles with a Follow or Like
        button; videos that play for a set time. What you click here is what Marquee verifies.
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
      <h2>Instagram profiles</h2>
      <p>
        Every Instagram handle opens a profile at <code>/sim/instagram/{handle}</code>, with the Open Graph
        tags instagram.com writes and a Follow button: the Exchange's follow swaps check these follows.
        <a href="/sim/instagram/login">Sign in on the simulated Instagram</a> as the handle of your listing
        before you follow.
      </p>
      <h2>Videos</h2>
      <ul class="sim-list">
        ${videos.map((v) => link(`/sim/youtube/watch?v=${v.id}`, v.title))}
      </ul>
    </main>`,
  });
}
