import { afterEach, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { earn, membership, pro } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildListing, buildMember, setImdbFact, type BuiltMember } from '../../../test/factories.js';
import { DAILY_JOBS } from '../../app.js';
import { runDueJobs } from '../../platform/jobs.js';
import { addSimImdbPage } from '../../simulated/catalogue.js';
import { imdbCodeOf } from '../../integrations/imdb-page.parser.js';
import { users } from '../members/members.tables.js';
import { listings } from '../listings/listings.tables.js';
import { purchases } from '../payments/payments.tables.js';
import { ledgerEntries } from '../points/points.tables.js';
import { checkLedger } from '../points/ledger.check.js';
import { HOUSE_ID } from '../points/ledger.js';
import { starmeterWeeks } from './pro.tables.js';
import { proWeeklyJob } from './pro.service.js';

// The job reads every pro member: this file's database is its own.
const t = useTestApp({ ownDatabase: true });

/** Monday 16 March 2026, 12:05am PDT: the week ending Sunday 15 March has just ended. */
const MONDAY = new Date('2026-03-16T07:05:00Z');
const DAY = 24 * 3600 * 1000;

const run = () => runDueJobs(t.app.deps, [proWeeklyJob]);

/** A simulated IMDb person page at the member's own IMDb URL, with a STARmeter. */
async function imdbPage(member: BuiltMember, starmeter: number | null) {
  const code = imdbCodeOf(member.imdb) as string;
  await addSimImdbPage(t.db, { code, name: 'Test Member', credits: { actor: 4 }, starmeter }, t.clock.now());
}

async function listingRow(id: number) {
  const [row] = await t.db.select().from(listings).where(eq(listings.id, id));
  return row as typeof listings.$inferSelect;
}

async function bonusOf(userId: number) {
  const [row] = await t.db.select({ proBonus: users.proBonus }).from(users).where(eq(users.id, userId));
  return row?.proBonus ?? null;
}

afterEach(() => vi.restoreAllMocks());

