import type { AppDeps } from '../../platform/deps.js';
import type { DailyJob } from '../../platform/jobs.js';
import { addDays, pacificDay, weekOf } from '../../platform/time.js';
import type { ImdbPage } from '../../integrations/types.js';
import { keepReaderFacts } from '../earn/index.js';
import {
  addSponsoredViews,
  dueMembers,
  findPageListing,
  holdAtZero,
  insertPageListing,
  insertWeek,
  lockMember,
  setWeekListing,
  storeRank,
  unreadWeeks,
  weeksBefore,
  type DueMember,
} from './service.repo.js';
import { RANK_READ_DAYS, personPageUrl, questionCategory, targetOf, weeklyViews } from './managed.policy.js';

/** The Managed Rank service itself, weekly (D14.2, docs/domain.md MR6-MR8, MR12). */

/** IMDb pages read at once. */
const READS_AT_ONCE = 4;
/** The service's own weeks the sizing looks back on (MR8). */
const WEEKS_LOOKED_BACK = 4;

/**
 * The daily `managed-weekly` job (MR6, MR7), claimed once a day site-wide (platform/jobs.ts). What it
 * does reads IMDb pages, which is never done inside a transaction, so it runs once the day's run is
 * claimed; each member's week is then its own transaction. A week missed (a page that could not be
 * read, a server stopped half-way) is done the next day, since a week that has its row is done.
 */
export const managedWeeklyJob: DailyJob = {
  name: 'managed-weekly',
  run:
    async (_tx, { deps, now }) =>
    async () => {
      await runManagedWeek(deps, now);
    },
};

/**
 * The service's day: first the STARmeter of the weeks that have ended (MR7), so that this week's
 * views are sized on the week that just ended; then this week's views for each member due them (MR6).
 * Answers what it did. Safe to run any number of times, on any number of servers at once.
 */
export async function runManagedWeek(deps: AppDeps, now: Date) {
  const ranksRead = await readEndedWeeks(deps, now);
  const weeksSent = await sendWeeklyViews(deps, now);
  return { ranksRead, weeksSent };
}

/**
 * MR6: for each member due a week, the week's row first, then the member's IMDb listing of the
 * set-up page (made if missing, at 0 points) and the week's sponsored views on it, paid to earners by
 * the house as they view it (MR12). Answers the members whose week was written by this run.
 */
async function sendWeeklyViews(deps: AppDeps, now: Date): Promise<{ userId: number; views: number }[]> {
  const { sunday } = weekOf(pacificDay(now));
  const sent: { userId: number; views: number }[] = [];
  for (const member of await dueMembers(deps.db, { now, weekEnding: sunday })) {
    try {
      // The page is read only for a member who has no listing of it yet, and before the transaction.
      const page = (await findPageListing(deps.db, member.userId, member.nmCode))
        ? null
        : await readPersonPage(deps, member);
      const views = await sendWeek(deps, member, page, { weekEnding: sunday, now });
      if (views !== null) sent.push({ userId: member.userId, views });
    } catch (err) {
      console.warn(
        `Marquee: the Managed Rank week of member ${member.userId} was not sent; it is tried again tomorrow.`,
        err,
      );
    }
  }
  return sent;
}

class PageUnreadable extends Error {}

/** The set-up person page with what a listing needs (its name, question and facts), or an error saying why not. */
async function readPersonPage(deps: AppDeps, member: DueMember): Promise<ImdbPage & { testCat: string }> {
  const page = await deps.integrations.imdb.read(personPageUrl(member.nmCode));
  if (!page || page.kind !== 'person') throw new PageUnreadable(`no IMDb person page ${member.nmCode}`);
  const testCat = questionCategory(page.credits);
  if (!testCat) throw new PageUnreadable(`the IMDb page ${member.nmCode} lists no credits to ask about`);
  return { ...page, testCat };
}

