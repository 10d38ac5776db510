import { pro as contract } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { Caller } from '../../platform/auth.js';
import type { DailyJob } from '../../platform/jobs.js';
import { badInput, forbidden, loggedOut } from '../../platform/errors.js';
import { addDays, pacificDay, pacificMidnight, weekOf } from '../../platform/time.js';
import { imdbCodeOf } from '../../integrations/imdb-page.parser.js';
import { findMember, type MemberRow } from '../members/index.js';
import { membershipOf } from '../membership/index.js';
import {
  activeBonusTitles,
  bonusListings,
  clearStaleBonuses,
  lockSponsoredCounters,
  pastWeeks,
  raiseSponsorBought,
  recordBonusTopUp,
  setBonus,
  setMinimum,
  starmeterPages,
  storeStarmeter,
  viewsByDay,
} from './pro.repo.js';
import {
  bonusTopUp,
  daysOfWeekSoFar,
  isMinimumOption,
  mayUseProPanels,
  presentWeek,
  weekdayOf,
} from './pro.policy.js';

/** The calling member, refused unless pro (spec 2 §2: the panels are pro members' only). */
async function proMember(deps: AppDeps, caller: Caller): Promise<MemberRow> {
  const member = await findMember(deps.db, caller.userId);
  if (!member) throw loggedOut();
  if (!mayUseProPanels(membershipOf(member, deps.clock.now()).membership)) throw forbidden(contract.PRO_ONLY);
  return member;
}

/** pro/fetchMinimumOptions: the minimum values, the member's own selected. */
export async function fetchMinimumOptions(deps: AppDeps, caller: Caller) {
  const member = await proMember(deps, caller);
  return {
    status: 'success' as const,
    options: contract.PRO_MINIMUM_OPTIONS.map((value) => ({ value, selected: value === member.proMinimum })),
  };
}

/** pro/updateMinimum?nm=: IMDb listings giving fewer points are no longer offered on the dashboard. */
export async function updateMinimum(deps: AppDeps, caller: Caller, minimum: number) {
  await proMember(deps, caller);
  if (!isMinimumOption(minimum)) throw badInput('Please choose one of the minimum values shown.');
  await setMinimum(deps.db, caller.userId, minimum);
  return { status: 'success' as const, message: contract.MINIMUM_UPDATED, minimum };
}

const chosenListing = (member: MemberRow) =>
  member.proBonus !== null && /^\d{1,10}$/.test(member.proBonus) ? Number(member.proBonus) : null;

async function bonusOptions(deps: AppDeps, member: MemberRow) {
  const chosen = chosenListing(member);
  const rows = await bonusListings(deps.db, member.id, chosen);
  const selected = rows.some((r) => r.id === chosen) ? String(chosen) : contract.PRO_BONUS_NONE;
  const options: contract.ProOption[] = [
    { code: contract.PRO_BONUS_NONE, title: 'None', selected: selected === contract.PRO_BONUS_NONE },
    ...rows.map((r) => ({
      code: String(r.id),
      // A chosen listing that is not active keeps its place, saying why it gets no views now.
      title: r.status === 'active' ? r.name : `${r.name} (${r.status})`,
      selected: selected === String(r.id),
    })),
  ];
  return { selected, options };
}

/** pro/fetchBonusOptions: 'None' and the member's active IMDb views. */
export async function fetchBonusOptions(deps: AppDeps, caller: Caller) {
  const member = await proMember(deps, caller);
  return { status: 'success' as const, ...(await bonusOptions(deps, member)) };
}

/** pro/updateBonusSelection?ns=: the bonus title, topped up to 25 sponsored views every Monday. */
export async function updateBonusSelection(deps: AppDeps, caller: Caller, code: string) {
  const member = await proMember(deps, caller);
  const { options } = await bonusOptions(deps, member);
  if (!options.some((o) => o.code === code)) {
    throw badInput('Please choose one of your IMDb listings shown, or None.');
  }
  await setBonus(deps.db, member.id, code === contract.PRO_BONUS_NONE ? null : Number(code));
  return { status: 'success' as const, message: contract.BONUS_UPDATED, selected: code };
}

