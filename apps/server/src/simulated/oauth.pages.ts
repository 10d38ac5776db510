import { html, simPage } from './html.js';
import { handleField, siteBar, type SocialSite } from './social.pages.js';

/** The simulated OAuth consent page and the page a link that does not come back to Marquee gets. */

/** What the consent link carries through the form: Marquee's state and its callback as given. */
export interface ConsentQuery {
  state: string;
  redirect_uri: string;
}

/** `redirect` is the checked callback path; Cancel goes back to it with `error=access_denied`. */
export function consentPage(
  site: SocialSite,
  query: ConsentQuery,
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

export function badLinkPage(site: SocialSite): string {
  const body = html`${siteBar(site)}
    <main class="sim-main sim-missing">
      <h1>This sign-in link is not valid</h1>
      <p>It does not come back to Marquee. Start linking again from Marquee.</p>
    </main>`;
  return simPage({ site: site.segment, title: 'Invalid sign-in link', body });
}