describe('the pro members’ weekly job', () => {
  it('is one of the daily jobs', () => {
    expect(DAILY_JOBS).toContain(proWeeklyJob);
  });

  it('on Monday stores each pro member’s STARmeter for the week that ended and tops the bonus title up to 25', async () => {
    t.clock.set(new Date(MONDAY.getTime() - 2 * DAY));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const star = await buildMember(t.db, t.clock, { membership: 'pro', points: 100 });
    const unreadable = await buildMember(t.db, t.clock, { membership: 'pro' });
    const noMeter = await buildMember(t.db, t.clock, { membership: 'pro' });
    const premium = await buildMember(t.db, t.clock, { membership: 'premium' });
    const stocked = await buildMember(t.db, t.clock, { membership: 'pro' });
    await imdbPage(star, 48_213);
    // Offline every well-formed page exists (rule P1): a page that cannot be read is a removed one.
    await addSimImdbPage(
      t.db,
      { code: imdbCodeOf(unreadable.imdb) as string, name: 'Gone', removed: true },
      t.clock.now(),
    );
    await imdbPage(noMeter, null);
    await imdbPage(stocked, null);
    await imdbPage(premium, 900);
    const title = await buildListing(t.db, t.clock, star.id, { give: 18 });
    const full = await buildListing(t.db, t.clock, stocked.id, { sponsorBought: 250, sponsorUsed: 10 });
    await t.call(pro.updateBonusSelection, { ns: String(title.id) }, star.token);
    await t.call(pro.updateBonusSelection, { ns: String(full.id) }, stocked.token);

    // Saturday: nothing but the clean-up.
    expect(await run()).toEqual(['pro-weekly']);
    expect((await listingRow(title.id)).sponsorBought).toBe(0);
    expect(await t.db.select().from(starmeterWeeks)).toEqual([]);

    t.clock.set(MONDAY);
    expect(await run()).toEqual(['pro-weekly']);
    const ranks = await t.db.select().from(starmeterWeeks);
    expect(ranks).toEqual([{ userId: star.id, weekEnding: '2026-03-15', rank: 48_213 }]);
    // Pages that cannot be read, or show no STARmeter, are skipped and said so: never a made-up rank.
    const warned = warn.mock.calls.map((c) => String(c[0]));
    expect(warned.some((w) => w.includes(`member ${unreadable.id}`))).toBe(true);
    expect(warned.some((w) => w.includes(`member ${noMeter.id}`))).toBe(true);
    expect(warned.some((w) => w.includes(`member ${premium.id}`))).toBe(false);

    expect(await listingRow(title.id)).toMatchObject({
      sponsorBought: 25,
      sponsorUsed: 0,
      sponsorLeft: true,
    });
    const topUps = await t.db.select().from(purchases).where(eq(purchases.provider, 'house'));
    expect(topUps).toHaveLength(1);
    expect(topUps[0]).toMatchObject({
      userId: star.id,
      kind: 'sponsored',
      listingId: title.id,
      quantity: 25,
      amountPennies: 0,
      status: 'paid',
      providerRef: `pro-bonus:${star.id}:2026-03-15`,
      paidAt: MONDAY,
    });
    // The house's gift is not a membership payment: the subscription check does not take it for one.
    const check = await t.call(membership.checkSubscriptionStatus, {}, star.token);
    expect(check.body.status).toBe('retry');
    // A title that already has 25 or more left gets nothing.
    expect(await listingRow(full.id)).toMatchObject({ sponsorBought: 250, sponsorUsed: 10 });
    // No points moved: the house pays earners only when they act (D6.4).
    expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, star.id))).toHaveLength(
      1,
    );

    // Once a day only.
    expect(await run()).toEqual([]);
  });

  it('has earners paid by the house for bonus views, and never lets more than 25 build up', async () => {
    const owner = await buildMember(t.db, t.clock, { membership: 'pro', points: 0 });
    const title = await buildListing(t.db, t.clock, owner.id, { give: 18 });
    await t.call(pro.updateBonusSelection, { ns: String(title.id) }, owner.token);
    t.clock.set(new Date(MONDAY.getTime() + 7 * DAY));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await run()).toEqual(['pro-weekly']);
    expect((await listingRow(title.id)).sponsorBought).toBe(25);

    // An earner views it: a sponsored action, paid by the house although the owner has no points.
    const earner = await buildMember(t.db, t.clock);
    await setImdbFact(t.db, t.clock, title.externalId, 'credits:actor', 9);
    const offered = await t.call(
      earn.fetchListings,
      { listingType: 'user', user_id: owner.id, maxItems: 10 },
      earner.token,
    );
    expect(offered.body.listings[0]).toMatchObject({ id: title.id, sponsored: true, points: 18 });
    await t.call(earn.startAction, { listing_id: title.id }, earner.token);
    t.clock.advance(10_000);
    const credited = await t.call(
      earn.recordCorrectAnswer,
      { listing_id: title.id, answer: 9 },
      earner.token,
    );
    expect(credited.body.status).toBe('success');
    const [ownerRow] = await t.db.select().from(users).where(eq(users.id, owner.id));
    expect(ownerRow?.points).toBe(0);
    expect(await listingRow(title.id)).toMatchObject({ sponsorBought: 25, sponsorUsed: 1 });
    expect((await checkLedger(t.db)).problems).toEqual([]);
    const housePaid = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.kind, 'sponsored'), eq(ledgerEntries.accountId, earner.id)));
    expect(housePaid.map((e) => e.delta)).toEqual([18]);
    const payer = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.movementId, housePaid[0]?.movementId as string));
    const paidBy = payer.find((e) => e.delta === -18)?.accountId as number;
    // The house (account 1) or one of its tills (100-115): a system account, never the owner.
    expect(paidBy === HOUSE_ID || (paidBy >= 100 && paidBy <= 115)).toBe(true);

    // The next Monday adds only the one used: 25 left again, not 49.
    t.clock.set(new Date(MONDAY.getTime() + 14 * DAY));
    expect(await run()).toEqual(['pro-weekly']);
    expect(await listingRow(title.id)).toMatchObject({ sponsorBought: 26, sponsorUsed: 1 });
    const mine = await t.db.select().from(purchases).where(eq(purchases.userId, owner.id));
    expect(mine.map((p) => p.quantity)).toEqual([25, 1]);
  });

  it('clears the bonus title of a deleted listing or a member no longer pro, on any day', async () => {
    t.clock.set(new Date(MONDAY.getTime() + 16 * DAY)); // a Wednesday
    const kept = await buildMember(t.db, t.clock, { membership: 'pro' });
    const deleting = await buildMember(t.db, t.clock, { membership: 'pro' });
    const lapsing = await buildMember(t.db, t.clock, { membership: 'pro' });
    const pausedTitle = await buildListing(t.db, t.clock, kept.id);
    const deletedTitle = await buildListing(t.db, t.clock, deleting.id);
    const lapsedTitle = await buildListing(t.db, t.clock, lapsing.id);
    await t.call(pro.updateBonusSelection, { ns: String(pausedTitle.id) }, kept.token);
    await t.call(pro.updateBonusSelection, { ns: String(deletedTitle.id) }, deleting.token);
    await t.call(pro.updateBonusSelection, { ns: String(lapsedTitle.id) }, lapsing.token);
    await t.db.update(listings).set({ status: 'paused' }).where(eq(listings.id, pausedTitle.id));
    await t.db.update(listings).set({ status: 'deleted' }).where(eq(listings.id, deletedTitle.id));
    await t.db
      .update(users)
      .set({ proExpires: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(users.id, lapsing.id));

    const garbled = await buildMember(t.db, t.clock, { membership: 'pro' });
    await t.db.update(users).set({ proBonus: 'not-a-listing' }).where(eq(users.id, garbled.id));

    expect(await run()).toEqual(['pro-weekly']);
    expect(await bonusOf(kept.id)).toBe(String(pausedTitle.id));
    expect(await bonusOf(garbled.id)).toBeNull();
    expect(await bonusOf(deleting.id)).toBeNull();
    expect(await bonusOf(lapsing.id)).toBeNull();

    // A paused title is kept, but gets no views while it is paused.
    t.clock.set(new Date(MONDAY.getTime() + 21 * DAY));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await run()).toEqual(['pro-weekly']);
    expect((await listingRow(pausedTitle.id)).sponsorBought).toBe(0);
    expect(await bonusOf(kept.id)).toBe(String(pausedTitle.id));
  });
});
