import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { JSDOM, VirtualConsole } from 'jsdom';
import { renderImdbPage, type SimImdbPageRow } from '../../../server/src/simulated/imdb.pages.ts';
import {
  personPageFor,
  titlePageFor,
  type SimImdbPageInput,
} from '../../../server/src/simulated/catalogue.ts';
import { askOf, minutesOf, readImdbAnswer, type Ask } from './imdb-reader.ts';

/** The server's own fixtures: real IMDb pages saved by public projects (their SOURCES.md) and pages we wrote. */
const SERVER_FIXTURES = path.resolve(import.meta.dirname, '../../../server/src/integrations/fixtures');
/** Real name pages saved by public projects (test/fixtures/real/SOURCES.md). */
const NAME_FIXTURES = path.resolve(import.meta.dirname, '../../test/fixtures/real');

// The pages' stylesheets are not what the reader reads: jsdom's complaints about them are left unsaid.
const quiet = new VirtualConsole();
const documentOf = (html: string) => new JSDOM(html, { virtualConsole: quiet }).window.document;
const parsed = new Map<string, Document>();
/** A real page, parsed once for all the questions asked of it. */
function realPage(file: string): Document {
  let doc = parsed.get(file);
  if (!doc) {
    const folder = file.startsWith('imdb-name-') ? NAME_FIXTURES : path.join(SERVER_FIXTURES, 'real');
    doc = documentOf(gunzipSync(fs.readFileSync(path.join(folder, file))).toString('utf8'));
    parsed.set(file, doc);
  }
  return doc;
}
const ownPage = (file: string) => documentOf(fs.readFileSync(path.join(SERVER_FIXTURES, file), 'utf8'));

/** A simulated page as the server serves it (D9.2), from the catalogue's rows. */
function simulated(input: SimImdbPageInput): Document {
  const row: SimImdbPageRow = {
    code: input.code,
    kind: input.kind ?? (input.code.startsWith('nm') ? 'person' : 'title'),
    name: input.name,
    runtimeMinutes: input.runtimeMinutes ?? null,
    credits: input.credits ?? {},
    starmeter: input.starmeter ?? null,
    summary: input.summary ?? null,
    year: input.year ?? null,
    removed: false,
  };
  return documentOf(renderImdbPage(row));
}

const read = (doc: Document, ask: Ask) => readImdbAnswer(doc, ask);
const value = (doc: Document, ask: Ask) => {
  const outcome = read(doc, ask);
  return outcome.found ? outcome.value : outcome.why;
};

