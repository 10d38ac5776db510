import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/database.js';
import { DAY_MS, addDays, pacificDay, pacificMidnight, weekOf } from '../platform/time.js';
import { users } from '../features/members/members.tables.js';
import { subscriptions } from '../features/membership/membership.tables.js';
import { listings } from '../features/listings/listings.tables.js';
import { managedSetups, managedWeeks } from '../features/managed/managed.tables.js';
import { targetOf, weeklyViews } from '../features/managed/managed.policy.js';
import { imdbCodeOf } from '../integrations/imdb-page.parser.js';
import { personPageFor } from '../simulated/catalogue.js';

/**
 * Managed Rank in the demo (docs/domain.md MR6-MR12): demo-managed, whose managed subscription
 * demo-data gives as staff would (Top 200K), is set up on their IMDb person page and has eight weeks
 * of the service behind them, the page climbing towards what its simulated page shows now (the
 * catalogue's STARmeter, where the current week's read will find it), each week's views sized as
 * the service sizes them (MR8). The current week is the weekly job's: it runs when the server
 * starts. Indexes are places in the demo's PEOPLE.
 */
const DEMO_ADMIN = 0;
const DEMO_MANAGED = 4;
const TIER = 1;

/** The page's STARmeter before the service (newest first), as staff saw it at setup (MR2), and its views. */
const BEFORE = { ranks: [2.6, 2.7, 2.55, 2.8], views: [14, 9, 11, 6] };
/** The eight weeks' STARmeter, oldest first, as multiples of the page's now: climbing, a week holding. */
const WEEKS = [2.45, 2.1, 1.78, 1.6, 1.38, 1.22, 1.25, 1.09];

export async function seedDemoManaged(tx: Db, ids: number[], now: number): Promise<void> {
  const userId = ids[DEMO_MANAGED] as number;
  const [member] = await tx
    .select({ imdbUrl: users.imdbUrl, first: users.first, last: users.last })
    .from(users)
    .where(eq(users.id, userId));
  const nmCode = member?.imdbUrl ? imdbCodeOf(member.imdbUrl) : null;
  if (!member || !nmCode?.startsWith('nm')) return;
  const target = targetOf(TIER) as number;
  const [listing] = await tx
    .select({ id: listings.id, testCat: listings.testCat })
    .from(listings)
    .where(and(eq(listings.userId, userId), eq(listings.type, 'imdb-view'), eq(listings.externalId, nmCode)));
  // What the simulated page (D9.2) shows now.
  const pageRank =
    personPageFor(nmCode, `${member.first} ${member.last}`, listing?.testCat).starmeter ?? 200_000;
  const rankOf = (multiple: number) => Math.round(pageRank * multiple);
  const before = BEFORE.ranks.map(rankOf);
  const thisMonday = weekOf(pacificDay(now)).monday;
  const firstMonday = addDays(thisMonday, -7 * WEEKS.length);

  await tx.update(subscriptions).set({ tier: TIER }).where(eq(subscriptions.userId, userId));
  await tx.insert(managedSetups).values({
    userId,
    nmCode,
    selection: TIER,
    rank1: before[0],
    rank2: before[1],
    rank3: before[2],
    rank4: before[3],
    views1: BEFORE.views[0],
    views2: BEFORE.views[1],
    views3: BEFORE.views[2],
    views4: BEFORE.views[3],
    hasPicture: true,
    unsubCode: randomBytes(16).toString('hex'),
    setUpBy: ids[DEMO_ADMIN] ?? null,
    setUpAt: new Date(pacificMidnight(firstMonday).getTime() - 2 * DAY_MS),
  });

  // The listing of the page, at point setting 0 as a managed member's (D14.2).
  if (listing) {
    await tx
      .update(listings)
      .set({ give: 0, changingTo: null, changeAt: null })
      .where(eq(listings.id, listing.id));
  }

  const ranks: number[] = [];
  const views: number[] = [];
  for (const [i, multiple] of WEEKS.entries()) {
    const rank = rankOf(multiple);
    const monday = addDays(firstMonday, 7 * i);
    const weekEnding = addDays(monday, 6);
    const sent = weeklyViews({ target, ranks: [...ranks, ...before], views });
    await tx.insert(managedWeeks).values({
      userId,
      weekEnding,
      listingId: listing?.id ?? null,
      selection: TIER,
      target,
      viewsGranted: sent,
      rank,
      // Read on the Monday after, a few minutes into the day.
      rankReadAt: new Date(pacificMidnight(addDays(weekEnding, 1)).getTime() + 10 * 60_000),
      createdAt: new Date(pacificMidnight(monday).getTime() + 5 * 60_000),
    });
    ranks.unshift(rank);
    views.unshift(sent);
  }
}
