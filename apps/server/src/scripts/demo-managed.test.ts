import { afterEach, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { earn, login, managed } from '@marquee/contract';
import { useTestApp } from '../../test/test-app.js';
import { buildMember } from '../../test/factories.js';
import { users } from '../features/members/members.tables.js';
import { listings } from '../features/listings/listings.tables.js';
import { managedWeeks } from '../features/managed/managed.tables.js';
import { runManagedWeek } from '../features/managed/service.service.js';
import { DEMO_PASSWORD, seedDemo } from './demo-data.js';

const t = useTestApp({ ownDatabase: true });

afterEach(() => vi.restoreAllMocks());

const signIn = async (username: string) =>
  (await t.call(login.checkCredentials, { username, password: DEMO_PASSWORD })).body.token;

describe('the demo’s Managed Rank (seed:demo, MR6-MR12)', () => {
  it('gives demo-managed eight weeks of rank history, and the weekly job their current week', async () => {
    expect(await seedDemo(t.db, t.clock)).toBe(true);
    const token = await signIn('demo-managed');
    const history = (await t.call(managed.fetchHistory, {}, token)).body;
    expect(history.target).toBe(175_000);
    expect(history.history).toHaveLength(8);
    expect(history.history.at(-1)?.label).toBe('Starting point');
    expect(history.history[0]).toMatchObject({ starmeter: '264,958', label: 'Closing in' });
    expect(new Set(history.history.map((w) => w.label))).toEqual(
      new Set(['Starting point', 'Closing in', 'Holding']),
    );
    for (const w of history.history) {
      expect(w.views).toBeGreaterThanOrEqual(50);
      expect(w.views).toBeLessThanOrEqual(2_000);
    }

    // The server's first run of the day sends the current week to the page's listing, at 0 points.
    const [member] = await t.db.select().from(users).where(eq(users.username, 'demo-managed'));
    const id = member?.id as number;
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { weeksSent } = await runManagedWeek(t.app.deps, t.clock.now());
    expect(weeksSent.map((w) => w.userId)).toEqual([id]);
    const weeks = await t.db.select().from(managedWeeks).where(eq(managedWeeks.userId, id));
    expect(weeks).toHaveLength(9);
    const [listing] = await t.db
      .select()
      .from(listings)
      .where(and(eq(listings.userId, id), eq(listings.type, 'imdb-view')));
    expect(listing).toMatchObject({ give: 0, sponsorLeft: true });
    expect(listing?.sponsorBought).toBe(weeksSent[0]?.views);

    // Other members are offered it, paid by the house (MR12).
    const earner = await buildMember(t.db, t.clock);
    const offered = await t.call(
      earn.fetchListings,
      { listingType: 'user', user_id: id, maxItems: 10 },
      earner.token,
    );
    expect(offered.body.listings.find((l) => l.id === listing?.id)).toMatchObject({
      sponsored: true,
      points: managed.MANAGED_VIEW_POINTS,
    });
  });
});
