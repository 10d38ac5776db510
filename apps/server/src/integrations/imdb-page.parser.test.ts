import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { imdbCodeOf, minutesFromText, parseImdbPage } from './imdb-page.parser.js';
import { readImdbNextData } from './imdb-next-data.js';
import { firstWithAttr, readHtml, scriptJson } from './html-reader.js';
import { renderImdbPage, type SimImdbPageRow } from '../simulated/imdb.pages.js';

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
/** The real site serves its pages minified: the parser must read both layouts of the same markup. */
const minified = (html: string) => html.replace(/(?<!--)>\s+<(?!!--)/g, '><');

describe('IMDb page parser on real page structure (fixtures)', () => {
  it('reads a name page: name, credits per category (previous + upcoming), STARmeter, picture', () => {
    for (const html of [fixture('imdb-name-nm9876543.html'), minified(fixture('imdb-name-nm9876543.html'))]) {
      expect(parseImdbPage(html, 'nm9876543')).toEqual({
        code: 'nm9876543',
        kind: 'person',
        name: 'Harriet Vance',
        runtimeMinutes: null,
        credits: { actress: 1049, producer: 14, director: 3, self: 7 },
        starmeter: 12482,
        imageUrl:
          'https://m.media-amazon.com/images/M/MV5BMTk0NjQ1NDQ0Ml5BMl5BanBnXkFtZTcwNDk2NjIyMw@@._V1_FMjpg_UX1000_.jpg',
      });
    }
  });

  it('reads a title page: runtime in minutes from "1 hour 52 minutes", popularity', () => {
    for (const html of [
      fixture('imdb-title-tt9800001.html'),
      minified(fixture('imdb-title-tt9800001.html')),
    ]) {
      const page = parseImdbPage(html, 'tt9800001');
      expect(page).toMatchObject({
        kind: 'title',
        name: 'Night Ferry',
        runtimeMinutes: 112,
        starmeter: 3208,
      });
      expect(page?.credits).toEqual({});
    }
  });

  it('falls back to the JSON-LD duration, then to the hero line, when the specs lack the runtime', () => {
    const html = fixture('imdb-title-tt9800001.html').replace(
      'title-techspec_runtime',
      'title-techspec_gone',
    );
    expect(parseImdbPage(html, 'tt9800001')?.runtimeMinutes).toBe(112);
    const heroOnly = html.replace('"PT1H52M"', '"unknown"');
    expect(parseImdbPage(heroOnly, 'tt9800001')?.runtimeMinutes).toBe(112);
  });

  it('gives no runtime (the answer 0) for a title page that lists none, and no STARmeter when not shown', () => {
    expect(parseImdbPage(fixture('imdb-title-tt9800002-no-runtime.html'), 'tt9800002')).toMatchObject({
      name: 'Orchard Road',
      runtimeMinutes: null,
      starmeter: null,
      imageUrl: null,
    });
  });

  it('reads the older filmography layout ("Cinematographer (38 credits)")', () => {
    expect(parseImdbPage(fixture('imdb-name-nm0400100-classic.html'), 'nm0400100')).toMatchObject({
      name: 'Dmitri Koval',
      credits: { cinematographer: 38, camera_department: 1 },
      starmeter: null,
    });
  });

  it('returns null for a page that is not an IMDb page', () => {
    expect(parseImdbPage('<html><body><p>Service unavailable</p></body></html>', 'nm0000001')).toBeNull();
  });
});

