import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { linkedAccounts as accountCalls, earn } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildListing, buildMember, linkAccount } from '../../../test/factories.js';
import { simulatedIntegrations } from '../../integrations/index.js';
import { PlatformAuthRejected } from '../../integrations/platform-fetch.js';
import { PlatformOffline } from '../../integrations/types.js';
import { actions } from '../earn/earn.tables.js';
import { linkedAccounts } from './linked-accounts.tables.js';

/** X refuses one handle's sign-in and is unreachable for another; everything else is the simulated platform. */
const t = useTestApp({
  integrations: (db, clock) => {
    const simulated = simulatedIntegrations(db, clock);
    return {
      ...simulated,
      verifier: {
        ...simulated.verifier,
        hasActed: async (platform, actor, target) => {
          if (actor.handle.startsWith('refused')) throw new PlatformAuthRejected(platform);
          if (actor.handle.startsWith('offline')) throw new PlatformOffline(platform);
          return simulated.verifier.hasActed(platform, actor, target);
        },
      },
    };
  },
});

async function confirmWith(handle: string) {
  const earner = await buildMember(t.db, t.clock);
  await linkAccount(t.db, t.clock, earner.id, 'twitter', `${handle}${earner.id}`);
  const owner = await buildMember(t.db, t.clock, { points: 100 });
  const listing = await buildListing(t.db, t.clock, owner.id, { type: 'twitter-follow', give: 10 });
  await t.call(earn.fetchListings, { listingType: 'user', user_id: owner.id, maxItems: 10 }, earner.token);
  await t.call(earn.startAction, { listing_id: listing.id }, earner.token);
  t.clock.advance(4000);
  const res = await t.call(earn.confirmAction['twitter-follow'], { listing_id: listing.id }, earner.token);
  return { earner, res };
}

describe('when the platform cannot check a follow (D5.6)', () => {
  it('keeps the credit and asks the member to authorise again when X refuses the sign-in', async () => {
    const { earner, res } = await confirmWith('refused');
    expect(res.body).toMatchObject({ status: 'success', points_earned: 10 });
    const [account] = await t.db.select().from(linkedAccounts).where(eq(linkedAccounts.userId, earner.id));
    expect(account?.status).toBe('token_error');
    const check = await t.call(accountCalls.authenticate.twitter, {}, earner.token);
    expect(check.body.status).toBe('token_error');
    const next = await t.call(earn.fetchListings, { listingType: 'twitter', maxItems: 4 }, earner.token);
    expect(next.body.status).toBe('checktoken');
  });

  it('keeps the credit unchecked while X is unreachable', async () => {
    const { earner, res } = await confirmWith('offline');
    expect(res.body.status).toBe('success');
    expect(res.body.extra).toBeUndefined();
    const [row] = await t.db.select().from(actions).where(eq(actions.earnerId, earner.id));
    expect(row?.status).toBe('credited');
  });
});
