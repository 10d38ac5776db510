import { and, eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/test-app.js';
import { buildMember, unique, type BuiltMember } from '../../../test/factories.js';
import { DAY_MS } from '../../platform/time.js';
import { addSimImdbPage } from '../../simulated/catalogue.js';
import { subscriptions } from '../membership/membership.tables.js';
import { listings } from '../listings/listings.tables.js';
import { managedSetups, managedWeeks } from './managed.tables.js';

/** What the tests of the weekly service and the rank history share (MR6-MR12). */

export interface ManagedMember extends BuiltMember {
  nmCode: string;
}

/** An IMDb name code of its own for each page a test makes. */
export const newNmCode = () => `nm${(parseInt(unique(), 16) % 9_000_000) + 1_000_000}`;

/**
 * A member as the service finds them: a managed subscription (as staff give one, or with `tier`),
 * the setup of their IMDb person page (MR2) and the simulated page itself, with a STARmeter.
 */
export async function managedMember(
  t: TestApp,
  opts: {
    tier?: 1 | 2 | 3 | null;
    /** The tier set up by staff; the subscription's tier by default. */
    selection?: 1 | 2 | 3;
    ranks?: (number | null)[];
    starmeter?: number | null;
    credits?: Record<string, number>;
    /** Not managed: no subscription at all. */
    subscribed?: boolean;
    points?: number;
  } = {},
): Promise<ManagedMember> {
  const subscribed = opts.subscribed ?? true;
  const m = await buildMember(t.db, t.clock, {
    membership: subscribed ? 'managed' : 'free',
    points: opts.points,
  });
  const tier = opts.tier === undefined ? 3 : opts.tier;
  if (subscribed && tier !== null) {
    await t.db.update(subscriptions).set({ tier }).where(eq(subscriptions.userId, m.id));
  }
  const nmCode = newNmCode();
  await setUp(t, m.id, nmCode, { selection: opts.selection ?? tier ?? 3, ranks: opts.ranks ?? [] });
  await imdbPage(t, nmCode, {
    starmeter: opts.starmeter === undefined ? 120_000 : opts.starmeter,
    credits: opts.credits,
  });
  return { ...m, nmCode };
}

/** The setup staff save with Set Up Managed (MR2). */
export async function setUp(
  t: TestApp,
  userId: number,
  nmCode: string,
  opts: { selection: number; ranks?: (number | null)[] },
) {
  const [r1 = null, r2 = null, r3 = null, r4 = null] = opts.ranks ?? [];
  await t.db.insert(managedSetups).values({
    userId,
    nmCode,
    selection: opts.selection,
    rank1: r1,
    rank2: r2,
    rank3: r3,
    rank4: r4,
    hasPicture: true,
    unsubCode: `uc-${unique()}${unique()}`,
    setUpAt: t.clock.now(),
  });
}

/** The simulated IMDb person page (D9.2), written again with each call. */
export async function imdbPage(
  t: TestApp,
  nmCode: string,
  opts: { starmeter?: number | null; credits?: Record<string, number>; removed?: boolean } = {},
) {
  await addSimImdbPage(
    t.db,
    {
      code: nmCode,
      name: `Page ${nmCode}`,
      credits: opts.credits ?? { actor: 12, director: 3 },
      starmeter: opts.starmeter === undefined ? 120_000 : opts.starmeter,
      removed: opts.removed ?? false,
    },
    t.clock.now(),
  );
}

/** The member's weeks, oldest first. */
export const weeksOf = (t: TestApp, userId: number) =>
  t.db.select().from(managedWeeks).where(eq(managedWeeks.userId, userId)).orderBy(managedWeeks.weekEnding);

/** The member's IMDb listings of the page. */
export const pageListings = (t: TestApp, m: ManagedMember) =>
  t.db
    .select()
    .from(listings)
    .where(and(eq(listings.userId, m.id), eq(listings.externalId, m.nmCode)))
    .orderBy(listings.id);

/** A week written as the service writes it, with its rank read or not. */
export async function writeWeek(
  t: TestApp,
  userId: number,
  weekEnding: string,
  opts: { rank?: number | null; views?: number; selection?: number; target?: number } = {},
) {
  await t.db.insert(managedWeeks).values({
    userId,
    weekEnding,
    selection: opts.selection ?? 3,
    target: opts.target ?? 45_000,
    viewsGranted: opts.views ?? 250,
    rank: opts.rank ?? null,
    rankReadAt: opts.rank == null ? null : t.clock.now(),
    createdAt: t.clock.now(),
  });
}

/** Monday 16 March 2026, 12:05am PDT: a new week (ending Sunday 22 March) has begun. */
export const MONDAY = new Date('2026-03-16T07:05:00Z');
export const days = (n: number) => new Date(MONDAY.getTime() + n * DAY_MS);
