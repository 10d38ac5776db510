/** D8.3: two members are featured each day. */
export const FEATURED_PER_DAY = 2;

/** A member who may be featured: opted in, paid and active, with a listing their balance can pay for. */
export interface FeatureCandidate {
  id: number;
  featurePoints: number;
  /** The Pacific day (YYYY-MM-DD) they were last featured, or null for never. */
  featuredOn: string | null;
}

/**
 * D8.3: the day's featured members. Most feature points first; ties go to whoever has waited longest
 * since they were last featured (never featured first), and remaining ties are drawn at random.
 * `random` is injectable so tests can fix the draw.
 */
export function pickFeatured(
  candidates: readonly FeatureCandidate[],
  count: number = FEATURED_PER_DAY,
  random: () => number = Math.random,
): FeatureCandidate[] {
  // Shuffle first, then a stable sort: equal members keep their random order.
  const shuffled = [...candidates];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j] as FeatureCandidate, shuffled[i] as FeatureCandidate];
  }
  return shuffled
    .sort((a, b) => b.featurePoints - a.featurePoints || waitedSince(a).localeCompare(waitedSince(b)))
    .slice(0, Math.max(0, count));
}

/** Never featured sorts before any day. */
const waitedSince = (c: FeatureCandidate) => c.featuredOn ?? '';
