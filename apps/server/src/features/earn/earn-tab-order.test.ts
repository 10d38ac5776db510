import { describe, expect, it } from 'vitest';
import { earn } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildListing, buildMember } from '../../../test/factories.js';
import { pacificDay } from '../../platform/time.js';
import { managedMember } from '../managed/service.test-support.js';

// A database of its own: the platform tab reads every member's listings, so no other test's may be there.
const t = useTestApp({ ownDatabase: true });

describe('the IMDb tab in the D4 order, read by points value (fastCandidates)', () => {
  it('offers sponsored listings by points, fewer actions today first, a managed view at 18 among them, then the rest by points', async () => {
    const today = pacificDay(t.clock.now());
    const earner = await buildMember(t.db, t.clock);
    const owner = await buildMember(t.db, t.clock, { points: 1000 });
    const sponsored30 = await buildListing(t.db, t.clock, owner.id, { give: 30, sponsorBought: 10 });
    const sponsored30ActedToday = await buildListing(t.db, t.clock, owner.id, {
      give: 30,
      sponsorBought: 10,
      actedOn: today,
      actedCount: 2,
    });
    const sponsored10 = await buildListing(t.db, t.clock, owner.id, { give: 10, sponsorBought: 10 });
    const plain40 = await buildListing(t.db, t.clock, owner.id, { give: 40 });
    const paused25 = await buildListing(t.db, t.clock, owner.id, {
      give: 25,
      sponsorBought: 10,
      sponsorPaused: true,
    });
    const usedUp20 = await buildListing(t.db, t.clock, owner.id, {
      give: 20,
      sponsorBought: 3,
      sponsorUsed: 3,
    });
    // MR12: a managed member's 0-point listing with views left ranks as a sponsored one paying 18.
    const managed = await managedMember(t, { points: 0 });
    const managedView = await buildListing(t.db, t.clock, managed.id, { give: 0, sponsorBought: 5 });

    const tab = await t.call(earn.fetchListings, { listingType: 'imdb', maxItems: 20 }, earner.token);
    expect(tab.body.status).toBe('success');
    expect(tab.body.listings.map((l) => l.id)).toEqual([
      sponsored30.id,
      sponsored30ActedToday.id,
      managedView.id,
      sponsored10.id,
      plain40.id,
      paused25.id,
      usedUp20.id,
    ]);
    expect(tab.body.listings.slice(0, 4).every((l) => l.sponsored)).toBe(true);
    expect(tab.body.listings.find((l) => l.id === managedView.id)).toMatchObject({ points: 18 });

    // A short tab stops inside the sponsored part.
    const short = await t.call(earn.fetchListings, { listingType: 'imdb', maxItems: 2 }, earner.token);
    expect(short.body.listings.map((l) => l.id)).toEqual([sponsored30.id, sponsored30ActedToday.id]);
  });
});
