import { queryOptions } from '@tanstack/react-query';
import { managed } from '@marquee/contract';
import { call } from '../../app/api';

/** Subscribing to Managed Rank (MR4, MR5): the terms and tiers, the checkout and the check after it. */

export const termsQuery = queryOptions({
  queryKey: ['managed', 'subscribe', 'terms'],
  queryFn: ({ signal }) => call(managed.fetchManagedRankTerms, {}, { signal }),
  staleTime: 0,
  meta: { quiet: true },
});

/** Starts the checkout for the invited tier; the answer's `redirect` is the provider's page. */
export const startManagedCheckout = (input: {
  selection: 1 | 2 | 3;
  code: string;
  provider?: 'stripe' | 'paypal';
}) => call(managed.subscribeCheckout, { ...input, terms: 'yes' });

export const checkManagedSubscription = (signal: AbortSignal) =>
  call(managed.checkManagedSubscription, {}, { signal });

/**
 * The invitation code from the mail's link (?code=), kept for this tab: a member who gives up at the
 * checkout comes back to /managed/subscribe without it and can still subscribe.
 */
const CODE_KEY = 'managedInvitationCode';

export function invitationCode(fromLink: string | null): string {
  try {
    if (fromLink) {
      window.sessionStorage.setItem(CODE_KEY, fromLink);
      return fromLink;
    }
    return window.sessionStorage.getItem(CODE_KEY) ?? '';
  } catch {
    return fromLink ?? '';
  }
}

export function forgetInvitationCode(): void {
  try {
    window.sessionStorage.removeItem(CODE_KEY);
  } catch {
    // Nothing kept.
  }
}