describe('IMDb page parser on the simulated pages (D9.2: the same parser reads both)', () => {
  const person: SimImdbPageRow = {
    code: 'nm9100000',
    kind: 'person',
    name: 'Maya <Fernandez> & Co',
    runtimeMinutes: null,
    credits: { actress: 12, director: 2, camera_department: 1 },
    starmeter: 45210,
    summary: 'A bio with <b>markup</b> that must stay text.',
    year: null,
    removed: false,
  };
  const title: SimImdbPageRow = {
    ...person,
    code: 'tt8800104',
    kind: 'title',
    name: 'Night Ferry',
    credits: {},
    runtimeMinutes: 112,
    starmeter: 3208,
    year: 2021,
  };

  /** The page as a reader without its JSON sees it: only the markup a person reads. */
  const withoutJson = (html: string) => html.replace('id="__NEXT_DATA__"', 'id="removed"');

  it('gives the same facts for a simulated name page as the catalogue row holds, from its JSON and from its markup', () => {
    const html = renderImdbPage(person);
    expect(html).toContain('Simulated IMDb');
    expect(html).not.toContain('<b>markup</b>');
    const facts = {
      code: 'nm9100000',
      kind: 'person',
      name: 'Maya <Fernandez> & Co',
      runtimeMinutes: null,
      credits: { actress: 12, director: 2, camera_department: 1 },
      starmeter: 45210,
      imageUrl: '/sim/assets/portrait.svg',
    };
    expect(parseImdbPage(html, person.code)).toEqual(facts);
    expect(parseImdbPage(withoutJson(html), person.code)).toEqual(facts);
  });

  it("writes its JSON in IMDb's late-2025 shape (groupings named by ids, and the map to categories)", () => {
    const data = scriptJson(firstWithAttr(readHtml(renderImdbPage(person)), 'id', '__NEXT_DATA__')) as {
      props: { pageProps: { mainColumnData: { groupings: { edges: unknown[] } } } };
    };
    expect(data.props.pageProps.mainColumnData.groupings.edges).toHaveLength(3);
    expect(readImdbNextData(data, person.code)).toMatchObject({
      found: true,
      name: 'Maya <Fernandez> & Co',
      credits: { actress: 12, director: 2, camera_department: 1 },
      starmeter: 45210,
    });
  });

  it('gives the runtime of a simulated title page, shown as "1h 52m" for people to work out', () => {
    const html = renderImdbPage(title);
    expect(html).toContain('1h 52m');
    for (const page of [html, withoutJson(html)]) {
      expect(parseImdbPage(page, title.code)).toMatchObject({
        name: 'Night Ferry',
        runtimeMinutes: 112,
        starmeter: 3208,
      });
    }
    for (const runtimeMinutes of [null, 45, 120]) {
      const page = renderImdbPage({ ...title, runtimeMinutes });
      expect(parseImdbPage(page, title.code)?.runtimeMinutes).toBe(runtimeMinutes);
      expect(parseImdbPage(withoutJson(page), title.code)?.runtimeMinutes).toBe(runtimeMinutes);
    }
  });
});

describe('runtime text and page URLs', () => {
  it.each([
    ['1h 52m', 112],
    ['2h', 120],
    ['45m', 45],
    ['1 hour 52 minutes', 112],
    ['2 hours', 120],
    ['81 min', 81],
    ['PT1H52M', 112],
    ['PT45M', 45],
    ['1hour52minutes', 112],
    ['nothing', null],
  ])('%s -> %s', (text, minutes) => {
    expect(minutesFromText(text)).toBe(minutes);
  });

  it('finds the code of name and title URLs in their usual spellings', () => {
    expect(imdbCodeOf('https://www.imdb.com/name/nm0000123/')).toBe('nm0000123');
    expect(imdbCodeOf('http://m.imdb.com/name/NM0000123?ref_=x')).toBe('nm0000123');
    expect(imdbCodeOf('imdb.com/title/tt7654321')).toBe('tt7654321');
    expect(imdbCodeOf('https://www.imdb.com/de/title/tt7654321/')).toBe('tt7654321');
    expect(imdbCodeOf('https://www.imdb.com.evil.test/name/nm0000123/')).toBeNull();
    expect(imdbCodeOf('https://www.imdb.com/list/ls0000123/')).toBeNull();
  });
});

describe('credits in the JSON shapes IMDb has used (docs/integrations.md I3)', () => {
  const job = (id: string, total: number) => ({ category: { id, text: id }, credits: { total } });

  it('counts primary categories from their released and upcoming lists when `jobs` leaves them out', () => {
    const data = {
      props: {
        pageProps: {
          mainColumnData: {
            id: 'nm0000001',
            releasedPrimaryCredits: [job('actress', 40), job('producer', 3)],
            unreleasedPrimaryCredits: [job('actress', 2)],
            jobs: [job('self', 12), job('producer', 4)],
          },
        },
      },
    };
    expect(readImdbNextData(data, 'nm0000001').credits).toEqual({ actress: 42, producer: 4, self: 12 });
  });

  it("never takes another page's figures: a known-for title's runtime is not the person's", () => {
    const data = {
      props: {
        pageProps: {
          aboveTheFold: { id: 'nm0000001', nameText: { text: 'A. Person' }, meterRanking: null },
          mainColumnData: {
            id: 'nm0000001',
            knownFor: [{ id: 'tt0000002', runtime: { seconds: 5400 }, meterRanking: { currentRank: 9 } }],
          },
        },
      },
    };
    expect(readImdbNextData(data, 'nm0000001')).toEqual({
      found: true,
      name: 'A. Person',
      runtimeMinutes: null,
      credits: null,
      starmeter: null,
      imageUrl: null,
    });
  });
});
