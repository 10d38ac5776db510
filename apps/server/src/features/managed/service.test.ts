import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { earn, managed } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildListing, buildMember, setStatus } from '../../../test/factories.js';
import { DAILY_JOBS } from '../../app.js';
import { runDueJobs } from '../../platform/jobs.js';
import { users } from '../members/members.tables.js';
import { subscriptions } from '../membership/membership.tables.js';
import { listings } from '../listings/listings.tables.js';
import { imdbFacts } from '../earn/earn.tables.js';
import { ledgerEntries } from '../points/points.tables.js';
import { checkLedger } from '../points/ledger.check.js';
import { HOUSE_ID } from '../points/ledger.js';
import { managedWeeks } from './managed.tables.js';
import { managedWeeklyJob, runManagedWeek } from './service.service.js';
import { weeklyViews } from './managed.policy.js';
import {
  MONDAY,
  days,
  imdbPage,
  managedMember,
  pageListings,
  setUp,
  weeksOf,
  writeWeek,
  newNmCode,
} from './service.test-support.js';

// The job reads every managed member: this file's database is its own.
const t = useTestApp({ ownDatabase: true });

const runJob = () => runDueJobs(t.app.deps, [managedWeeklyJob]);
const runService = () => runManagedWeek(t.app.deps, t.clock.now());

async function listingRow(id: number) {
  const [row] = await t.db.select().from(listings).where(eq(listings.id, id));
  return row as typeof listings.$inferSelect;
}

/** Ledger rows of the house and its tills (D2.1: 1 and 100-115). */
const houseRows = async () =>
  t.db
    .select()
    .from(ledgerEntries)
    .where(sql`${ledgerEntries.accountId} = ${HOUSE_ID} or ${ledgerEntries.accountId} between 100 and 115`);

