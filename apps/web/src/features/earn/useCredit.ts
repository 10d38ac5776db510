import { useCallback } from 'react';
import { earn } from '@marquee/contract';
import { call } from '../../app/api';
import { showSuccess, showToasty } from '../../ui/toast';
import { useRefreshAfterCredit } from '../points';
import { creditMessages } from './creditMessages';

interface Credit {
  points_earned: number;
  limit_raised?: 'yes' | 'no';
  update_listing?: 'yes' | 'no';
  toasty?: earn.CreditAnswer['toasty'];
}

/**
 * After every credit: the success toasts (left out when the platform did not show the follow or like,
 * whose helper says the one thing the member must know), a fresh point box and history, and a re-read
 * of a listing whose page changed.
 */
export function useCredit(): (
  listing: { id: number; type: earn.ListingType },
  credit: Credit,
  options?: { quiet?: boolean },
) => void {
  const refreshAfterCredit = useRefreshAfterCredit();
  return useCallback(
    (listing, credit, options) => {
      if (!options?.quiet) {
        for (const message of creditMessages(listing.type, credit)) showSuccess(message);
        if (credit.toasty) showToasty(credit.toasty);
      }
      if (credit.update_listing === 'yes') {
        call(earn.updateListing, { listing_id: listing.id }).catch((error: unknown) =>
          console.warn('Marquee: the listing could not be re-read', error),
        );
      }
      void refreshAfterCredit();
    },
    [refreshAfterCredit],
  );
}
