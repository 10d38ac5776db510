import { expect } from 'vitest';
import { and, eq, notInArray } from 'drizzle-orm';
import { proExtension } from '@marquee/contract';
import type { TestApp } from '../../../test/test-app.js';
import { buildListing, buildMember, setImdbFact, unique, type BuiltMember } from '../../../test/factories.js';
import { listings } from '../listings/listings.tables.js';

/** A Pro member with the extension paired in one browser: their own token and the extension's (PX2). */
export async function pairedPro(
  t: TestApp,
  opts: { points?: number; imdbAnswers?: number } = {},
): Promise<BuiltMember & { extension: string; installId: string }> {
  const member = await buildMember(t.db, t.clock, { membership: 'pro', ...opts });
  const installId = `install-${unique()}${unique()}`;
  const res = await t.call(proExtension.pair, { install_id: installId, version: '1.0.0' }, member.token);
  expect(res.statusCode).toBe(200);
  return { ...member, extension: res.body.token, installId };
}

/**
 * `count` IMDb person listings of a new owner, each page listing `credits` actor credits, and every
 * other active listing paused, so that the IMDb tab offers these alone (a file with a database of
 * its own: useTestApp({ ownDatabase: true })).
 */
export async function onlyTheseListings(t: TestApp, count: number, credits = 12) {
  const owner = await buildMember(t.db, t.clock, { points: 5000 });
  const made = [];
  for (let i = 0; i < count; i += 1) {
    const listing = await buildListing(t.db, t.clock, owner.id);
    await setImdbFact(t.db, t.clock, listing.externalId, 'credits:actor', credits);
    made.push(listing);
  }
  const ids = made.map((l) => l.id);
  await t.db
    .update(listings)
    .set({ status: 'paused' })
    .where(and(notInArray(listings.id, ids), eq(listings.status, 'active')));
  return { owner, listings: made };
}
