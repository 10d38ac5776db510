import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { useTestApp } from '../../test/test-app.js';
import { imdbFacts } from '../features/earn/earn.tables.js';
import { seedSimulatedCatalogue, titlePageFor } from './catalogue.js';
import { simImdbPages, simProfiles, simVideos } from './simulated.tables.js';

const t = useTestApp();

describe('seedSimulatedCatalogue', () => {
  const listings = [
    {
      platform: 'imdb',
      url: 'https://www.imdb.com/name/nm6100001/',
      externalId: 'nm6100001',
      name: 'Lena Okafor',
      imdbType: 'person',
      testCat: 'cinematographer',
    },
    // A second listing of the same person page asks another category: the page has both.
    {
      platform: 'imdb',
      url: 'https://www.imdb.com/name/nm6100001/',
      externalId: 'nm6100001',
      name: 'Lena Okafor',
      imdbType: 'person',
      testCat: 'editor',
    },
    {
      platform: 'imdb',
      url: 'https://www.imdb.com/title/tt6100002/',
      externalId: 'tt6100002',
      name: 'Paper Moons',
      imdbType: 'title',
    },
    { platform: 'twitter', url: 'https://x.com/lenaokafor', externalId: 'lenaokafor', name: '@lenaokafor' },
    {
      platform: 'facebook',
      url: 'https://www.facebook.com/lenaokaforofficial',
      externalId: '100042',
      name: 'Lena Okafor Official',
    },
    {
      platform: 'youtube',
      url: 'https://www.youtube.com/watch?v=M7lc1UVf-VE',
      externalId: 'M7lc1UVf-VE',
      name: 'Lena Okafor: showreel',
    },
  ];

  it('makes each listing’s page and the matching seeded facts, the same on every run', async () => {
    await seedSimulatedCatalogue(t.db, listings, t.clock.now());
    await seedSimulatedCatalogue(t.db, listings, t.clock.now());

    const [person] = await t.db.select().from(simImdbPages).where(eq(simImdbPages.code, 'nm6100001'));
    expect(person?.kind).toBe('person');
    expect(person?.credits.cinematographer).toBeGreaterThan(0);
    expect(person?.credits.editor).toBeGreaterThan(0);
    expect(Object.keys(person?.credits ?? {}).length).toBeGreaterThanOrEqual(2);
    expect(person?.starmeter).toBeGreaterThan(0);

    const [title] = await t.db.select().from(simImdbPages).where(eq(simImdbPages.code, 'tt6100002'));
    expect(title).toMatchObject({ kind: 'title', name: 'Paper Moons' });
    expect(title?.runtimeMinutes).toBe(titlePageFor('tt6100002', 'Paper Moons').runtimeMinutes ?? null);

    const facts = await t.db
      .select()
      .from(imdbFacts)
      .where(inArray(imdbFacts.pageCode, ['nm6100001', 'tt6100002']));
    const byKey = Object.fromEntries(facts.map((f) => [`${f.pageCode} ${f.question}`, f.value]));
    expect(byKey['nm6100001 credits:cinematographer']).toBe(person?.credits.cinematographer);
    expect(byKey['nm6100001 credits:editor']).toBe(person?.credits.editor);
    expect(byKey['nm6100001 starmeter']).toBe(person?.starmeter);
    expect(byKey['tt6100002 runtime']).toBe(title?.runtimeMinutes ?? 0);
    expect(facts.every((f) => f.source === 'seed')).toBe(true);

    const profiles = await t.db
      .select()
      .from(simProfiles)
      .where(inArray(simProfiles.handle, ['lenaokafor', 'lenaokaforofficial']));
    expect(profiles).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ platform: 'twitter', handle: 'lenaokafor', externalId: null }),
        expect.objectContaining({ platform: 'facebook', handle: 'lenaokaforofficial', externalId: '100042' }),
      ]),
    );
    const [video] = await t.db.select().from(simVideos).where(eq(simVideos.id, 'M7lc1UVf-VE'));
    expect(video).toMatchObject({ title: 'Lena Okafor: showreel', channel: 'Lena Okafor' });
    expect(video?.durationSeconds).toBeGreaterThanOrEqual(45);
    expect(video?.durationSeconds).toBeLessThanOrEqual(240);
  });

  it('gives some title pages no runtime, whose answer is 0 (D5.2)', () => {
    const runtimes = Array.from(
      { length: 60 },
      (_, i) => titlePageFor(`tt${6200000 + i}`, 'T').runtimeMinutes,
    );
    expect(runtimes).toContain(null);
    expect(runtimes.filter((r) => r !== null).every((r) => (r ?? 0) >= 75 && (r ?? 0) <= 160)).toBe(true);
  });
});
