import { useCallback } from 'react';
import { earn } from '@marquee/contract';
import { call } from '../../app/api';
import { showSuccess, showToasty } from '../../ui/toast';
import { useRefreshPointBalance } from '../points/api';
import { creditMessages } from './creditMessages';

interface Credit {
  points_earned: number;
  limit_raised?: 'yes' | 'no';
  update_listing?: 'yes' | 'no';
  toasty?: earn.CreditAnswer['toasty'];
}

/** After every credit: the success toasts, a fresh point box, and a re-read of a listing whose page changed. */
export function useCredit(): (listing: { id: number; type: earn.ListingType }, credit: Credit) => void {
  const refreshBalance = useRefreshPointBalance();
  return useCallback(
    (listing, credit) => {
      for (const message of creditMessages(listing.type, credit)) showSuccess(message);
      if (credit.toasty) showToasty(credit.toasty);
      if (credit.update_listing === 'yes') {
        call(earn.updateListing, { listing_id: listing.id }).catch((error: unknown) =>
          console.warn('Marquee: the listing could not be re-read', error),
        );
      }
      void refreshBalance();
    },
    [refreshBalance],
  );
}
