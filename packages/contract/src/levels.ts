/** The membership levels and their names: the one place that names a level (docs/domain.md V3). */

/** Every level, in the order members see them offered: free, then up (D2.3). */
export const MEMBERSHIPS = ['free', 'premium', 'pro', 'managed'] as const;
export type Membership = (typeof MEMBERSHIPS)[number];

/** The levels a member pays for (D10.3). */
export const PAID_LEVELS = ['premium', 'pro'] as const;
export type PaidLevel = (typeof PAID_LEVELS)[number];

/** V3: what members call each level (spec 3, opening: "free, premium and pro; a fourth level, Managed Rank"). */
export const LEVEL_NAME: Record<Membership, string> = {
  free: 'Free',
  premium: 'Premium',
  pro: 'Pro',
  managed: 'Managed Rank',
};

/** Narrows text read from the database to a level. */
export const isMembership = (value: unknown): value is Membership =>
  (MEMBERSHIPS as readonly unknown[]).includes(value);

/** Narrows text read from the database or a payment provider to a paid level. */
export const isPaidLevel = (value: unknown): value is PaidLevel =>
  (PAID_LEVELS as readonly unknown[]).includes(value);
