import { describe, expect, it } from 'vitest';
import { adminListings, login } from '@marquee/contract';
import { useTestApp } from '../../test/test-app.js';
import { DEMO_PASSWORD, seedDemo } from './demo-data.js';

const t = useTestApp({ ownDatabase: true });

describe('the demo admin queues (seed:demo)', () => {
  it('holds a listing to update and a Facebook page to review, both real to act on', async () => {
    expect(await seedDemo(t.db, t.clock)).toBe(true);
    const admin = (await t.call(login.checkCredentials, { username: 'admin', password: DEMO_PASSWORD })).body
      .token;

    const credits = (await t.call(adminListings.fetchCreditUpdateListings, {}, admin)).body;
    expect(credits.count).toBe(1);
    const [listing] = credits.listings;
    expect(listing).toMatchObject({ name: 'Harbor Lights', question: expect.stringMatching(/running time/) });
    // The members agree on one number; the site holds another.
    const [most] = listing!.answers;
    expect(most!.count).toBe(4);
    expect(listing!.stored).toBe(most!.answer - 9);
    // Its simulated page shows the members' number (D9): open_url leads there.
    expect(listing!.open_url).toMatch(/^\/sim\/imdb\/title\/tt\d+/);
    const page = await t.app.inject({ method: 'GET', url: listing!.open_url });
    expect(page.body).toContain(`"seconds":${most!.answer * 60}`);

    const fb = (await t.call(adminListings.fetchPendingFB, {}, admin)).body;
    expect(fb.pages).toEqual([
      expect.objectContaining({ name: 'Harbor Lights Film', page_id: 'harborlightsfilm', point_setting: 10 }),
    ]);
    expect((await t.app.inject({ method: 'GET', url: fb.pages[0]!.open_url })).statusCode).toBe(200);
  });
});
