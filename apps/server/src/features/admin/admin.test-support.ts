import type { TestApp } from '../../../test/test-app.js';
import { pacificDay } from '../../platform/time.js';
import { actions, offers } from '../earn/earn.tables.js';

/**
 * One credited action written as the credit writes it: its offer, then the action on the Pacific
 * day of `at` (what the overview, the weekly counts and the fair-play signals read).
 */
export async function recordAction(
  t: TestApp,
  a: {
    listing: { id: number; userId: number; type: string; platform: string };
    earnerId: number;
    at?: Date;
    status?: string;
  },
) {
  const at = a.at ?? t.clock.now();
  const [offer] = await t.db
    .insert(offers)
    .values({
      earnerId: a.earnerId,
      listingId: a.listing.id,
      points: 5,
      cost: 5,
      offeredAt: at,
      expiresAt: at,
    })
    .returning({ id: offers.id });
  await t.db.insert(actions).values({
    offerId: offer!.id,
    earnerId: a.earnerId,
    ownerId: a.listing.userId,
    listingId: a.listing.id,
    type: a.listing.type,
    platform: a.listing.platform,
    points: 5,
    cost: 5,
    day: pacificDay(at),
    createdAt: at,
    status: a.status ?? 'credited',
  });
}
