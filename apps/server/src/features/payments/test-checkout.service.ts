import type { AppDeps } from '../../platform/deps.js';
import { MANAGED_RETURN } from '../managed/index.js';
import { addMonths } from '../membership/index.js';
import { sponsoredReturnPath } from '../sponsored/index.js';
import { abandonPurchase, findTestCheckout, type TestCheckout } from './payments.repo.js';
import { applyPaymentEvent } from './payments.service.js';

/**
 * D10.2: the built-in test checkout. Its page's address is the checkout's random id, so nobody can pay
 * or cancel another member's checkout; its pay button sends a signed event down the same path as a
 * real provider's webhook.
 */

/** The checkout behind a test page, while it is still open (pending); null once paid, cancelled or unknown. */
export async function openTestCheckout(deps: AppDeps, ref: string): Promise<TestCheckout | null> {
  const row = await findTestCheckout(deps.db, ref);
  return row && row.purchase.status === 'pending' ? row : null;
}

/**
 * Where the member goes back to: the membership page, the dashboard of a sponsored listing, or for
 * Managed Rank its subscription check (MR5), and its subscribe page when they give up.
 */
export function returnPath(row: TestCheckout, paid: boolean): string {
  const p = row.purchase;
  if (p.kind === 'sponsored' && p.listingId !== null)
    return sponsoredReturnPath(row.listing?.platform ?? 'imdb', p.listingId);
  if (p.kind === 'managed') return paid ? MANAGED_RETURN.paid : MANAGED_RETURN.cancelled;
  return paid ? '/v4/membership?checkout=complete' : '/v4/membership';
}

/** Pays an open test checkout: the test provider signs the event, which is verified and applied once. */
export async function payTestCheckout(deps: AppDeps, row: TestCheckout, ref: string): Promise<void> {
  const p = row.purchase;
  const test = deps.payments.test;
  const signed =
    p.kind === 'subscription' || p.kind === 'managed'
      ? test.signEvent({
          type: 'subscription.paid',
          subscriptionRef: `test_sub_${p.id}`,
          userId: p.userId,
          level: p.kind === 'managed' ? 'managed' : p.level === 'pro' ? 'pro' : 'premium',
          months: p.months,
          purchaseId: p.id,
          paidThrough: addMonths(deps.clock.now(), p.months).toISOString(),
          amountPennies: p.amountPennies,
        })
      : test.signEvent({
          type: 'checkout.completed',
          purchaseId: p.id,
          providerRef: ref,
          amountPennies: p.amountPennies,
        });
  // The same path a provider's webhook takes: verify the signature, then apply once.
  const event = await test.verifyWebhook(signed.headers, Buffer.from(signed.body));
  await applyPaymentEvent(deps, event);
}

/** The member gave up: an open checkout is abandoned. Answers where to send them. */
export async function cancelTestCheckout(deps: AppDeps, ref: string): Promise<string> {
  const row = await findTestCheckout(deps.db, ref);
  if (!row) return '/v4/membership';
  if (row.purchase.status === 'pending') await abandonPurchase(deps.db, row.purchase.id);
  return returnPath(row, false);
}
