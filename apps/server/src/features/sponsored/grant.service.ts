import type { Tx } from '../../platform/db/database.js';
import type { Purchase } from '../payments/index.js';
import {
  addSponsoredActions,
  markSponsoredPurchasePaid,
  takeBackSponsoredActions,
} from './sponsored.repo.js';

/**
 * A paid sponsored purchase (D6.4, D10.1), inside the transaction that records the provider's event,
 * so it is applied exactly once. The actions are added to what the listing still has: a negative
 * sponsor_bought from the old site counts as its absolute value (spec 2 §3), and actions used beyond
 * what was bought (offers open when the last one went, D5.1) were the house's, so the member gets
 * every action paid for. The listing gets them whatever its state; a refund takes back what is unused.
 */
export async function grantSponsored(tx: Tx, purchase: Purchase, providerRef: string, now: Date) {
  const userId = purchase.userId;
  const quantity = purchase.quantity ?? 0;
  if (purchase.listingId === null || quantity <= 0) {
    return { outcome: 'ignored: the listing no longer exists' as const, userId };
  }
  if (!(await addSponsoredActions(tx, purchase.listingId, quantity))) {
    return { outcome: 'ignored: the listing no longer exists' as const, userId };
  }
  await markSponsoredPurchasePaid(tx, purchase.id, now, providerRef);
  return { outcome: 'granted' as const, userId };
}

/**
 * A refunded sponsored purchase takes back the actions not yet used, up to what it bought:
 * sponsor_bought goes down by the quantity but never below sponsor_used (used actions were delivered
 * and paid to earners by the house), and never up.
 */
export async function takeBackSponsored(tx: Tx, purchase: Purchase) {
  const quantity = purchase.quantity ?? 0;
  if (purchase.listingId === null || quantity <= 0) return;
  await takeBackSponsoredActions(tx, purchase.listingId, quantity);
}