// Pages that cannot be read are said so in the log (checked where it matters), quietly here.
let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('the managed-weekly job (MR6)', () => {
  it('is one of the daily jobs', () => {
    expect(DAILY_JOBS).toContain(managedWeeklyJob);
    expect(managedWeeklyJob.name).toBe('managed-weekly');
  });

  it('MR6: writes the week and lists the set-up page at 0 points with the week’s sponsored views, once a week', async () => {
    t.clock.set(MONDAY);
    const member = await managedMember(t, { tier: 3, ranks: [180_000, 175_000], credits: { actor: 12 } });
    const ledgerBefore = (await t.db.select().from(ledgerEntries)).length;

    expect(await runJob()).toEqual(['managed-weekly']);

    const expected = weeklyViews({ target: 45_000, ranks: [180_000, 175_000], views: [] });
    expect(expected).toBe(1_250);
    const [listing] = await pageListings(t, member);
    expect(listing).toMatchObject({
      type: 'imdb-view',
      platform: 'imdb',
      url: `https://www.imdb.com/name/${member.nmCode}/`,
      name: `Page ${member.nmCode}`,
      give: 0,
      status: 'active',
      imdbType: 'person',
      pageCategory: 3,
      testCat: 'actor',
      nmCode: member.nmCode,
      sponsorBought: expected,
      sponsorUsed: 0,
      sponsorLeft: true,
    });
    expect(await weeksOf(t, member.id)).toEqual([
      {
        userId: member.id,
        weekEnding: '2026-03-22',
        listingId: listing?.id,
        selection: 3,
        target: 45_000,
        viewsGranted: expected,
        rank: null,
        rankReadAt: null,
        createdAt: MONDAY,
      },
    ]);
    // The questions' facts, as the page said them (D5.4).
    const facts = await t.db.select().from(imdbFacts).where(eq(imdbFacts.pageCode, member.nmCode));
    expect(facts.find((f) => f.question === 'credits:actor')?.value).toBe(12);
    // MR12: granting moves no points; the house pays earners as they view.
    expect(await t.db.select().from(ledgerEntries)).toHaveLength(ledgerBefore);

    // Again the same day: the day's run is claimed; run anyway, the week's row says it is done.
    expect(await runJob()).toEqual([]);
    expect((await runService()).weeksSent).toEqual([]);
    // Later in the week: nothing more.
    t.clock.set(days(3));
    expect(await runJob()).toEqual(['managed-weekly']);
    expect(await weeksOf(t, member.id)).toHaveLength(1);
    expect((await listingRow(listing?.id as number)).sponsorBought).toBe(expected);
  });

  it('MR6: serves active managed members with a setup only, a cancelled subscription until its paid-through date', async () => {
    t.clock.set(days(7));
    const served = await managedMember(t);
    const noSetup = await buildMember(t.db, t.clock, { membership: 'managed' });
    const notManaged = await managedMember(t, { subscribed: false });
    const ended = await managedMember(t);
    await t.db.update(subscriptions).set({ status: 'ended' }).where(eq(subscriptions.userId, ended.id));
    const lapsed = await managedMember(t);
    await t.db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(subscriptions.userId, lapsed.id));
    const cancelled = await managedMember(t);
    await t.db
      .update(subscriptions)
      .set({ status: 'cancelled' })
      .where(eq(subscriptions.userId, cancelled.id));
    const deactivated = await managedMember(t);
    await setStatus(t.db, deactivated.id, 'deactivated');

    const { weeksSent } = await runService();
    const ids = weeksSent.map((w) => w.userId);
    expect(ids).toEqual(expect.arrayContaining([served.id, cancelled.id]));
    for (const m of [noSetup, notManaged, ended, lapsed, deactivated]) expect(ids).not.toContain(m.id);
    expect(await pageListings(t, notManaged)).toEqual([]);
    const rows = await t.db
      .select({ userId: managedWeeks.userId })
      .from(managedWeeks)
      .where(inArray(managedWeeks.userId, [noSetup.id, notManaged.id, ended.id, lapsed.id, deactivated.id]));
    expect(rows).toEqual([]);
  });

  it('MR6: sizes on the subscription’s tier, or on the tier set up when staff gave the subscription without one', async () => {
    t.clock.set(days(7));
    const top100 = await managedMember(t, { tier: 2, selection: 3, ranks: [170_000] });
    const untiered = await managedMember(t, { tier: null, selection: 1, ranks: [350_000] });
    await runService();
    expect(await weeksOf(t, top100.id)).toMatchObject([{ selection: 2, target: 85_000, viewsGranted: 500 }]);
    expect(await weeksOf(t, untiered.id)).toMatchObject([
      { selection: 1, target: 175_000, viewsGranted: 500 },
    ]);
  });

  it('MR6, MR9: uses the member’s own listing of the page, held at point setting 0, adding to the views it has', async () => {
    t.clock.set(days(7));
    const member = await managedMember(t, { ranks: [90_000] });
    const own = await buildListing(t.db, t.clock, member.id, {
      url: `https://www.imdb.com/name/${member.nmCode}/`,
      externalId: member.nmCode,
      nmCode: member.nmCode,
      give: 18,
      changingTo: 12,
      changeAt: new Date(t.clock.now().getTime() + 60_000),
      // From the old site: 40 bought, shown as its absolute value, 10 used.
      sponsorBought: -40,
      sponsorUsed: 10,
    });
    const other = await buildListing(t.db, t.clock, member.id, { give: 18 });
    await runService();
    expect(await pageListings(t, member)).toHaveLength(1);
    expect(await listingRow(own.id)).toMatchObject({
      give: 0,
      changingTo: null,
      changeAt: null,
      sponsorBought: 40 + 500,
      sponsorUsed: 10,
    });
    expect(await weeksOf(t, member.id)).toMatchObject([{ listingId: own.id, viewsGranted: 500 }]);
    // Only the set-up page's listing.
    expect(await listingRow(other.id)).toMatchObject({ give: 18, sponsorBought: 0 });
  });

  it('MR6: a page that cannot be read leaves the week for the next day, when it is sent', async () => {
    t.clock.set(days(7));
    const gone = await managedMember(t);
    await imdbPage(t, gone.nmCode, { removed: true });
    const noCredits = await managedMember(t, { credits: {} });
    await runService();
    expect(await weeksOf(t, gone.id)).toEqual([]);
    expect(await weeksOf(t, noCredits.id)).toEqual([]);
    expect(await pageListings(t, gone)).toEqual([]);
    const warned = warn.mock.calls.map((c) => String(c[0]));
    expect(warned.some((w) => w.includes(`member ${gone.id}`))).toBe(true);
    expect(warned.some((w) => w.includes(`member ${noCredits.id}`))).toBe(true);

    t.clock.set(days(8));
    await imdbPage(t, gone.nmCode, { starmeter: 70_000 });
    await runService();
    expect(await weeksOf(t, gone.id)).toMatchObject([{ weekEnding: '2026-03-29', viewsGranted: 250 }]);
    expect(await pageListings(t, gone)).toMatchObject([{ give: 0, sponsorBought: 250 }]);
  });
});

