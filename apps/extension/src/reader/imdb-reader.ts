/**
 * Reads the number an IMDb card asks for from the page in front of it, as a person reads it
 * (D15.1, docs/domain.md PX5): the text the page shows, never the data in its scripts. It reads the
 * real pages' layouts of 2014-2023 and the simulated pages (which imitate the current one), the
 * same way on both. A page it cannot read is left unanswered rather than guessed.
 */

export type Ask = { kind: 'runtime' } | { kind: 'credits'; category: string } | { kind: 'starmeter' };

export type ReadOutcome =
  | { found: true; value: number; seen: string }
  /** 'not-imdb': no IMDb page is shown (yet); 'no-number': the page shows no such number. */
  | { found: false; why: 'not-imdb' | 'no-number' };

/** What a listing's card asks (the server's question, contract earn `imdbQuestion`). */
export function askOf(listing: {
  imdb_type: 'person' | 'title' | null;
  test_cat: string | null;
  pro_view: boolean;
}): Ask {
  if (listing.pro_view) return { kind: 'starmeter' };
  if (listing.imdb_type === 'title') return { kind: 'runtime' };
  return { kind: 'credits', category: (listing.test_cat ?? 'actor').toLowerCase().replace(/\s+/g, '_') };
}

const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** A whole number as pages write them: "1,234" is 1234; anything with no digits is null. */
export function wholeNumberOf(value: string): number | null {
  const m = /\d[\d,]*/.exec(value);
  return m ? Number(m[0].replace(/,/g, '')) : null;
}

/** Minutes from "2h 16m", "2 hours 16 minutes", "136 min" or "1h 38min"; null when there is no time. */
export function minutesOf(value: string): number | null {
  const hours = /(\d+)\s*(?:hours?|hrs?|h)(?![a-z])/i.exec(value);
  const minutes = /(\d+)\s*(?:minutes?|mins?|m)(?![a-z])/i.exec(value);
  if (!hours && !minutes) return null;
  return Number(hours?.[1] ?? 0) * 60 + Number(minutes?.[1] ?? 0);
}

/** "Camera Department" for 'camera_department': how the page names a category. */
export function categoryWords(category: string): string {
  return category
    .split('_')
    .filter(Boolean)
    .map((w) => (w[0] as string).toUpperCase() + w.slice(1))
    .join(' ');
}

/** The name heading of an IMDb title or name page, in any of the layouts: the page is there. */
function pageHeading(doc: Document): Element | null {
  return (
    doc.querySelector('[data-testid="hero__pageTitle"], [data-testid="hero-title-block__title"]') ??
    doc.querySelector('h1[itemprop="name"], h1 [itemprop="name"], .title_wrapper h1, h1.header') ??
    null
  );
}

export function readImdbAnswer(doc: Document, ask: Ask): ReadOutcome {
  if (!pageHeading(doc)) return { found: false, why: 'not-imdb' };
  const read =
    ask.kind === 'runtime'
      ? readRuntime(doc)
      : ask.kind === 'starmeter'
        ? readMeter(doc)
        : readCredits(doc, ask);
  return read ?? { found: false, why: 'no-number' };
}

/**
 * The running time, as a person finds it: the technical specs' "Runtime", the line under the title
 * ("2h 16m"), or the older layouts' time beside the title. A page whose technical specs (or whose
 * line under the title) are there without a runtime lists none, and is answered 0 as the card asks;
 * a page that shows neither is left unanswered: its runtime may simply not have been found (PX5).
 */