/**
 * pro/fetchProHistory?tab=: 'current' is this Pacific week, Monday to today, day by day; 'past' the
 * weeks before it, newest first, with the STARmeter rank change (one query each).
 */
export async function fetchProHistory(deps: AppDeps, caller: Caller, tab: 'current' | 'past') {
  const member = await proMember(deps, caller);
  const now = deps.clock.now();
  const today = pacificDay(now);
  const { monday } = weekOf(today);
  if (tab === 'current') {
    const rows = await viewsByDay(deps.db, member.id, pacificMidnight(monday));
    const byDay = new Map(rows.map((r) => [r.day, r.views]));
    const current = daysOfWeekSoFar(today).map((date) => ({
      date,
      day: weekdayOf(date),
      views: byDay.get(date) ?? 0,
    }));
    return {
      status: 'success' as const,
      tab,
      current,
      total: current.reduce((sum, d) => sum + d.views, 0),
      past: [],
    };
  }
  const oldestMonday = addDays(monday, -7 * contract.PRO_PAST_WEEKS);
  const rows = await pastWeeks(deps.db, {
    ownerId: member.id,
    thisMonday: monday,
    since: pacificMidnight(oldestMonday),
    until: pacificMidnight(monday),
    weeks: contract.PRO_PAST_WEEKS,
    joinedDay: weekOf(pacificDay(member.createdAt)).monday,
  });
  const past = rows.map((r) => presentWeek({ ...r, views: Number(r.views) }));
  return {
    status: 'success' as const,
    tab,
    current: [],
    total: past.reduce((sum, w) => sum + w.views, 0),
    past,
  };
}

/** IMDb pages read at once by the Monday STARmeter snapshot. */
const READS_AT_ONCE = 4;

/**
 * The pro members' weekly job, daily at 12am Pacific: every day it clears bonus titles whose member
 * is no longer pro or whose listing is gone; on Mondays it tops each bonus title up to 25 sponsored
 * views (recorded as a $0 purchase from the house) and, once that has committed, reads each pro
 * member's STARmeter for the week that just ended.
 */
export const proWeeklyJob: DailyJob = {
  name: 'pro-weekly',
  async run(tx, { deps, day, now }) {
    await clearStaleBonuses(tx, now);
    if (weekdayOf(day) !== 'Monday') return;
    const weekEnding = addDays(day, -1);
    for (const title of await activeBonusTitles(tx, now)) {
      const counters = await lockSponsoredCounters(tx, title.listingId);
      const added = counters ? bonusTopUp(counters.bought, counters.used) : 0;
      if (added <= 0) continue;
      const recorded = await recordBonusTopUp(tx, { ...title, weekEnding, added, at: now });
      if (recorded) await raiseSponsorBought(tx, title.listingId, added);
    }
    const pages = await starmeterPages(tx, now);
    // IMDb is read outside the transaction: a slow page never holds the job's rows.
    return () => snapshotStarmeters(deps, pages, weekEnding);
  },
};

/**
 * Reads and stores the STARmeter of each page for the week ending `weekEnding`. A page that cannot
 * be read, or shows no STARmeter, is skipped and logged: never a made-up rank.
 */
async function snapshotStarmeters(
  deps: AppDeps,
  pages: { userId: number; imdbUrl: string | null; listingUrl: string | null }[],
  weekEnding: string,
): Promise<void> {
  const queue = [...pages];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const url = personPage(next.imdbUrl) ?? personPage(next.listingUrl);
      if (!url) continue;
      try {
        const page = await deps.integrations.imdb.read(url);
        if (!page || page.starmeter === null) {
          console.warn(
            `Marquee: no STARmeter on ${url} for member ${next.userId}; week ${weekEnding} skipped.`,
          );
          continue;
        }
        await storeStarmeter(deps.db, next.userId, weekEnding, page.starmeter);
      } catch (err) {
        console.warn(`Marquee: the STARmeter of member ${next.userId} could not be read (${url}).`, err);
      }
    }
  };
  await Promise.all(Array.from({ length: READS_AT_ONCE }, worker));
}

/** The URL when it names an IMDb person page (nm…): STARmeter ranks belong to people. */
const personPage = (url: string | null) => (url && imdbCodeOf(url)?.startsWith('nm') ? url : null);
