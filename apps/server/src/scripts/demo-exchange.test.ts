import { describe, expect, it } from 'vitest';
import { exchange, history, login } from '@marquee/contract';
import { useTestApp } from '../../test/test-app.js';
import { DEMO_PASSWORD, seedDemo } from './demo-data.js';

const t = useTestApp({ ownDatabase: true });

const signIn = async (username: string) =>
  (await t.call(login.checkCredentials, { username, password: DEMO_PASSWORD })).body.token;

describe('the demo Exchange (seed:demo, EX1-EX14)', () => {
  it('gives demo-premium and demo-pro Instagram swaps at every stage and view-for-view swaps', async () => {
    expect(await seedDemo(t.db, t.clock)).toBe(true);
    for (const username of ['demo-premium', 'demo-pro']) {
      const token = await signIn(username);
      const setup = await t.call(exchange.checkSetup, {}, token);
      expect(setup.body.setupDone, username).toBe(true);
      expect(setup.body.myListing?.profile).toMatch(/^\/media\//);
      const lists = (await t.call(exchange.fetchAvailableListings, {}, token)).body;
      expect(
        lists.followBackListings.map((c) => c.stage),
        username,
      ).toEqual(['follow_back']);
      expect(lists.reviewListings.map((c) => c.stage).sort(), username).toContain('review');
      expect(lists.newListings.length, username).toBeGreaterThan(0);
      // Every card's picture and profile page are served (D9.2).
      for (const card of [...lists.newListings, ...lists.followBackListings, ...lists.reviewListings]) {
        expect((await t.app.inject({ method: 'GET', url: card.open_url })).statusCode, card.url).toBe(200);
        expect((await t.app.inject({ method: 'GET', url: card.profile as string })).statusCode).toBe(200);
      }

      const mine = (await t.call(exchange.fetchMyListing, {}, token)).body.myListing;
      expect(mine?.vfv_allowed, username).toBe(true);
      const list = (await t.call(exchange.fetchListings, {}, token)).body;
      expect(list.status, username).toBe('success');
      const week = (await t.call(exchange.fetchHistory, {}, token)).body;
      expect(week.history_count, username).toBe(week.histories.length);
      const all = (await t.call(history.fetchHistoryList, { filter: 'all', page: 1 }, token)).body;
      expect(
        all.histories.some((h) => Math.abs(h.amount) === 99),
        username,
      ).toBe(true);
    }
    // demo-premium has a contest against them to acknowledge; demo-pro's contest is of another's follow back.
    const premium = await signIn('demo-premium');
    const review = (await t.call(exchange.fetchAvailableListings, {}, premium)).body.reviewListings;
    expect(review.map((c) => c.stage).sort()).toEqual(['acknowledge', 'review']);
    // Place 9 viewed demo-premium's page and was not viewed back: first in the list (EX11).
    const list = (await t.call(exchange.fetchListings, {}, premium)).body.listings;
    expect(list[0]?.viewed_you).toBe(true);
    // A free member is turned away (EX1).
    const free = await signIn('demo-free');
    expect((await t.call(exchange.checkSetup, {}, free)).statusCode).toBe(403);
  });
});