function readRuntime(doc: Document): ReadOutcome | null {
  const spec = doc.querySelector('[data-testid="title-techspec_runtime"]');
  if (spec) {
    const value = spec.querySelector('.ipc-metadata-list-item__content-container');
    const seen = text(value) || text(spec).replace(/^Runtime\s*/i, '');
    const minutes = minutesOf(seen);
    if (minutes !== null) return { found: true, value: minutes, seen: `Runtime ${seen}` };
  }
  const line = doc.querySelector('[data-testid="hero-title-block__metadata"]');
  for (const item of Array.from(line?.querySelectorAll('li') ?? [])) {
    const seen = text(item);
    if (/^(?:\d+h(?:\s*\d+m)?|\d+m)$/.test(seen)) return { found: true, value: minutesOf(seen) ?? 0, seen };
  }
  // 2014-2020: the first duration shown beside the title ("136 min"); alternate cuts come after it.
  const time = Array.from(doc.querySelectorAll('time[itemprop="duration"]')).find((el) => text(el) !== '');
  const minutes = time ? minutesOf(text(time)) : null;
  if (time && minutes !== null) return { found: true, value: minutes, seen: text(time) };
  const specsShown = doc.querySelector(
    '[data-testid="title-techspecs-section"], [data-testid="hero-title-block__metadata"], #titleDetails',
  );
  return specsShown ? { found: true, value: 0, seen: 'No runtime listed' } : null;
}

/**
 * The STARmeter (a name page) or MOVIEmeter (a title page): the number beside the title, or the
 * older review bar's "Popularity 163" and meter rank. "Top 500" is no number.
 */
function readMeter(doc: Document): ReadOutcome | null {
  const score = doc.querySelector('[data-testid="hero-rating-bar__popularity__score"]');
  const fromScore = score ? wholeNumberOf(text(score)) : null;
  if (score && fromScore !== null) return { found: true, value: fromScore, seen: `STARmeter ${text(score)}` };
  for (const bar of Array.from(doc.querySelectorAll('.titleReviewBarSubItem'))) {
    if (!/^Popularity\b/.test(text(bar))) continue;
    const sub = text(bar.querySelector('.subText'));
    const n = /^[\d,]+/.test(sub) ? wholeNumberOf(sub) : null;
    if (n !== null) return { found: true, value: n, seen: `Popularity ${sub}` };
  }
  const rank = text(doc.querySelector('#meterRank'));
  if (/^[\d,]+$/.test(rank)) return { found: true, value: wholeNumberOf(rank) as number, seen: rank };
  return null;
}

/**
 * The credits in one category, as the page counts them: the Credits section's header ("Actor 91",
 * previous and upcoming projects added up, as the page lists both), else the older filmography
 * headings ("Actor (91 credits)"). A name page whose credits show other categories only lists none.
 */
function readCredits(doc: Document, ask: { category: string }): ReadOutcome | null {
  const words = categoryWords(ask.category);
  const headers = Array.from(doc.querySelectorAll('label[data-testid^="accordion-item-"]')).filter((el) =>
    new RegExp(`^accordion-item-${ask.category}-(?:previous|upcoming)-projects$`).test(
      el.getAttribute('data-testid') ?? '',
    ),
  );
  if (headers.length) {
    let total = 0;
    const seen: string[] = [];
    for (const header of headers) {
      const items = header.querySelectorAll('.ipc-inline-list__item');
      const count = wholeNumberOf(text(items[1] ?? null));
      if (count === null) continue;
      total += count;
      seen.push(`${words} ${count}`);
    }
    if (seen.length) return { found: true, value: total, seen: seen.join(' + ') };
  }
  // The older filmography: "Actor (101 credits)", or in 2015 one heading per kind of title
  // ("Actor: Movie (23 credits)", "Actor: TV (6 credits)"), which a person adds up.
  const heading = new RegExp(`^filmo-head-${ask.category}(?:[A-Z][A-Za-z]*)?$`);
  const classic = Array.from(doc.querySelectorAll('[id^="filmo-head-"]'))
    .filter((el) => heading.test(el.id))
    .map((el) => ({ seen: text(el), count: /\((\d[\d,]*)\s+credits?\)/i.exec(text(el))?.[1] }))
    .filter((h): h is { seen: string; count: string } => h.count !== undefined);
  if (classic.length) {
    const value = classic.reduce((n, h) => n + (wholeNumberOf(h.count) ?? 0), 0);
    return { found: true, value, seen: classic.map((h) => h.seen).join(' + ') };
  }
  const listsOthers =
    doc.querySelector('label[data-testid^="accordion-item-"]') !== null ||
    doc.querySelector('[id^="filmo-head-"]') !== null;
  return listsOthers ? { found: true, value: 0, seen: `No ${words} credits listed` } : null;
}
