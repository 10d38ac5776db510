import { escapeHtml } from './html.js';

/**
 * Characters no address holds but that change how text reads: zero-width characters and the
 * direction controls (embeddings, overrides, isolates). A link stops at one, so its text always
 * reads as the address it opens (a right-to-left override inside a link could show another).
 */
const INVISIBLE = '\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u2064\\u2066-\\u2069\\uFEFF';

/** http(s) addresses and www. addresses in member text; stops before trailing punctuation. */
const LINK = new RegExp(
  `\\b(?:https?:\\/\\/|www\\.)[^\\s<>"'${INVISIBLE}]+[^\\s<>"'.,;:!?)\\]}${INVISIBLE}]`,
  'gi',
);

/**
 * Member text as HTML with links only (D8.1): everything is escaped, http(s) and www. addresses
 * become links that open in a new tab, line breaks become <br>. Nothing the member typed can
 * become markup, script or another kind of link (javascript:, data:).
 */
export function linksOnlyHtml(text: string): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(LINK)) {
    const start = m.index;
    out += escapeHtml(text.slice(last, start));
    const shown = m[0];
    const href = shown.toLowerCase().startsWith('www.') ? `https://${shown}` : shown;
    out += `<a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer nofollow">${escapeHtml(shown)}</a>`;
    last = start + shown.length;
  }
  out += escapeHtml(text.slice(last));
  return out.replace(/\r?\n/g, '<br>');
}