describe('the IMDb page reader on the simulated pages (D9.2, PX5)', () => {
  it('reads the credits the card asks for on every simulated person page, as the server stores them', () => {
    for (let i = 0; i < 40; i += 1) {
      const code = `nm${String(7_100_000 + i * 7919)}`;
      const category = ['actor', 'actress', 'producer', 'director', 'writer'][i % 5] as string;
      const page = personPageFor(code, `Person ${i}`, category);
      const doc = simulated(page);
      expect(value(doc, { kind: 'credits', category }), code).toBe(page.credits?.[category]);
      expect(value(doc, { kind: 'starmeter' }), code).toBe(page.starmeter);
    }
  });

  it('reads the runtime of every simulated title page, 0 where none is listed', () => {
    let unlisted = 0;
    for (let i = 0; i < 40; i += 1) {
      const code = `tt${String(9_300_000 + i * 104_729)}`;
      const page = titlePageFor(code, `Title ${i}`);
      if (page.runtimeMinutes === null) unlisted += 1;
      expect(value(simulated(page), { kind: 'runtime' }), code).toBe(page.runtimeMinutes ?? 0);
    }
    expect(unlisted, 'some pages list no runtime').toBeGreaterThan(0);
  });

  it('answers 0 for a category the person page does not list, and reads multi-thousand counts', () => {
    const doc = simulated({
      code: 'nm7777777',
      name: 'Big Name',
      credits: { actor: 1234, producer: 3 },
      starmeter: 1_204_311,
    });
    expect(read(doc, { kind: 'credits', category: 'director' })).toEqual({
      found: true,
      value: 0,
      seen: 'No Director credits listed',
    });
    expect(value(doc, { kind: 'credits', category: 'actor' })).toBe(1234);
    expect(value(doc, { kind: 'starmeter' })).toBe(1_204_311);
  });

  it('reads two-word categories by their page names', () => {
    const doc = simulated({ code: 'nm7777778', name: 'Crew', credits: { camera_department: 17, actor: 2 } });
    expect(value(doc, { kind: 'credits', category: 'camera_department' })).toBe(17);
  });

  it('leaves a title page unanswered when it shows no technical specs to find a runtime in', () => {
    const doc = simulated({ code: 'tt9300001', name: 'Bare', runtimeMinutes: null });
    doc.querySelector('[data-testid="TechSpecs"]')?.remove();
    doc.querySelector('[data-testid="hero-title-block__metadata"]')?.remove();
    expect(read(doc, { kind: 'runtime' })).toEqual({ found: false, why: 'no-number' });
  });

  it('answers nothing on a page that is not an IMDb page', () => {
    expect(read(documentOf('<html><body><p>Loading…</p></body></html>'), { kind: 'runtime' })).toEqual({
      found: false,
      why: 'not-imdb',
    });
  });
});

describe('the IMDb page reader on real pages (apps/server/src/integrations/fixtures/real/SOURCES.md)', () => {
  // The true values are those SOURCES.md records, read off each page by a person.
  const runtimes: [file: string, minutes: number | 'no-number'][] = [
    ['imdb-title-tt0133093-2014.html.gz', 136],
    ['imdb-title-tt0078788-2014.html.gz', 153],
    ['imdb-title-tt1027544-2014.html.gz', 0],
    ['imdb-title-tt2241351-2016.html.gz', 98],
    ['imdb-title-tt1734493-2016.html.gz', 0],
    ['imdb-title-tt0076759-2022.html.gz', 121],
    ['imdb-title-tt13675894-2022.html.gz', 0],
    ['imdb-title-tt0114814-2022.html.gz', 106],
    ['imdb-title-tt0133093-2023.html.gz', 136],
    // "In development": IMDb shows neither technical specs nor a line under the title, so the reader
    // cannot tell "none listed" from "not found" and leaves it unanswered rather than guess 0.
    ['imdb-title-tt7462422-2023.html.gz', 'no-number'],
  ];
  it.each(runtimes)('%s: runtime %s', (file, minutes) => {
    expect(value(realPage(file), { kind: 'runtime' })).toBe(minutes);
  });

  const meters: [file: string, meter: number | 'no-number'][] = [
    ['imdb-title-tt0133093-2014.html.gz', 'no-number'],
    ['imdb-title-tt2241351-2016.html.gz', 163],
    ['imdb-title-tt1734493-2016.html.gz', 'no-number'],
    ['imdb-title-tt0076759-2022.html.gz', 216],
    ['imdb-title-tt0114814-2022.html.gz', 474],
    ['imdb-title-tt0133093-2023.html.gz', 244],
  ];
  it.each(meters)('%s: the meter beside the title, %s', (file, meter) => {
    expect(value(realPage(file), { kind: 'starmeter' })).toBe(meter);
  });
});