/**
 * One member's week, in one transaction: the sizing (MR8), the week's row (nothing more when another
 * run wrote it first), the listing at point setting 0 and its sponsored views. Answers the views sent,
 * or null when the week was already written.
 */
async function sendWeek(
  deps: AppDeps,
  member: DueMember,
  page: (ImdbPage & { testCat: string }) | null,
  q: { weekEnding: string; now: Date },
): Promise<number | null> {
  // The subscription's tier; a subscription staff gave without one serves the tier set up.
  const selection = targetOf(member.tier) === null ? member.setupSelection : (member.tier as number);
  const target = targetOf(selection);
  if (target === null) throw new Error(`no tier ${selection}`);
  return deps.db.transaction(async (tx) => {
    const before = await weeksBefore(tx, member.userId, q.weekEnding, WEEKS_LOOKED_BACK);
    const views = weeklyViews({
      target,
      ranks: [...before.map((w) => w.rank), ...member.setupRanks],
      views: before.map((w) => w.views),
    });
    const written = await insertWeek(tx, {
      userId: member.userId,
      weekEnding: q.weekEnding,
      selection,
      target,
      viewsGranted: views,
      createdAt: q.now,
    });
    if (!written) return null;
    await lockMember(tx, member.userId);
    let listingId = (await findPageListing(tx, member.userId, member.nmCode))?.id ?? null;
    if (listingId === null) {
      // Listed meanwhile and then removed: read again tomorrow.
      if (!page) throw new PageUnreadable(`the listing of ${member.nmCode} went while the week was sent`);
      listingId = await insertPageListing(tx, {
        userId: member.userId,
        type: 'imdb-view',
        platform: 'imdb',
        name: page.name,
        url: personPageUrl(member.nmCode),
        externalId: member.nmCode,
        externalProfile: page.imageUrl,
        externalDescription: 'IMDb name page',
        give: 0,
        pageCategory: 3,
        imdbType: 'person',
        testCat: page.testCat,
        nmCode: member.nmCode,
        createdAt: q.now,
      });
      // The questions' facts as the page says them now (D5.4), as Add Listing keeps them.
      const facts = Object.entries(page.credits).map(([category, value]) => ({
        question: `credits:${category}`,
        value,
      }));
      if (page.starmeter !== null) facts.push({ question: 'starmeter', value: page.starmeter });
      await keepReaderFacts(tx, member.nmCode, facts, q.now);
    } else {
      await holdAtZero(tx, listingId);
    }
    await addSponsoredViews(tx, listingId, views);
    await setWeekListing(tx, member.userId, q.weekEnding, listingId);
    return views;
  });
}

/**
 * MR7: the STARmeter of each week that has ended and is not read yet, through the IMDb page reader,
 * kept on the week's row. A page that cannot be read now, or shows no STARmeter, leaves the rank
 * unknown and is tried again the next day, for RANK_READ_DAYS days. Answers how many were read.
 */
async function readEndedWeeks(deps: AppDeps, now: Date): Promise<number> {
  const today = pacificDay(now);
  const queue = await unreadWeeks(deps.db, { since: addDays(today, -RANK_READ_DAYS), today });
  let read = 0;
  const worker = async () => {
    for (let week = queue.shift(); week; week = queue.shift()) {
      const url = personPageUrl(week.nmCode);
      try {
        const page = await deps.integrations.imdb.read(url);
        if (!page || page.starmeter === null) {
          console.warn(
            `Marquee: no STARmeter on ${url} for member ${week.userId}; week ${week.weekEnding} is read again tomorrow.`,
          );
          continue;
        }
        const kept = await storeRank(deps.db, {
          userId: week.userId,
          weekEnding: week.weekEnding,
          rank: page.starmeter,
          at: deps.clock.now(),
        });
        if (kept) read += 1;
      } catch (err) {
        console.warn(
          `Marquee: the STARmeter of member ${week.userId} could not be read (${url}); tried again tomorrow.`,
          err,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: READS_AT_ONCE }, worker));
  return read;
}