describe('the managed listing’s views, paid by the house (MR12)', () => {
  it('MR12: offers the 0-point listing as sponsored on the IMDb tab and the profile list, paying the earner 18 from the house', async () => {
    t.clock.set(days(14));
    const member = await managedMember(t, { points: 0, credits: { actor: 12 } });
    await runService();
    const [listing] = await pageListings(t, member);
    const id = listing?.id as number;
    expect(listing?.give).toBe(0);

    const earner = await buildMember(t.db, t.clock);
    const tab = await t.call(earn.fetchListings, { listingType: 'imdb', maxItems: 20 }, earner.token);
    expect(tab.body.status).toBe('success');
    expect(tab.body.listings.find((l) => l.id === id)).toMatchObject({
      sponsored: true,
      points: managed.MANAGED_VIEW_POINTS,
    });
    const profile = await t.call(
      earn.fetchListings,
      { listingType: 'user', user_id: member.id, maxItems: 10 },
      earner.token,
    );
    expect(profile.body.listings).toMatchObject([{ id, sponsored: true, points: 18 }]);

    const houseBefore = await houseRows();
    await t.call(earn.startAction, { listing_id: id }, earner.token);
    t.clock.advance(10_000);
    const credited = await t.call(earn.recordCorrectAnswer, { listing_id: id, answer: 12 }, earner.token);
    expect(credited.body).toMatchObject({ status: 'success', points_earned: 18 });

    const [owner] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(owner?.points).toBe(0);
    const [earnerRow] = await t.db.select().from(users).where(eq(users.id, earner.id));
    expect(earnerRow?.points).toBe(18);
    expect(await listingRow(id)).toMatchObject({ give: 0, sponsorUsed: 1 });
    const paid = (await houseRows()).filter((r) => !houseBefore.some((b) => b.id === r.id));
    expect(paid).toMatchObject([{ delta: -18, kind: 'sponsored' }]);
    expect((await checkLedger(t.db)).problems).toEqual([]);
  });

  it('MR12: once the week’s views are used up, the listing is offered to nobody and costs its owner nothing', async () => {
    t.clock.set(days(14));
    const member = await managedMember(t, { points: 500 });
    await runService();
    const [listing] = await pageListings(t, member);
    const id = listing?.id as number;
    await t.db
      .update(listings)
      .set({ sponsorUsed: sql`${listings.sponsorBought}` })
      .where(eq(listings.id, id));
    const earner = await buildMember(t.db, t.clock);
    const tab = await t.call(earn.fetchListings, { listingType: 'imdb', maxItems: 20 }, earner.token);
    expect(tab.body.listings.map((l) => l.id)).not.toContain(id);
    const profile = await t.call(
      earn.fetchListings,
      { listingType: 'user', user_id: member.id, maxItems: 10 },
      earner.token,
    );
    expect(profile.body.listings.map((l) => l.id)).not.toContain(id);
    // Paused sponsored activity is not offered either (D6.4).
    await t.db
      .update(listings)
      .set({ sponsorBought: sql`${listings.sponsorUsed} + 10`, sponsorPaused: true })
      .where(eq(listings.id, id));
    const paused = await t.call(earn.fetchListings, { listingType: 'imdb', maxItems: 20 }, earner.token);
    expect(paused.body.listings.map((l) => l.id)).not.toContain(id);
  });

  it('MR12: other 0-point listings stay unoffered (D4.2), sponsored or not', async () => {
    const owner = await buildMember(t.db, t.clock, { membership: 'premium', points: 100 });
    const zero = await buildListing(t.db, t.clock, owner.id, { give: 0, sponsorBought: 20 });
    const earner = await buildMember(t.db, t.clock);
    const tab = await t.call(earn.fetchListings, { listingType: 'imdb', maxItems: 20 }, earner.token);
    expect(tab.body.listings.map((l) => l.id)).not.toContain(zero.id);
    const profile = await t.call(
      earn.fetchListings,
      { listingType: 'user', user_id: owner.id, maxItems: 10 },
      earner.token,
    );
    expect(profile.body.listings.map((l) => l.id)).not.toContain(zero.id);
  });
});

