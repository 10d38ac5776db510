import { DAY_MS } from '../../platform/time.js';

/** How the home page's video is picked each Pacific day (docs/domain.md "Featured video"). */
export const FEATURED_VIDEO_RULE = {
  /** The best-scoring videos that take turns. */
  topPool: 5,
  /** A video this new (days) with fewer than `newUnderRatings` ratings also takes its turn. */
  newForDays: 14,
  newUnderRatings: 5,
  /** Members turned it down: at this score or below a video is never picked. */
  retiredAtScore: -3,
} as const;

/** A member's profile video as the pick sees it: ratings cast before the day began. */
export interface VideoCandidate {
  id: number;
  ups: number;
  downs: number;
  addedAt: Date;
}

const score = (v: VideoCandidate) => v.ups - v.downs;
const ratings = (v: VideoCandidate) => v.ups + v.downs;

/** Best first: higher up-minus-down score, then the less rated (so they get seen), then the newer. */
function byRank(a: VideoCandidate, b: VideoCandidate): number {
  return (
    score(b) - score(a) || ratings(a) - ratings(b) || b.addedAt.getTime() - a.addedAt.getTime() || b.id - a.id
  );
}

/** FNV-1a: a stable 32-bit hash, so the day's draw is the same on every server and every call. */
export function stableHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * The day's order of videos, the one to show first: the pool (the `topPool` best by score plus the
 * new videos still waiting for ratings) shuffled by a hash of the day, so that they take turns and
 * the pick is the same all day; then the rest by rank, for a member who may see none of the pool
 * (their own video, or blocked owners). Videos members turned down never show.
 */
export function featuredVideoOrder(
  candidates: readonly VideoCandidate[],
  day: string,
  dayStart: Date,
): number[] {
  const rule = FEATURED_VIDEO_RULE;
  const live = candidates.filter((v) => score(v) > rule.retiredAtScore).sort(byRank);
  const newSince = dayStart.getTime() - rule.newForDays * DAY_MS;
  const pool = new Set(live.slice(0, rule.topPool).map((v) => v.id));
  for (const v of live) {
    if (v.addedAt.getTime() >= newSince && ratings(v) < rule.newUnderRatings) pool.add(v.id);
  }
  const turn = [...pool].sort((a, b) => stableHash(`${day}:${a}`) - stableHash(`${day}:${b}`) || a - b);
  return [...turn, ...live.filter((v) => !pool.has(v.id)).map((v) => v.id)];
}
