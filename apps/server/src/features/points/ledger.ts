/** D3.3: the kinds of movement in the ledger. */
export type LedgerKind =
  | 'signup_bonus'
  | 'earn'
  | 'pro_view_bonus'
  | 'featured_bonus'
  | 'sponsored'
  | 'reverse'
  | 'trade'
  | 'referral_trade'
  | 'admin_adjust';

/** System accounts below 1000 (D2.1); members from 1000. */
export const FIRST_MEMBER_ID = 1000;
export const HOUSE_ID = 1;
/**
 * The house's tills (migration 0005): sponsored payments and featured bonuses are paid from the
 * earner's till, so credits of different earners rarely wait on one balance row (D3.1 holds for each).
 */
export const HOUSE_TILLS = Array.from({ length: 16 }, (_, i) => 100 + i);
export const houseTill = (earnerId: number): number => HOUSE_TILLS[earnerId % HOUSE_TILLS.length] as number;
export const NEWS_ACCOUNT_ID = 2;
export const SUPPORT_ACCOUNT_ID = 3;

/** The movements themselves are queries, in ledger.repo.ts; every feature moves points through movePoints. */
export { InsufficientPoints, movePoints } from './ledger.repo.js';
