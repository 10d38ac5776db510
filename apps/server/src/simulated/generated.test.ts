import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.js';
import { unique } from '../../test/factories.js';
import { addSimImdbPage } from './catalogue.js';
import { GENERATED_NOTE, generatedImdbPage, generatedVideo, generatedXProfile } from './generated.js';

const t = useTestApp();
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** An id no test has used: 8 digits from a random tag. */
const freshCode = (prefix: 'nm' | 'tt') =>
  `${prefix}${String(parseInt(unique(), 16) % 90_000_000).padStart(8, '1')}`;
const note = GENERATED_NOTE.slice(0, 40);

describe('generated pages of the simulated internet (rule P1)', () => {
  it('serves an IMDb name page for an unseen id, the same on every call, labelled as made up', async () => {
    const nm = freshCode('nm');
    const first = await get(`/sim/imdb/name/${nm}/`);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Simulated IMDb');
    expect(first.body).toContain(note);
    expect(first.body).toContain('STARmeter');
    expect(first.body).toMatch(/data-testid="accordion-item-[a-z_]+-previous-projects"/);
    const again = await get(`/sim/imdb/name/${nm}`);
    expect(again.body).toBe(first.body);
    // What the page shows is what the reader reads: the same figures as the generator's.
    const page = generatedImdbPage(nm);
    const read = await t.app.deps.integrations.imdb.read(`https://www.imdb.com/name/${nm}/`);
    expect(read).toMatchObject({
      code: nm,
      kind: 'person',
      name: page?.name,
      credits: page?.credits,
      starmeter: page?.starmeter,
    });
    expect(Object.keys(read?.credits ?? {}).length).toBeGreaterThanOrEqual(2);
  });

  it('serves a title page with a runtime (or none) and a year; other ids make other pages', async () => {
    const tt = freshCode('tt');
    const res = await get(`/sim/imdb/title/${tt}/`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(note);
    const read = await t.app.deps.integrations.imdb.read(`https://www.imdb.com/title/${tt}/`);
    expect(read).toMatchObject({ kind: 'title', runtimeMinutes: generatedImdbPage(tt)?.runtimeMinutes });
    // Stable per id, and not one page for every id.
    const names = new Set(
      ['tt1000001', 'tt1000002', 'tt1000003', 'tt1000004'].map((c) => generatedImdbPage(c)?.name),
    );
    expect(names.size).toBeGreaterThan(1);
    expect(generatedImdbPage(tt)).toEqual(generatedImdbPage(tt));
  });

  it('keeps the catalogue’s own pages, and a removed one stays gone', async () => {
    const nm = freshCode('nm');
    await addSimImdbPage(t.db, { code: nm, name: 'Maya Fernandez', credits: { actor: 3 } }, t.clock.now());
    const res = await get(`/sim/imdb/name/${nm}/`);
    expect(res.body).toContain('Maya Fernandez');
    expect(res.body).not.toContain(note);
    await addSimImdbPage(t.db, { code: nm, name: 'Maya Fernandez', removed: true }, t.clock.now());
    expect((await get(`/sim/imdb/name/${nm}/`)).statusCode).toBe(404);
    expect(await t.app.deps.integrations.imdb.read(`https://www.imdb.com/name/${nm}/`)).toBeNull();
  });

  it('makes nothing for ids the real sites could not have', () => {
    for (const code of ['nm123456', 'nm123456789', 'tt12', 'xx1234567'])
      expect(generatedImdbPage(code), code).toBeNull();
    for (const handle of ['has.dot', 'a_handle_over_15', 'login', ''])
      expect(generatedXProfile(handle), handle).toBeNull();
    for (const id of ['short', 'twelve_chars', 'bad id!!!!!']) expect(generatedVideo(id), id).toBeNull();
  });

  it('serves an X profile for an unseen handle, with a name and picture from the handle, that can be followed', async () => {
    const handle = `film_crew_${parseInt(unique(), 16) % 100_000}`;
    const res = await get(`/sim/x/${handle}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(note);
    expect(res.body).toContain('<h1>Film Crew</h1>');
    const picture = `/sim/assets/avatars/${handle}.svg`;
    expect(res.body).toContain(picture);
    const svg = await get(picture);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.body).toContain('>FC</text>');
    expect((await get('/sim/assets/avatars/has.dot.svg')).statusCode).toBe(404);
    expect((await get(`/sim/x/${handle}`)).body).toBe(res.body);

    const fan = `fan_${unique()}`;
    const follow = await t.app.inject({
      method: 'POST',
      url: `/sim/x/${handle}/follow`,
      headers: { cookie: `sim_twitter=${fan}` },
    });
    expect(follow.statusCode).toBe(303);
    const { verifier } = t.app.deps.integrations;
    expect(await verifier.hasActed('twitter', { handle: fan, accessToken: null }, handle)).toBe(true);
    expect(await verifier.profile('twitter', handle)).toEqual({
      handle,
      displayName: 'Film Crew',
      imageUrl: picture,
    });
  });

  it('serves a YouTube video for an unseen id, with a title and a length, and its player', async () => {
    const id = `Zq${unique()}_`;
    const watch = await get(`/sim/youtube/watch?v=${id}`);
    expect(watch.statusCode).toBe(200);
    expect(watch.body).toContain(note);
    const video = generatedVideo(id);
    expect(video?.durationSeconds).toBeGreaterThanOrEqual(30);
    expect(watch.body).toContain(`data-duration="${video?.durationSeconds}"`);
    expect((await get(`/sim/youtube/embed/${id}`)).statusCode).toBe(200);
    expect(await t.app.deps.integrations.videos.video(id)).toEqual({
      id,
      title: video?.title,
      channel: video?.channel,
      durationSeconds: video?.durationSeconds,
    });
  });

  it('leaves Facebook to the catalogue', async () => {
    expect((await get(`/sim/facebook/page_${unique()}`)).statusCode).toBe(404);
  });
});