describe('the IMDb page reader on real name pages (test/fixtures/real/SOURCES.md)', () => {
  const credits: [file: string, category: string, count: number][] = [
    ['imdb-name-nm0000246-2014.html.gz', 'actor', 101],
    ['imdb-name-nm0000246-2014.html.gz', 'producer', 7],
    ['imdb-name-nm0000246-2014.html.gz', 'self', 156],
    ['imdb-name-nm0000246-2014.html.gz', 'archive_footage', 35],
    ['imdb-name-nm0000246-2014.html.gz', 'director', 0],
    ['imdb-name-nm1659547-2014.html.gz', 'actress', 24],
    ['imdb-name-nm1659547-2014.html.gz', 'soundtrack', 2],
    // 2015: one heading per kind of title, added up (Actor: Movie 23, TV 6, Short 3, Video 1, Video Game 1).
    ['imdb-name-nm0000233-2015.html.gz', 'actor', 34],
    ['imdb-name-nm0000233-2015.html.gz', 'writer', 23],
    ['imdb-name-nm0000233-2015.html.gz', 'director', 17],
    ['imdb-name-nm0000233-2015.html.gz', 'producer', 21],
    ['imdb-name-nm0000233-2015.html.gz', 'music_department', 2],
  ];
  it.each(credits)('%s: %s credits, %i', (file, category, count) => {
    expect(value(realPage(file), { kind: 'credits', category })).toBe(count);
  });

  it.each([
    ['imdb-name-nm0000246-2014.html.gz', 'no-number'],
    ['imdb-name-nm1659547-2014.html.gz', 'no-number'],
    ['imdb-name-nm0000233-2015.html.gz', 93],
  ] as const)('%s: the STARmeter, %s ("Top 500" is no number)', (file, meter) => {
    expect(value(realPage(file), { kind: 'starmeter' })).toBe(meter);
  });
});

describe('the IMDb page reader on name pages in the real layouts, written by the project', () => {
  it('reads the classic filmography headings ("Camera Department (3 credits)")', () => {
    const doc = ownPage('imdb-name-nm0400100-classic.html');
    const heads = Array.from(doc.querySelectorAll('[id^="filmo-head-"]')).map((el) => el.id);
    expect(heads).toContain('filmo-head-camera_department');
    const expected = /\((\d+) credits?\)/.exec(
      doc.getElementById('filmo-head-cinematographer')?.textContent ?? '',
    )?.[1];
    expect(value(doc, { kind: 'credits', category: 'cinematographer' })).toBe(Number(expected));
  });

  it('reads the current Credits accordion, previous and upcoming projects added up', () => {
    const doc = ownPage('imdb-name-nm9876543.html');
    const labels = Array.from(doc.querySelectorAll('label[data-testid^="accordion-item-actress-"]'));
    const sum = labels.reduce(
      (n, label) =>
        n + Number(label.querySelectorAll('.ipc-inline-list__item')[1]?.textContent?.replace(/\D/g, '') ?? 0),
      0,
    );
    expect(sum).toBeGreaterThan(0);
    expect(value(doc, { kind: 'credits', category: 'actress' })).toBe(sum);
  });
});

describe('what a card asks (contract earn.imdbQuestion)', () => {
  it('asks the STARmeter for a pro view, the runtime of a title, and the credits of a person', () => {
    expect(askOf({ imdb_type: 'person', test_cat: 'Actor', pro_view: true })).toEqual({ kind: 'starmeter' });
    expect(askOf({ imdb_type: 'title', test_cat: null, pro_view: false })).toEqual({ kind: 'runtime' });
    expect(askOf({ imdb_type: 'person', test_cat: 'Camera Department', pro_view: false })).toEqual({
      kind: 'credits',
      category: 'camera_department',
    });
    expect(askOf({ imdb_type: 'person', test_cat: null, pro_view: false })).toEqual({
      kind: 'credits',
      category: 'actor',
    });
  });

  it('reads times as pages write them', () => {
    expect(minutesOf('2h 16m')).toBe(136);
    expect(minutesOf('1 hour 46 minutes')).toBe(106);
    expect(minutesOf('1h 38min')).toBe(98);
    expect(minutesOf('136 min')).toBe(136);
    expect(minutesOf('2h')).toBe(120);
    expect(minutesOf('TV Series')).toBeNull();
  });
});
