import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseImdbPage } from './imdb-page.parser.js';
import { readImdbNextData } from './imdb-next-data.js';

/**
 * The reader on pages IMDb really served, saved by public projects (fixtures/real/SOURCES.md names each
 * file's repository, path and commit, and the values below as the page shows them). These are the
 * pages docs/integrations.md I7 lists for each layout.
 */

const real = (name: string) =>
  gunzipSync(fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'real', `${name}.gz`))).toString(
    'utf8',
  );

describe('IMDb title pages as IMDb served them', () => {
  it.each([
    // I4: 2014 layout. Runtime beside the title ("136 min"); the MOVIEmeter reads "Top 500", no number.
    ['imdb-title-tt0133093-2014.html', 'tt0133093', 'The Matrix', 136, null],
    // Two runtimes listed (153 min, 202 min Redux) and trailers with <meta itemprop="duration">: the first.
    ['imdb-title-tt0078788-2014.html', 'tt0078788', 'Apocalypse Now', 153, null],
    // A TV series listing no runtime, whose trailers still have durations: no runtime (the answer 0).
    ['imdb-title-tt1027544-2014.html', 'tt1027544', 'Roary the Racing Car', null, null],
    // I4: 2016 layout. "1h 38min"; the review bar's "Popularity 163".
    ['imdb-title-tt2241351-2016.html', 'tt2241351', 'Money Monster', 98, 163],
    ['imdb-title-tt1734493-2016.html', 'tt1734493', 'Unlocked', null, null],
    // I2: early 2022, the title's JSON in urqlState; techspecs "2 hours 1 minute", popularity 216.
    ['imdb-title-tt0076759-2022.html', 'tt0076759', 'Star Wars', 121, 216],
    // No runtime of its own, while a related title in its JSON runs 50 min and a trailer 108 s.
    ['imdb-title-tt13675894-2022.html', 'tt13675894', '1997', null, null],
    // I2: late 2022, aboveTheFoldData; "1 hour 46 minutes", popularity 474.
    ['imdb-title-tt0114814-2022.html', 'tt0114814', 'The Usual Suspects', 106, 474],
    // 2023: "2 hours 16 minutes", popularity 244; twelve related titles with their own runtimes.
    ['imdb-title-tt0133093-2023.html', 'tt0133093', 'The Matrix', 136, 244],
    // A TV movie listing no runtime, with three related titles that do.
    ['imdb-title-tt7462422-2023.html', 'tt7462422', 'Quality of Life', null, null],
  ])('%s', (file, code, name, runtimeMinutes, starmeter) => {
    expect(parseImdbPage(real(file), code)).toMatchObject({
      code,
      kind: 'title',
      name,
      runtimeMinutes,
      starmeter,
      credits: {},
    });
  });

  it('reads the poster of a current page from its og:image', () => {
    expect(parseImdbPage(real('imdb-title-tt0133093-2023.html'), 'tt0133093')?.imageUrl).toMatch(
      /^https:\/\/m\.media-amazon\.com\/images\/M\/.+\.jpg$/,
    );
  });
});

describe("IMDb's __NEXT_DATA__ JSON as IMDb served it in 2025", () => {
  const nextData = (file: string) => JSON.parse(real(file)) as unknown;

  it('reads a name page of mid 2025 (mainColumnData.jobs and releasedPrimaryCredits)', () => {
    expect(readImdbNextData(nextData('imdb-next-data-nm0000126-2025-07.json'), 'nm0000126')).toEqual({
      found: true,
      name: 'Kevin Costner',
      runtimeMinutes: null,
      credits: {
        director: 6,
        writer: 6,
        actor: 69,
        producer: 30,
        music_department: 1,
        miscellaneous: 2,
        thanks: 13,
        soundtrack: 9,
        self: 256,
        archive_footage: 88,
      },
      starmeter: 212,
      imageUrl:
        'https://m.media-amazon.com/images/M/MV5BMTY1ODkwMTQxOF5BMl5BanBnXkFtZTcwNzkwNDcyMw@@._V1_.jpg',
    });
  });

  it('reads a name page of late 2025 (groupings and released, categories named by opaque ids)', () => {
    expect(readImdbNextData(nextData('imdb-next-data-nm0000126-2025-10.json'), 'nm0000126')).toMatchObject({
      found: true,
      name: 'Kevin Costner',
      credits: {
        actor: 70,
        producer: 31,
        writer: 6,
        soundtrack: 9,
        director: 6,
        // "Additional Crew": the page maps its id to the classic category "miscellaneous".
        miscellaneous: 2,
        music_department: 1,
        thanks: 13,
        self: 259,
        // A grouping the page's map leaves out is named from its text.
        archive_footage: 91,
      },
      starmeter: 252,
    });
  });

  it("reads a title's own runtime and rank, not its trailers' (146 s, 32 s)", () => {
    expect(readImdbNextData(nextData('imdb-next-data-tt0133093-2025-10.json'), 'tt0133093')).toMatchObject({
      found: true,
      // The title as that page gave it ("Matrix"; its original title is "The Matrix").
      name: 'Matrix',
      runtimeMinutes: 136,
      credits: null,
      starmeter: 218,
    });
  });

  it('finds nothing about a page the JSON does not describe', () => {
    expect(readImdbNextData(nextData('imdb-next-data-nm0000126-2025-10.json'), 'nm0000001')).toEqual({
      found: false,
      name: null,
      runtimeMinutes: null,
      credits: null,
      starmeter: null,
      imageUrl: null,
    });
  });
});
