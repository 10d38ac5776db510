import { sponsored } from '@marquee/contract';
import { call } from '../../app/api';
import { showInfo, showSuccess } from '../../ui/toast';

/**
 * Back from a sponsored checkout: says what was bought (or that the provider has yet to confirm it);
 * a cancelled checkout says nothing. A failed check is quiet: the listing's own counts still show.
 */
export function announceSponsoredPurchase(listingId: number): void {
  call(sponsored.checkSponsoredPurchase, { listing_id: listingId }).then(
    (answer) => {
      if (answer.status === 'paid') showSuccess(answer.message);
      else if (answer.status === 'pending') showInfo(answer.message);
    },
    (error: unknown) => console.warn('Marquee: the sponsored purchase could not be checked', error),
  );
}
