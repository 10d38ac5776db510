import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { earn } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember } from '../../../test/factories.js';
import { runDueJobs } from '../../platform/jobs.js';
import { users } from '../members/members.tables.js';
import { listings } from '../listings/listings.tables.js';
import { ledgerEntries } from '../points/points.tables.js';
import { checkLedger } from '../points/ledger.check.js';
import { managedWeeklyJob, runManagedWeek } from './service.service.js';
import { MONDAY, days, managedMember, pageListings, weeksOf } from './service.test-support.js';

/**
 * The weekly service run by several servers at once (MR6): on PostgreSQL the runs go on the pool's
 * connections together, each week's row deciding which one sends it; on PGlite one after another.
 * Either way a week's views are granted once, and the ledger holds (MR12, D3.1).
 */
const t = useTestApp({ ownDatabase: true });

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('the managed-weekly job at once on several servers (MR6)', () => {
  it('MR6: runs once when two servers ask for the day’s jobs at the same moment', async () => {
    t.clock.set(MONDAY);
    const member = await managedMember(t, { ranks: [90_000] });
    const ran = await Promise.all([
      runDueJobs(t.app.deps, [managedWeeklyJob]),
      runDueJobs(t.app.deps, [managedWeeklyJob]),
    ]);
    expect(ran.flat()).toEqual(['managed-weekly']);
    expect(await weeksOf(t, member.id)).toMatchObject([{ weekEnding: '2026-03-22', viewsGranted: 500 }]);
    expect(await pageListings(t, member)).toMatchObject([{ sponsorBought: 500 }]);
  });

  it('MR6: grants each member’s week once however many runs go at once, listing each page once', async () => {
    t.clock.set(days(7));
    const members = [
      await managedMember(t, { ranks: [90_000] }),
      await managedMember(t, { ranks: [180_000] }),
      await managedMember(t, { ranks: [45_000] }),
    ];
    const runs = await Promise.all(
      Array.from({ length: 6 }, () => runManagedWeek(t.app.deps, t.clock.now())),
    );
    const sent = runs.flatMap((r) => r.weeksSent);
    for (const [m, views] of [
      [members[0], 500],
      [members[1], 1_000],
      [members[2], 150],
    ] as const) {
      expect(sent.filter((s) => s.userId === m?.id)).toEqual([{ userId: m?.id, views }]);
      expect(await weeksOf(t, m?.id as number)).toMatchObject([
        { weekEnding: '2026-03-29', viewsGranted: views },
      ]);
      expect(await pageListings(t, m as NonNullable<typeof m>)).toMatchObject([
        { give: 0, sponsorBought: views },
      ]);
    }
  });

  it('MR6, MR12: earners crediting the listing while the next week is granted: every view paid by the house, counted once', async () => {
    // Sunday night: the week's views are on the listing and earners have them open.
    t.clock.set(new Date(days(14).getTime() - 6 * 60_000));
    const member = await managedMember(t, { points: 0, credits: { actor: 12 }, ranks: [90_000] });
    await runManagedWeek(t.app.deps, t.clock.now());
    const [listing] = await pageListings(t, member);
    const id = listing?.id as number;
    expect(listing?.sponsorBought).toBe(500);
    const earners = await Promise.all(Array.from({ length: 8 }, () => buildMember(t.db, t.clock)));
    for (const e of earners) {
      const offered = await t.call(
        earn.fetchListings,
        { listingType: 'user', user_id: member.id, maxItems: 10 },
        e.token,
      );
      expect(offered.body.listings).toMatchObject([{ id, sponsored: true, points: 18 }]);
      expect((await t.call(earn.startAction, { listing_id: id }, e.token)).body.status).toBe('success');
    }
    const ledgerBefore = await t.db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries);

    // Monday, 12:01am: the job grants the new week while the answers arrive.
    t.clock.set(new Date(days(14).getTime() - 4 * 60_000));
    const [run, ...credits] = await Promise.all([
      runManagedWeek(t.app.deps, t.clock.now()),
      ...earners.map((e) => t.call(earn.recordCorrectAnswer, { listing_id: id, answer: 12 }, e.token)),
    ]);
    expect(credits.map((c) => c.body.status)).toEqual(earners.map(() => 'success'));
    expect(run?.weeksSent.filter((w) => w.userId === member.id)).toHaveLength(1);
    const [after] = await t.db.select().from(listings).where(eq(listings.id, id));
    const weeks = await weeksOf(t, member.id);
    expect(weeks).toHaveLength(2);
    expect(after).toMatchObject({
      give: 0,
      sponsorUsed: 8,
      sponsorBought: 500 + (weeks[1]?.viewsGranted as number),
    });
    // Each credit is one movement of two rows: 18 from the house's till to the earner.
    const [ledgerAfter] = await t.db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries);
    expect(ledgerAfter?.n).toBe((ledgerBefore[0]?.n as number) + 16);
    const [owner] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(owner?.points).toBe(0);
    for (const e of earners) {
      const [row] = await t.db.select().from(users).where(eq(users.id, e.id));
      expect(row?.points).toBe(18);
    }
    expect((await checkLedger(t.db)).problems).toEqual([]);
  });
});
