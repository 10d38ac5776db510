import { escapeHtml, html, SafeHtml, simPage } from './html.js';
import { generatedNote } from './imdb.pages.js';
import { instagramPictureUrl } from './sim.assets.js';
import { whoBar, siteBar, type SimProfile, type SocialSite } from './social.pages.js';

/**
 * The simulated Instagram (D9.2, EX2, EX7): profile pages whose <head> carries the Open Graph tags
 * exactly as instagram.com writes them (docs/integrations.md I6), so that the one profile reader reads
 * both, with a Follow button for the account signed in on the simulated Instagram; the page Instagram
 * serves for a profile that does not exist; and the growth service of the Exchange's promo (EX13).
 */

export const INSTAGRAM_SITE: SocialSite = {
  segment: 'instagram',
  platform: 'instagram',
  label: 'Instagram',
  cookie: 'sim_instagram',
  verb: 'follow',
  done: 'Following',
  undo: 'Unfollow',
};

export interface InstagramCounts {
  followers: number;
  following: number;
  posts: number;
}

/**
 * Text of a meta tag as Instagram writes it since 2024: escaped, with `@`, `•` and `—` as the numeric
 * references `&#064;`, `&#x2022;` and `&#x2014;` (a browser, and parse5, read them back as characters).
 */
export function instagramAttr(text: string): SafeHtml {
  return new SafeHtml(
    escapeHtml(text).replace(/@/g, '&#064;').replace(/•/g, '&#x2022;').replace(/—/g, '&#x2014;'),
  );
}

const count = (n: number) => n.toLocaleString('en-US');

/** "Jane Doe (@janedoe) • Instagram photos and videos", as og:title says it. */
export function instagramTitle(profile: SimProfile): string {
  return `${profile.displayName} (@${profile.handle}) • Instagram photos and videos`;
}

/** "1,234 Followers, 56 Following, 78 Posts - See Instagram photos and videos from Jane Doe (@janedoe)". */
export function instagramDescription(profile: SimProfile, c: InstagramCounts): string {
  return `${count(c.followers)} Followers, ${count(c.following)} Following, ${count(c.posts)} Posts - See Instagram photos and videos from ${profile.displayName} (@${profile.handle})`;
}

/** The tags of a profile page's <head>, in Instagram's order and wording. */
function profileHead(profile: SimProfile, c: InstagramCounts): SafeHtml {
  const counts = `${count(c.followers)} Followers, ${count(c.following)} Following, ${count(c.posts)} Posts`;
  const description = profile.bio
    ? `${counts} - ${profile.displayName} (@${profile.handle}) on Instagram: "${profile.bio}"`
    : instagramDescription(profile, c);
  return new SafeHtml(`<meta property="og:type" content="profile" />
<meta property="og:image" content="${escapeHtml(instagramPictureUrl(profile.handle))}" />
<meta property="og:title" content="${instagramAttr(instagramTitle(profile)).value}" />
<meta property="og:url" content="https://www.instagram.com/${escapeHtml(profile.handle)}/" />
<meta property="og:description" content="${instagramAttr(instagramDescription(profile, c)).value}" />
<meta content="${instagramAttr(description).value}" name="description" />`);
}

/**
 * A profile with its Follow button: `me` is the account signed in on the simulated Instagram, `active`
 * whether it follows this profile already, `here` the page's address.
 */
export function instagramProfilePage(
  profile: SimProfile,
  counts: InstagramCounts,
  me: string | null,
  active: boolean,
  here: string,
): string {
  const site = INSTAGRAM_SITE;
  const isMe = me?.toLowerCase() === profile.handle.toLowerCase();
  const button = !me
    ? html``
    : isMe
      ? html`<span class="sim-muted">This is you.</span>`
      : html`<form method="post" action="${here}/follow">
          <button
            class="sim-btn ${active ? 'sim-btn--outline' : 'sim-btn--primary'}"
            type="submit"
            data-state="${active ? 'on' : 'off'}"
          >
            ${active ? `${site.done} · ${site.undo}` : 'Follow'}
          </button>
        </form>`;
  return simPage({
    site: 'instagram',
    // Instagram's own <title> writes the @ as a reference too; the text is the same.
    title: `${profile.displayName} (@${profile.handle}) • Instagram photos and videos`,
    head: profileHead(profile, counts),
    body: html`${siteBar(site)}
      <main class="sim-main">
        ${generatedNote('generated' in profile)}
        <section class="sim-card ig-profile">
          <img src="${instagramPictureUrl(profile.handle)}" alt="" width="150" height="150" />
          <div>
            <h1>${profile.handle}</h1>
            ${button}
            <ul class="ig-counts">
              <li><strong>${count(counts.posts)}</strong> posts</li>
              <li>
                <strong data-followers="${counts.followers}">${count(counts.followers)}</strong> followers
              </li>
              <li><strong>${count(counts.following)}</strong> following</li>
            </ul>
            <p class="ig-name">${profile.displayName}</p>
            ${profile.bio ? html`<p>${profile.bio}</p>` : ''}
          </div>
        </section>
        ${whoBar(site, me, here)}
      </main>`,
  });
}

/**
 * What instagram.com serves for a profile that does not exist: its generic tags (og:title
 * "Instagram", no counts), so the reader finds no profile there (EX2 answers it as the ")" title).
 */
export function instagramMissingPage(): string {
  return simPage({
    site: 'instagram',
    title: 'Page not found • Instagram',
    head: new SafeHtml(`<meta property="og:site_name" content="Instagram" />
<meta property="og:title" content="Instagram" />
<meta property="og:url" content="https://instagram.com/" />`),
    body: html`${siteBar(INSTAGRAM_SITE)}
      <main class="sim-main sim-missing">
        <h1>Sorry, this page isn't available.</h1>
        <p>
          The link you followed may be broken, or the page may have been removed.
          <a href="/sim">Go back to the simulated internet.</a>
        </p>
      </main>`,
  });
}

/** The Instagram growth service the Exchange's promo names by default outside production (EX13). */
export function growthServicePage(code: string | null): string {
  return simPage({
    site: 'instagram',
    title: 'InstaRise (simulated) - grow your Instagram',
    body: html`<main class="sim-main">
      <section class="sim-card ig-promo">
        <h1>InstaRise</h1>
        <p class="sim-muted">A simulated Instagram growth service: nothing is sold here.</p>
        <p>
          Real followers who care about film and television, found by hand. Plans from $15 a month, cancel at
          any time.
        </p>
        ${
          code
            ? html`<p>Marquee members save 15% with the code <code>${code}</code> at checkout.</p>`
            : html`<p>Marquee members save 15% with the code shown on the Exchange.</p>`
        }
      </section>
    </main>`,
  });
}
