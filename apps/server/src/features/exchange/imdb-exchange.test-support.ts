import { expect } from 'vitest';
import { count, inArray } from 'drizzle-orm';
import { exchange, earn } from '@marquee/contract';
import type { TestApp } from '../../../test/test-app.js';
import { buildListing, buildMember, setImdbFact, type BuiltMember } from '../../../test/factories.js';
import { users } from '../members/members.tables.js';
import { ledgerEntries } from '../points/points.tables.js';
import { imdbExchangeListings } from './exchange.tables.js';

/** What the IMDb exchange's tests share (D7.2, EX10-EX12). */

export const SECOND = 1000;
export const DAY = 24 * 3600 * SECOND;

/** A premium member (EX1), unless another level is asked for. */
export const member = (t: TestApp, opts: Parameters<typeof buildMember>[2] = {}) =>
  buildMember(t.db, t.clock, { membership: 'premium', ...opts });

/** An IMDb person listing whose page lists `credits` actor credits (D5.2). */
export async function imdbListing(
  t: TestApp,
  ownerId: number,
  credits = 12,
  opts: Parameters<typeof buildListing>[3] = {},
) {
  const listing = await buildListing(t.db, t.clock, ownerId, opts);
  await setImdbFact(t.db, t.clock, listing.externalId, 'credits:actor', credits);
  return listing;
}

/** A premium member with an IMDb listing, listed on the exchange (EX10). */
export async function swapper(t: TestApp, credits = 12, opts: Parameters<typeof buildMember>[2] = {}) {
  const m = await member(t, opts);
  const listing = await imdbListing(t, m.id, credits);
  const listed = await t.call(exchange.updateAllowed, { allowed: 1 }, m.token);
  expect(listed.body).toMatchObject({ status: 'success', vfv_allowed: true });
  return { member: m, listing };
}

/** Nobody listed: each test starts from an exchange of its own members only. */
export async function unlistEveryone(t: TestApp) {
  await t.db.update(imdbExchangeListings).set({ allowed: 2 });
}

export const fetchExchange = (t: TestApp, viewer: BuiltMember) =>
  t.call(exchange.fetchListings, {}, viewer.token);

/** The exchange offers the listing to the viewer; Start is pressed and `seconds` pass (D11.1). */
export async function offerAndStart(t: TestApp, viewer: BuiltMember, listingId: number, seconds = 10) {
  const fetched = await fetchExchange(t, viewer);
  expect(fetched.body.status, fetched.body.message).toBe('success');
  expect(fetched.body.listings.map((l) => l.id)).toContain(listingId);
  const started = await t.call(earn.startAction, { listing_id: listingId }, viewer.token);
  expect(started.body.status).toBe('success');
  t.clock.advance(seconds * SECOND);
  return fetched.body;
}

export const answerView = (t: TestApp, viewer: BuiltMember, listingId: number, answer: number | string) =>
  t.call(exchange.recordCorrectAnswer, { listing_id: listingId, answer }, viewer.token);

/** A full view: offered, started, the dwell waited out, answered right. */
export async function view(t: TestApp, viewer: BuiltMember, listingId: number, answer = 12) {
  await offerAndStart(t, viewer, listingId);
  const res = await answerView(t, viewer, listingId, answer);
  expect(res.body.status, res.body.message).toBe('success');
  return res;
}

/** The members' balances and their ledger rows, to show a view moved nothing (EX12). */
export async function ledgerOf(t: TestApp, ids: number[]) {
  const balances = await t.db
    .select({ id: users.id, points: users.points })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(users.id);
  const [rows] = await t.db
    .select({ n: count() })
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.accountId, ids));
  return { balances, rows: rows?.n };
}