describe('the rank at the week’s end (MR7, MR8)', () => {
  it('MR7, MR8: reads the STARmeter of the week that ended, then sizes the new week on it', async () => {
    t.clock.set(days(21));
    const member = await managedMember(t, { ranks: [180_000], starmeter: 150_000 });
    await runService();
    expect(await weeksOf(t, member.id)).toMatchObject([
      { weekEnding: '2026-04-12', rank: null, viewsGranted: 1_000 },
    ]);

    // The week ends; the page is read on the Monday after.
    t.clock.set(days(28));
    await imdbPage(t, member.nmCode, { starmeter: 90_000 });
    await runService();
    const weeks = await weeksOf(t, member.id);
    expect(weeks).toMatchObject([
      { weekEnding: '2026-04-12', rank: 90_000, rankReadAt: days(28), viewsGranted: 1_000 },
      // 90,000 is twice the Top 60K target: 500.
      { weekEnding: '2026-04-19', rank: null, viewsGranted: 500 },
    ]);
    const [listing] = await pageListings(t, member);
    expect(listing?.sponsorBought).toBe(1_500);
  });

  it('MR7: a page that cannot be read keeps the rank unknown, tries again the next day, for a week', async () => {
    t.clock.set(days(28));
    const member = await managedMember(t, { starmeter: null });
    await writeWeek(t, member.id, '2026-04-12');
    // Ended more than a week ago: not read any more, the rank stays unknown.
    await writeWeek(t, member.id, '2026-04-05');
    await runService();
    expect(await weeksOf(t, member.id)).toMatchObject([
      { weekEnding: '2026-04-05', rank: null },
      { weekEnding: '2026-04-12', rank: null },
      { weekEnding: '2026-04-19', rank: null },
    ]);
    expect(warn.mock.calls.some((c) => String(c[0]).includes(`member ${member.id}`))).toBe(true);

    t.clock.set(days(29));
    await imdbPage(t, member.nmCode, { starmeter: 64_321 });
    expect((await runService()).ranksRead).toBeGreaterThanOrEqual(1);
    expect(await weeksOf(t, member.id)).toMatchObject([
      { weekEnding: '2026-04-05', rank: null },
      { weekEnding: '2026-04-12', rank: 64_321, rankReadAt: days(29) },
      // Still this week: read once it ends.
      { weekEnding: '2026-04-19', rank: null },
    ]);

    // A rank read stays what it was.
    await imdbPage(t, member.nmCode, { starmeter: 1_000 });
    await runService();
    expect((await weeksOf(t, member.id))[1]?.rank).toBe(64_321);
  });

  it('MR7: leaves the weeks of a member whose setup is gone', async () => {
    t.clock.set(days(28));
    const m = await buildMember(t.db, t.clock);
    await writeWeek(t, m.id, '2026-04-12');
    await runService();
    expect(await weeksOf(t, m.id)).toMatchObject([{ rank: null }]);
  });
});

describe('a managed member set up twice over time', () => {
  it('MR6: serves a page set up after an earlier one on its own listing', async () => {
    t.clock.set(days(35));
    const member = await managedMember(t);
    await runService();
    const first = await pageListings(t, member);
    // Staff change the page: the next week goes to the new page's listing.
    const nm = newNmCode();
    await t.db.execute(sql`delete from managed_setups where user_id = ${member.id}`);
    await setUp(t, member.id, nm, { selection: 3 });
    await imdbPage(t, nm, { starmeter: 50_000 });
    t.clock.set(days(42));
    await runService();
    const weeks = await weeksOf(t, member.id);
    expect(weeks).toHaveLength(2);
    const [newListing] = await t.db
      .select()
      .from(listings)
      .where(and(eq(listings.userId, member.id), eq(listings.externalId, nm)));
    expect(weeks[1]?.listingId).toBe(newListing?.id);
    expect(weeks[0]?.listingId).toBe(first[0]?.id);
  });
});
