import type { ImdbPage } from './types.js';
import {
  attr,
  findAll,
  findFirst,
  firstWithAttr,
  hasClass,
  jsonLd,
  metaContent,
  ownTextOf,
  readHtml,
  scriptJson,
  textOf,
  wholeNumber,
  withAttr,
  type HtmlElement,
  type HtmlPage,
} from './html-reader.js';
import { readImdbNextData, type ImdbNextFacts } from './imdb-next-data.js';

/**
 * The one IMDb page parser (D5.4, D9.2): it reads the real name and title pages of every layout
 * docs/integrations.md lists (I1-I5) and the simulated ones, which imitate the current layout. Each
 * fact is read from the page's own JSON first, then from the stable markup of the current layout,
 * then from the older layouts; never from generated class names.
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

/** Reads one page; null when it is not an IMDb name or title page (no name to be found). */
export function parseImdbPage(html: string, code: string): ImdbPage | null {
  const page = readHtml(html);
  const next = readImdbNextData(scriptJson(firstWithAttr(page, 'id', '__NEXT_DATA__')), code);
  const ld = jsonLd(page);
  const name = pageName(page, next, ld);
  if (!name) return null;
  const kind = code.startsWith('nm') ? 'person' : 'title';
  return {
    code,
    kind,
    name,
    runtimeMinutes: kind === 'title' ? runtime(page, next, ld) : null,
    credits: kind === 'person' ? (next.credits ?? creditsFromMarkup(page)) : {},
    starmeter: next.starmeter ?? meterFromMarkup(page),
    imageUrl:
      metaContent(page, 'og:image') ?? next.imageUrl ?? (typeof ld?.image === 'string' ? ld.image : null),
  };
}

const byTestId = (page: HtmlPage, id: string) => firstWithAttr(page, 'data-testid', id);

function pageName(page: HtmlPage, next: ImdbNextFacts, ld: Record<string, unknown> | null): string | null {
  for (const id of ['hero__primary-text', 'hero__pageTitle', 'hero-title-block__title']) {
    const hero = byTestId(page, id);
    const text = hero ? textOf(hero) : '';
    if (text) return text;
  }
  if (next.name) return next.name;
  // 2014-2020 layouts: <h1 itemprop="name">Title<span id="titleYear">…</span></h1> or <h1><span itemprop="name">.
  const named = findFirst(page, (el) => attr(el, 'itemprop') === 'name' && isInHeading(el));
  const fromH1 = named ? (named.tagName === 'h1' ? ownTextOf(named) : textOf(named)) : '';
  if (fromH1) return fromH1;
  if (typeof ld?.name === 'string' && ld.name.trim()) return ld.name.trim();
  const title = findFirst(page, (el) => el.tagName === 'title');
  const titleText = title ? textOf(title) : '';
  return /\s-\sIMDb$/.test(titleText) ? titleText.replace(/\s-\sIMDb$/, '') : null;
}

function isInHeading(el: HtmlElement): boolean {
  for (let node: HtmlElement['parentNode'] = el; node; node = 'parentNode' in node ? node.parentNode : null) {
    if ('tagName' in node && node.tagName === 'h1') return true;
  }
  return false;
}

/**
 * Minutes from "1h 52m", "1 hour 52 minutes", "112 min" or an ISO 8601 duration ("PT1H52M", "PT136M");
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

/**
 * The page's own runtime: its JSON, the technical specs ("2 hours 1 minute"), the JSON-LD duration,
 * the hero line ("1h 52m"), then the 2014-2020 layouts' first <time itemprop="duration"> (the one
 * beside the title; the videos' durations are <meta> tags and alternate cuts come after it).
 */
function runtime(page: HtmlPage, next: ImdbNextFacts, ld: Record<string, unknown> | null): number | null {
  if (next.runtimeMinutes !== null) return next.runtimeMinutes;
  const spec = byTestId(page, 'title-techspec_runtime');
  if (spec) {
    const value = findFirst(spec, (el) => hasClass(el, 'ipc-metadata-list-item__content-container'));
    const minutes = minutesFromText(value ? textOf(value) : textOf(spec).replace(/^Runtime/i, ''));
    if (minutes !== null) return minutes;
  }
  if (typeof ld?.duration === 'string') {
    const minutes = minutesFromText(ld.duration);
    if (minutes !== null) return minutes;
  }
  const heroLine = byTestId(page, 'hero-title-block__metadata');
  if (heroLine) {
    for (const item of withAttr(heroLine, 'role', 'presentation')) {
      const text = textOf(item);
      if (/^(?:\d+h(?:\s*\d+m)?|\d+m)$/.test(text)) return minutesFromText(text);
    }
  }
  const time = findFirst(page, (el) => el.tagName === 'time' && attr(el, 'itemprop') === 'duration');
  if (time) return minutesFromText(attr(time, 'datetime') ?? '') ?? minutesFromText(textOf(time));
  return null;
}

/**
 * Credits per category from the markup: the Credits accordion's headers ("Actor 91", previous and
 * upcoming projects added up), else the older filmography headings ("Actor (91 credits)").
 */
function creditsFromMarkup(page: HtmlPage): Record<string, number> {
  const out: Record<string, number> = {};
  const add = (category: string, n: number | null) => {
    if (n !== null) out[category] = (out[category] ?? 0) + n;
  };
  const header = /^accordion-item-([a-z_]+)-(?:previous|upcoming)-projects$/;
  for (const label of withAttr(page, 'data-testid', header)) {
    if (label.tagName !== 'label') continue;
    const category = header.exec(attr(label, 'data-testid') ?? '')?.[1];
    const count = findAll(label, (el) => hasClass(el, 'ipc-inline-list__item'))[1];
    if (category && count) add(category, wholeNumber(textOf(count)));
  }
  if (Object.keys(out).length > 0) return out;
  const heading = /^filmo-head-([a-z_]+)$/;
  for (const head of withAttr(page, 'id', heading)) {
    const category = heading.exec(attr(head, 'id') ?? '')?.[1];
    const count = /\((\d[\d,]*)\s+credits?\)/i.exec(textOf(head))?.[1];
    if (category && count) add(category, wholeNumber(count));
  }
  return out;
}

/**
 * The STARmeter (name pages) or MOVIEmeter popularity (title pages) from the markup: the hero's
 * popularity score, the 2015-2020 review bar's "Popularity 163", or the 2014 meter's rank when it
 * is a number (it reads "Top 500" or "SEE RANK" when the rank itself is for IMDbPro only).
 */
function meterFromMarkup(page: HtmlPage): number | null {
  const score = byTestId(page, 'hero-rating-bar__popularity__score');
  if (score) return wholeNumber(textOf(score));
  const bar = findFirst(
    page,
    (el) => hasClass(el, 'titleReviewBarSubItem') && /^Popularity\b/.test(textOf(el)),
  );
  const sub = bar ? findFirst(bar, (el) => hasClass(el, 'subText')) : null;
  const popularity = sub ? /^([\d,]+)/.exec(textOf(sub))?.[1] : undefined;
  if (popularity) return wholeNumber(popularity);
  const rank = firstWithAttr(page, 'id', 'meterRank');
  const rankText = rank ? textOf(rank) : '';
  return /^[\d,]+$/.test(rankText) ? wholeNumber(rankText) : null;
}
