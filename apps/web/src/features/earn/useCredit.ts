import { useCallback } from 'react';
import { earn } from '@marquee/contract';
import { call } from '../../app/api';
import { showSuccess, showToasty } from '../../ui/toast';
import { useRefreshPointBalance } from '../points/api';

interface Credit {
  points_earned: number;
  limit_raised?: 'yes' | 'no';
  update_listing?: 'yes' | 'no';
  toasty?: earn.CreditAnswer['toasty'];
}

/**
 * After every credit (spec 1 §8): the success toast ('Success! You got credited for that View.'
 * for an IMDb view, 'You earned N points!' otherwise), the extra daily actions when a sponsored
 * action raised the cap, a fresh point box, and a re-read of a listing whose page changed.
 */
export function useCredit(): (listing: { id: number; type: earn.ListingType }, credit: Credit) => void {
  const refreshBalance = useRefreshPointBalance();
  return useCallback(
    (listing, credit) => {
      showSuccess(
        listing.type === 'imdb-view'
          ? earn.MESSAGES.correctAnswer
          : earn.MESSAGES.earned(credit.points_earned),
      );
      if (credit.limit_raised === 'yes') showSuccess(earn.MESSAGES.limitRaised);
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
