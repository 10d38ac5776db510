import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml, html, renderHtml, sendPage, SafeHtml } from '../platform/html.js';

export { escapeHtml, html, sendPage, SafeHtml };

export type SimSite = 'imdb' | 'x' | 'facebook' | 'instagram' | 'youtube' | 'index';

const SITE_LABEL: Record<SimSite, string> = {
  imdb: 'Simulated IMDb',
  x: 'Simulated X',
  facebook: 'Simulated Facebook',
  instagram: 'Simulated Instagram',
  youtube: 'Simulated YouTube',
  index: 'Simulated internet',
};

/** A whole page of the simulated internet, with the banner that says it is not the real site. */
export function simPage(opts: {
  site: SimSite;
  title: string;
  body: SafeHtml;
  head?: SafeHtml;
  /** The embedded player has no banner: the app's modal around it already says what it is. */
  bare?: boolean;
}): string {
  const banner = opts.bare
    ? ''
    : html`<div class="sim-banner" role="note">
        <strong>${SITE_LABEL[opts.site]}</strong> — offline stand-in used by Marquee.
        <a href="/sim">What is this?</a>
      </div>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(opts.title)}</title>
<link rel="stylesheet" href="/sim/assets/sim.css">
${opts.head ? opts.head.value : ''}
</head>
<body class="sim sim-${opts.site}${opts.bare ? ' sim-bare' : ''}">
${renderHtml(banner)}
${opts.body.value}
</body>
</html>
`;
}

export function notFoundPage(reply: FastifyReply, site: SimSite, what: string): FastifyReply {
  const body = html`<main class="sim-main sim-missing">
    <h1>404 Error</h1>
    <p>${what}</p>
    <p><a href="/sim">Back to the simulated internet</a></p>
  </main>`;
  return sendPage(reply, simPage({ site, title: 'Page not found', body }), 404);
}

/** Reads one cookie from the request (no cookie plugin: these are the only cookies the server reads). */
export function readCookie(req: FastifyRequest, name: string): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0) continue;
    if (pair.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(pair.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** Sets a cookie scoped to /sim: who is signed in on a simulated platform, never a Marquee login. */
export function setSimCookie(reply: FastifyReply, name: string, value: string | null): void {
  const attrs = 'Path=/sim; HttpOnly; SameSite=Lax';
  reply.header(
    'Set-Cookie',
    value === null
      ? `${name}=; ${attrs}; Max-Age=0`
      : `${name}=${encodeURIComponent(value)}; ${attrs}; Max-Age=${60 * 60 * 24 * 365}`,
  );
}
