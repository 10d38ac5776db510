import {
  actionsOnPlatform,
  isListingType,
  LEVEL_NAME,
  managed,
  pacificDate,
  type PaidLevel,
} from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import { dollars } from '../membership/index.js';
import { receiptAddress } from './payments.repo.js';
import type { ProviderName, SubscribedLevel } from './providers/types.js';

/**
 * What a verified payment bought, gathered in the transaction that grants it and mailed once that
 * transaction has committed (docs/domain.md Payments: receipts).
 */
export interface Receipt {
  userId: number;
  amountPennies: number;
  /** "Premium membership, 3 months (paid once)", "250 sponsored IMDb views for “My page”". */
  what: string;
  /** Memberships and Managed Rank: the level and the date it now runs until. */
  membership?: { level: SubscribedLevel; until: Date };
  paidAt: Date;
  provider: ProviderName;
  /** Marquee's order number (the purchase), or for a renewal the provider's payment id. */
  orderId: string;
  /** The provider's own reference, when it differs from the order number. */
  providerRef?: string | null;
}

const PAID_WITH: Record<ProviderName, string> = {
  test: 'the test checkout (a test payment: no card was charged)',
  stripe: 'card, through Stripe',
  paypal: 'PayPal',
};

const monthsText = (months: number) => `${months} ${months === 1 ? 'month' : 'months'}`;

/** The line saying what a membership payment bought. */
export function membershipWhat(level: PaidLevel, months: number, kind: 'once' | 'subscription' | 'renewal') {
  const name = LEVEL_NAME[level];
  if (kind === 'once') return `${name} membership, ${monthsText(months)} (paid once)`;
  if (kind === 'subscription') return `${name} subscription, ${monthsText(months)} (renews until you cancel)`;
  return `${name} subscription renewal, ${monthsText(months)}`;
}

/** The line saying what a Managed Rank payment bought (MR4): the tier, monthly. */
export function managedWhat(tier: number | null, kind: 'subscription' | 'renewal') {
  const tierName = tier === null ? undefined : managed.tierOf(tier)?.name;
  const name = tierName ? `${LEVEL_NAME.managed}, ${tierName}` : LEVEL_NAME.managed;
  if (kind === 'subscription') return `${name} subscription, 1 month (renews monthly until you cancel)`;
  return `${name} subscription renewal, 1 month`;
}

/** The line saying what sponsored activity bought. */
export function sponsoredWhat(quantity: number, listingType: string, listingName: string | null) {
  const units = isListingType(listingType) ? actionsOnPlatform(listingType) : 'actions';
  return `${quantity.toLocaleString('en-US')} sponsored ${units}${listingName ? ` for “${listingName}”` : ''}`;
}

/** The receipt mail: every fact a member may need for their records, in plain words. */
export function receiptMail(first: string, r: Receipt): { subject: string; text: string } {
  const lines = [
    `Hello ${first},`,
    '',
    'Thank you for your payment. This is your receipt.',
    '',
    `What you bought: ${r.what}`,
    ...(r.membership
      ? [
          r.membership.level === 'managed'
            ? `Your ${LEVEL_NAME.managed} subscription is now paid through ${pacificDate(r.membership.until)}.`
            : `Your ${LEVEL_NAME[r.membership.level]} membership now runs until ${pacificDate(r.membership.until)}.`,
        ]
      : []),
    `Amount: ${dollars(r.amountPennies)} (US dollars)`,
    `Date: ${pacificDate(r.paidAt)}`,
    `Paid with: ${PAID_WITH[r.provider]}`,
    `Order number: ${r.orderId}`,
    ...(r.providerRef && r.providerRef !== r.orderId ? [`Payment reference: ${r.providerRef}`] : []),
    '',
    'Please keep this email for your records. For a question about this payment, reply to this email',
    'or write to support@marquee.local with the order number.',
    '',
    'Marquee',
  ];
  return { subject: `Your Marquee receipt: ${r.what}`, text: lines.join('\n') };
}

/**
 * Mails a receipt. Receipts are not optional mail: they go whatever the member's email settings
 * (docs/domain.md Email settings), to any account that still has an address. A mail server that
 * fails does not undo the payment, which is already granted: the failure is logged for support.
 */
export async function sendReceipt(deps: AppDeps, receipt: Receipt): Promise<boolean> {
  const member = await receiptAddress(deps.db, receipt.userId);
  if (!member?.email) return false;
  try {
    await deps.mailer.send({ to: member.email, ...receiptMail(member.first, receipt) });
    return true;
  } catch (error) {
    console.error(`Marquee: the receipt for order ${receipt.orderId} could not be mailed`, error);
    return false;
  }
}
