import { adminMembers, dayInWords, type managed as contract } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { Caller } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import { findMember } from '../members/index.js';
import { managedFacts, weeksOf } from './history.repo.js';
import { formatStarmeter, rankLabels, targetOf, tierNameOf } from './managed.policy.js';

/** The rank history: the member's own (MR10) and the admin user page's (MR11). */

type WeekRow = Awaited<ReturnType<typeof weeksOf>>[number];

/**
 * The member's tier: their subscription's, else the one staff set up (a subscription staff gave
 * without a tier, or none yet); null for a member never set up.
 */
function tierOf(facts: Awaited<ReturnType<typeof managedFacts>>) {
  if (facts.managed && targetOf(facts.tier) !== null) return facts.tier;
  if (facts.setupSelection !== null) return facts.setupSelection;
  return null;
}

const targetFrom = (selection: number | null, weeks: WeekRow[]) =>
  targetOf(selection) ?? weeks[0]?.target ?? null;

/** The labels of the weeks whose rank was read (MR7), by week. */
function labelsOf(weeks: WeekRow[]): Map<string, string> {
  const read = weeks.filter((w): w is WeekRow & { rank: number } => w.rank !== null);
  const labels = rankLabels(read);
  return new Map(read.map((w, i) => [w.weekEnding, labels[i] as string]));
}

/**
 * managed/fetchHistory (MR10, spec 4 §3 "Managed rank history"): the member's weeks whose STARmeter
 * was read, newest first, with its label and the views sent, and the tier's target. A member never
 * managed has no weeks.
 */
export async function fetchHistory(deps: AppDeps, caller: Caller) {
  const weeks = await weeksOf(deps.db, caller.userId);
  const facts = await managedFacts(deps.db, caller.userId, deps.clock.now());
  const labels = labelsOf(weeks);
  const history: contract.RankWeek[] = weeks.flatMap((w) =>
    w.rank === null
      ? []
      : [
          {
            week_ending: dayInWords(w.weekEnding),
            starmeter: formatStarmeter(w.rank),
            rank: w.rank,
            label: labels.get(w.weekEnding) as string,
            views: w.views,
          },
        ],
  );
  return { status: 'success' as const, history, target: targetFrom(tierOf(facts), weeks) };
}

/**
 * admin/managed/fetchHistory (MR11): every week of the member's service, newest first, those not
 * read yet included (their rank and label null), whether they are managed now, and the tier; 404
 * for no such member.
 */
export async function fetchUserHistory(deps: AppDeps, userId: number) {
  const member = await findMember(deps.db, userId);
  if (!member || member.kind !== 'member') throw notFound(adminMembers.NO_SUCH_MEMBER);
  const weeks = await weeksOf(deps.db, userId);
  const facts = await managedFacts(deps.db, userId, deps.clock.now());
  const labels = labelsOf(weeks);
  const tier = tierOf(facts);
  return {
    status: 'success' as const,
    managed: facts.managed ? ('yes' as const) : ('no' as const),
    tier: tierNameOf(tier),
    target: targetFrom(tier, weeks),
    weeks: weeks.map((w): contract.StaffRankWeek => ({
      week_ending: dayInWords(w.weekEnding),
      views: w.views,
      rank: w.rank,
      starmeter: w.rank === null ? null : formatStarmeter(w.rank),
      label: labels.get(w.weekEnding) ?? null,
    })),
  };
}
