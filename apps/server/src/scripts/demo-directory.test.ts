import { describe, expect, it } from 'vitest';
import { directory, login } from '@marquee/contract';
import { useTestApp } from '../../test/test-app.js';
import { DEMO_PASSWORD, seedDemo } from './demo-data.js';

const t = useTestApp({ ownDatabase: true });

/** The demo shows a directory with real results (issue 17: directory-ready profiles in several cities and jobs). */
describe('demo data in the member directory (docs/domain.md Demo data, DR1-DR7)', () => {
  it('finds actors in Los Angeles on two pages, and members in five places', async () => {
    expect(await seedDemo(t.db, t.clock)).toBe(true);
    const signedIn = await t.call(login.checkCredentials, { username: 'demo-free', password: DEMO_PASSWORD });
    const token = signedIn.body.token;
    const search = (type: string, location: string, page = 0) =>
      t.call(directory.fetchResults, { type, location, page }, token);
    const actors = await search('Actor', 'Los Angeles, CA');
    expect(actors.body.pageCount).toBe(2);
    expect(actors.body.users).toHaveLength(directory.DIRECTORY_PAGE_SIZE);
    expect(actors.body.users.every((u) => u.desc_line.includes('Actor'))).toBe(true);
    // Most have a portrait; a few keep the no-photo image.
    expect(actors.body.users.filter((u) => u.avatar).length).toBeGreaterThan(6);
    expect((await search('Actor', 'Los Angeles, CA', 1)).body.users.length).toBeGreaterThan(0);
    for (const place of ['New York, NY', 'Atlanta, GA', 'Vancouver, BC', 'London, UK']) {
      expect((await search('Actor', place)).body.users.length, place).toBeGreaterThan(0);
    }
  });
});
