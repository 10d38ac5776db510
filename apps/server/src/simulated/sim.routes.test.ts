import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.js';
import { addSimImdbPage, addSimProfile, addSimVideo } from './catalogue.js';

const t = useTestApp();
let n = 0;
/** A fresh page code per test: every test makes its own catalogue rows. */
const code = (prefix: 'nm' | 'tt') =>
  `${prefix}${String(7_000_000 + (process.pid % 1000) * 1000 + (n += 1))}`;
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('simulated IMDb pages (D9.2)', () => {
  it('shows a name page with credits by category, counts and the STARmeter, with or without the slash', async () => {
    const nm = code('nm');
    await addSimImdbPage(
      t.db,
      { code: nm, name: 'Maya Fernandez', credits: { actress: 23, director: 2 }, starmeter: 45210 },
      t.clock.now(),
    );
    for (const url of [`/sim/imdb/name/${nm}/`, `/sim/imdb/name/${nm}`]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('Simulated IMDb');
      expect(res.body).toContain('offline stand-in used by Marquee');
      expect(res.body).toContain('Maya Fernandez');
      expect(res.body).toMatch(/Actress<\/h3>\s*<\/li>\s*<li[^>]*>23</);
      expect(res.body).toMatch(/Director<\/h3>\s*<\/li>\s*<li[^>]*>2</);
      expect(res.body).toContain('45,210');
      expect(res.body).toContain('STARmeter');
    }
  });

  it('shows a title page runtime as "1h 52m", and says so when none is listed', async () => {
    const tt = code('tt');
    await addSimImdbPage(
      t.db,
      { code: tt, name: 'Night Ferry', runtimeMinutes: 112, year: 2021 },
      t.clock.now(),
    );
    const res = await get(`/sim/imdb/title/${tt}/`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('1h 52m');
    expect(res.body).toContain('Runtime');
    const none = code('tt');
    await addSimImdbPage(t.db, { code: none, name: 'Orchard Road', runtimeMinutes: null }, t.clock.now());
    expect((await get(`/sim/imdb/title/${none}`)).body).toContain('No runtime listed.');
  });

  it('answers 404 for removed, malformed or mismatched codes', async () => {
    const removed = code('nm');
    await addSimImdbPage(t.db, { code: removed, name: 'Gone', removed: true }, t.clock.now());
    const tt = code('tt');
    await addSimImdbPage(t.db, { code: tt, name: 'A Title', runtimeMinutes: 90 }, t.clock.now());
    for (const url of [
      // Nine digits: no IMDb id looks like this, so nothing is generated for it (rule P1).
      '/sim/imdb/name/nm123456789/',
      `/sim/imdb/name/${removed}/`,
      '/sim/imdb/name/nm12/',
      '/sim/imdb/name/<script>/',
      `/sim/imdb/name/${tt}/`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('404 Error');
      expect(res.body).not.toContain('<script>');
    }
  });

  it('escapes what the catalogue holds', async () => {
    const nm = code('nm');
    await addSimImdbPage(
      t.db,
      {
        code: nm,
        name: '<img src=x onerror=alert(1)>',
        summary: '"><script>alert(1)</script>',
        credits: { actor: 1 },
      },
      t.clock.now(),
    );
    const res = await get(`/sim/imdb/name/${nm}/`);
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});

describe('simulated YouTube player', () => {
  it('plays a video page for its duration through the player script, never inline', async () => {
    await addSimVideo(t.db, {
      id: 'aqz-KE-bpKQ',
      title: 'My <showreel>',
      channel: 'Maya',
      durationSeconds: 95,
    });
    const res = await get('/sim/youtube/watch?v=aqz-KE-bpKQ');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Simulated YouTube');
    expect(res.body).toContain('data-duration="95"');
    expect(res.body).toContain('0:00 / 1:35');
    expect(res.body).toContain('My &lt;showreel&gt;');
    expect(res.body).toContain('<script src="/sim/assets/player.js" defer></script>');
    expect(res.body).not.toMatch(/<script>(?!<\/script>)/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('serves an embeddable player the app can frame (same origin only)', async () => {
    await addSimVideo(t.db, { id: 'Ks-_Mh1QhMc', durationSeconds: 60 });
    const res = await get('/sim/youtube/embed/Ks-_Mh1QhMc');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('id="sim-player"');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });

  it('answers 404 for removed or malformed video ids', async () => {
    await addSimVideo(t.db, { id: 'removedVid01', removed: true });
    for (const url of [
      // Twelve characters: no YouTube id looks like this, so nothing is generated for it (rule P1).
      '/sim/youtube/watch?v=nothere00000',
      '/sim/youtube/watch?v=removedVid01',
      '/sim/youtube/watch',
      '/sim/youtube/embed/short',
      '/sim/youtube/embed/nothere00000',
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it('serves the player script, which tells the parent window what plays', async () => {
    const res = await get('/sim/assets/player.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    for (const word of [
      "'marquee-sim-player'",
      "tell('play')",
      "tell('pause')",
      "tell('progress')",
      "tell('ended')",
    ]) {
      expect(res.body).toContain(word);
    }
    expect((await get('/sim/assets/sim.css')).headers['content-type']).toMatch(/^text\/css/);
    expect((await get('/sim/assets/portrait.svg')).headers['content-type']).toMatch(/^image\/svg\+xml/);
  });
});

describe('the /sim index', () => {
  it('explains the simulated internet and links some of its pages', async () => {
    await addSimProfile(t.db, { platform: 'twitter', handle: 'indexhandle', displayName: 'Index Person' });
    const res = await get('/sim');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('simulated internet');
    expect(res.body).toContain('PLATFORM_MODE=simulated');
    expect(res.body).toMatch(/href="\/sim\/(imdb|x|facebook|youtube)\//);
  });
});
