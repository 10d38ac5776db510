import type { ImdbPage } from './types.js';
import {
  findElements,
  firstElement,
  hasClass,
  jsonLd,
  metaContent,
  textOf,
  wholeNumber,
} from './html-reader.js';

/**
 * The one IMDb page parser (D5.4, D9.2): it reads the real name and title pages and the simulated
 * ones, which are rendered in the same structure. It relies on IMDb's stable `data-testid`s, the
 * meta tags and the JSON-LD block, never on generated class names.
 */

export const IMDB_CODE = /^(nm|tt)\d{5,10}$/;

/** The nm…/tt… code of an IMDb name or title URL, or null. */
export function imdbCodeOf(url: string): string | null {
  const m =
    /^(?:https?:\/\/)?(?:(?:www|m)\.)?imdb\.com\/(?:[a-z]{2}(?:-[a-z]{2})?\/)?(?:name|title)\/((?:nm|tt)\d{5,10})(?:[/?#]|$)/i.exec(
      url.trim(),
    );
  return m ? (m[1] ?? '').toLowerCase() : null;
}

/** Reads one page; null when it is not an IMDb name or title page (no title to be found). */
export function parseImdbPage(html: string, code: string): ImdbPage | null {
  const ld = jsonLd(html);
  const name = pageName(html, ld);
  if (!name) return null;
  const kind = code.startsWith('nm') ? 'person' : 'title';
  return {
    code,
    kind,
    name,
    runtimeMinutes: kind === 'title' ? runtime(html, ld) : null,
    credits: kind === 'person' ? credits(html) : {},
    starmeter: starmeter(html),
    imageUrl: metaContent(html, 'og:image') ?? (typeof ld?.image === 'string' ? ld.image : null),
  };
}

function pageName(html: string, ld: Record<string, unknown> | null): string | null {
  const hero =
    firstElement(html, 'data-testid', 'hero__primary-text') ??
    firstElement(html, 'data-testid', 'hero__pageTitle');
  const fromHero = hero ? textOf(hero.inner) : '';
  if (fromHero) return fromHero;
  if (typeof ld?.name === 'string' && ld.name.trim()) return ld.name.trim();
  const title = /<title>([\s\S]*?)<\/title>/i.exec(html);
  const fromTitle = title ? textOf(title[1] ?? '').replace(/\s*-\s*IMDb\s*$/i, '') : '';
  return fromTitle || null;
}

/**
 * Minutes from "1h 52m", "1 hour 52 minutes", "112 min" or an ISO 8601 duration ("PT1H52M");
 * null when the text holds no time.
 */
export function minutesFromText(text: string): number | null {
  const iso = /^P(?:\d+D)?T(?:(\d+)H)?(?:(\d+)M)?(?:\d+S)?$/i.exec(text.trim());
  if (iso && (iso[1] || iso[2])) return Number(iso[1] ?? 0) * 60 + Number(iso[2] ?? 0);
  const hours = /(\d+)\s*(?:hours?|hrs?|h)(?![a-z])/i.exec(text);
  const minutes = /(\d+)\s*(?:minutes?|mins?|m)(?![a-z])/i.exec(text);
  if (!hours && !minutes) return null;
  return Number(hours?.[1] ?? 0) * 60 + Number(minutes?.[1] ?? 0);
}

/** Technical specs first (the fullest), then the JSON-LD duration, then the hero line ("1h 52m"). */
function runtime(html: string, ld: Record<string, unknown> | null): number | null {
  const spec = firstElement(html, 'data-testid', 'title-techspec_runtime');
  if (spec) {
    const value = firstElement(spec.inner, 'class', hasClass('ipc-metadata-list-item__content-container'));
    const minutes = minutesFromText(textOf(value ? value.inner : spec.inner.replace(/Runtime/i, '')));
    if (minutes !== null) return minutes;
  }
  if (typeof ld?.duration === 'string') {
    const minutes = minutesFromText(ld.duration);
    if (minutes !== null) return minutes;
  }
  const heroLine = firstElement(html, 'data-testid', 'hero-title-block__metadata');
  for (const item of heroLine ? findElements(heroLine.inner, 'role', 'presentation') : []) {
    const text = textOf(item.inner);
    if (/^(?:\d+h(?:\s*\d+m)?|\d+m)$/.test(text)) return minutesFromText(text);
  }
  return null;
}

/**
 * Credits per category from the Credits section's accordion headers ("Actor 91"), previous and
 * upcoming projects added up; the older filmography layout ("Actor (91 credits)") as a fallback.
 */
function credits(html: string): Record<string, number> {
  const out: Record<string, number> = {};
  const add = (category: string, n: number | null) => {
    if (n === null) return;
    const key = category.toLowerCase();
    out[key] = (out[key] ?? 0) + n;
  };
  for (const header of findElements(
    html,
    'data-testid',
    /accordion-item-[a-z_]+-(?:previous|upcoming)-projects/,
  )) {
    if (header.tag !== 'label') continue;
    const category = /data-testid=["']accordion-item-([a-z_]+)-(?:previous|upcoming)-projects/.exec(
      header.attrs,
    )?.[1];
    const items = findElements(header.inner, 'class', hasClass('ipc-inline-list__item'));
    const count = items[1];
    if (category && count) add(category, wholeNumber(textOf(count.inner)));
  }
  if (Object.keys(out).length > 0) return out;
  for (const head of findElements(html, 'id', /filmo-head-[a-z_]+/)) {
    const category = /id=["']filmo-head-([a-z_]+)/.exec(head.attrs)?.[1];
    const count = /\((\d[\d,]*)\s+credits?\)/i.exec(textOf(head.inner));
    if (category && count) add(category, wholeNumber(count[1] ?? ''));
  }
  return out;
}

/** The STARmeter (name pages) or popularity rank (title pages), when the page shows one. */
function starmeter(html: string): number | null {
  const score = firstElement(html, 'data-testid', 'hero-rating-bar__popularity__score');
  return score ? wholeNumber(textOf(score.inner)) : null;
}
