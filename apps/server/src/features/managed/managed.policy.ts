import { managed as contract } from '@marquee/contract';

/** The pure rules of the Managed Rank service (D14.2, docs/domain.md MR6-MR8). */

/** MR8: a week's views never go below this nor above WEEKLY_VIEWS_MAX. */
export const WEEKLY_VIEWS_MIN = 50;
export const WEEKLY_VIEWS_MAX = 2_000;
/** MR8: a week when nothing is known of the page: the size of a sponsored IMDb package (spec 2 §9). */
export const WEEKLY_VIEWS_BASE = 250;
/** MR8: at or better than the target, the page is kept there with this share of the base per unit of gap. */
const HOLDING_SHARE = 0.6;
/** MR8: a page slipping while short of its target gets this much more. */
const SLIPPING_BOOST = 1.25;

const firstKnown = (values: readonly (number | null)[]) => {
  const i = values.findIndex((v) => v !== null);
  return i < 0 ? { value: null, at: -1 } : { value: values[i] as number, at: i };
};

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * MR8: how many sponsored views the service sends a page this week.
 *
 * - `target` is the tier's STARmeter rank (spec 4 §9); `ranks` the page's STARmeter at the end of the
 *   weeks before, newest first (the service's weeks, then the four weeks staff saw at Set Up
 *   Managed), null where it could not be read; `views` the views the service sent in the weeks
 *   before, newest first.
 * - The gap is rank / target: 2 means twice as far down the STARmeter as the tier aims for.
 * - Short of the target (gap above 1) the page gets the base, 250, times the gap: twice as far, twice
 *   the views. A page that slipped since the week before (its rank a larger number than the one read
 *   before it) gets a quarter more.
 * - At or better than the target (gap 1 or below) the page is held there: 60% of the base times the
 *   gap, so 150 at the target and fewer the further ahead it is.
 * - With no rank read yet, the week before's views again, or the base.
 * - Whatever the rank says, a week never more than doubles or halves the week before's views, so the
 *   page's traffic rises and falls gradually as IMDb would see real interest do.
 * - Always a whole number between 50 and 2,000.
 *
 * For example, with the Top 60K target of 45,000: a page first set up at 180,000 gets 1,000 views;
 * at 90,000 after a week of 1,000, 500; at 45,000, 250 (half of 500 at most); at 30,000, 125 after
 * 250.
 */
export function weeklyViews(q: {
  target: number;
  ranks: readonly (number | null)[];
  views: readonly (number | null)[];
}): number {
  const rank = firstKnown(q.ranks);
  const last = firstKnown(q.views).value;
  let wanted: number;
  if (rank.value === null || q.target <= 0) {
    wanted = last ?? WEEKLY_VIEWS_BASE;
  } else {
    const gap = rank.value / q.target;
    if (gap > 1) {
      wanted = WEEKLY_VIEWS_BASE * gap;
      const before = firstKnown(q.ranks.slice(rank.at + 1)).value;
      if (before !== null && rank.value > before) wanted *= SLIPPING_BOOST;
    } else {
      wanted = WEEKLY_VIEWS_BASE * HOLDING_SHARE * gap;
    }
    if (last !== null && last > 0) wanted = clamp(wanted, last / 2, last * 2);
  }
  return Math.round(clamp(wanted, WEEKLY_VIEWS_MIN, WEEKLY_VIEWS_MAX));
}

/** MR7: the words a week's rank is shown with. */
export const RANK_LABELS = {
  start: 'Starting point',
  onTarget: 'On target',
  closingIn: 'Closing in',
  holding: 'Holding',
  slipping: 'Slipping',
} as const;

/** MR7: a rank no more than this much worse than the week before is holding, not slipping. */
const HOLDING_MARGIN = 0.05;

/**
 * MR7: the label of each week, given the weeks whose rank was read, newest first, each with its
 * tier's target: the oldest is the starting point; then "On target" at or better than the target,
 * else compared with the week read before it: "Closing in" when better (a smaller rank), "Holding"
 * when the same or at most 5% worse, "Slipping" when worse than that.
 */
export function rankLabels(weeks: readonly { rank: number; target: number | null }[]): string[] {
  return weeks.map(({ rank, target }, i) => {
    const before = weeks[i + 1]?.rank;
    if (before === undefined) return RANK_LABELS.start;
    if (target !== null && rank <= target) return RANK_LABELS.onTarget;
    if (rank < before) return RANK_LABELS.closingIn;
    if (rank <= before * (1 + HOLDING_MARGIN)) return RANK_LABELS.holding;
    return RANK_LABELS.slipping;
  });
}

/** A STARmeter rank as IMDb shows it: '45,210'. */
export const formatStarmeter = (rank: number) => rank.toLocaleString('en-US');

/** The STARmeter rank a tier aims for (spec 4 §9), or null for a selection that is no tier. */
export const targetOf = (selection: number | null) =>
  selection === null ? null : (contract.tierOf(selection)?.target ?? null);

/** The tier's name ('Top 60K'), or null. */
export const tierNameOf = (selection: number | null) =>
  selection === null ? null : (contract.tierOf(selection)?.name ?? null);

/**
 * MR7: a week's STARmeter is read once the week has ended, and tried again each day after that while
 * the page cannot be read, for this many days: a rank read later than that would be a later week's.
 */
export const RANK_READ_DAYS = 7;

/** The IMDb address of a set-up person page (MR6). */
export const personPageUrl = (nmCode: string) => `https://www.imdb.com/name/${nmCode}/`;

/**
 * The credit category a person page's question asks about (D5.2 `test_cat`), as Add Listing picks it
 * (listings.policy `testCategoryOf`): the one with the most credits, the first listed on a tie.
 */
export function questionCategory(credits: Record<string, number>): string | null {
  let best: [string, number] | null = null;
  for (const entry of Object.entries(credits)) {
    if (entry[1] > 0 && (!best || entry[1] > best[1])) best = entry;
  }
  return best?.[0] ?? null;
}
