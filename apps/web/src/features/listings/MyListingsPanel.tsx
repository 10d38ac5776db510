import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { listings } from '@marquee/contract';
import { myListingsQuery } from './api';
import { announceSponsoredPurchase } from '../sponsored';
import { AddListingModal } from './AddListingModal';
import { ListingModal } from './ListingModal';
import { ListingPicture } from './ListingPicture';
import { pointsText, statusTone, typeWords } from './listing-view';

/**
 * The dashboard's My Listings panel (spec 2 §2): the member's listings (at most 600 px tall, then
 * scrolling), each opening its detail modal, and the Add Listing button. `?listing={id}` (the sponsor
 * special's buttons) or `?sponsored={id}` (back from a sponsored checkout) opens that listing's modal.
 */
export function MyListingsPanel() {
  const id = useId();
  const mine = useQuery(myListingsQuery);
  const [adding, setAdding] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const [showing, setShowing] = useState(false);
  const open = mine.data?.listings.find((l) => l.id === openId) ?? null;
  const [params, setParams] = useSearchParams();
  const asked = params.get('listing') ?? params.get('sponsored');

  // Back from a sponsored checkout: say what was bought, once.
  const sponsoredId = params.get('sponsored');
  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (sponsoredId === null || announced.current === sponsoredId || !/^\d{1,10}$/.test(sponsoredId)) return;
    announced.current = sponsoredId;
    announceSponsoredPurchase(Number(sponsoredId));
  }, [sponsoredId]);

  useEffect(() => {
    if (asked === null || !mine.data) return;
    const wanted = mine.data.listings.find((l) => String(l.id) === asked);
    if (wanted) {
      setOpenId(wanted.id);
      setShowing(true);
    }
    setParams(
      (p) => {
        p.delete('listing');
        p.delete('sponsored');
        return p;
      },
      { replace: true },
    );
  }, [asked, mine.data, setParams]);

  return (
    <section className="card mq-side-card mq-my-listings mb-3" aria-labelledby={`${id}-title`}>
      <div className="card-body">
        <div className="mq-my-listings__head">
          <h2 id={`${id}-title`} className="mq-side-card__title mb-0">
            My Listings
          </h2>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setAdding(true)}>
            Add Listing
          </button>
        </div>
        {mine.isPending ? (
          <p className="text-body-secondary mb-0" aria-busy="true">
            Loading your listings…
          </p>
        ) : mine.isError ? (
          <div className="mq-my-listings__problem" role="alert">
            <p className="mb-2">We could not load your listings just now.</p>
            <button
              type="button"
              className="btn btn-outline-primary btn-sm"
              onClick={() => void mine.refetch()}
            >
              Try again
            </button>
          </div>
        ) : mine.data.listings.length === 0 ? (
          <p className="mb-0">
            You have no listings yet. Add your IMDb page, Twitter profile or a YouTube video, and members will
            view or follow it for the points you give.
          </p>
        ) : (
          <ul
            className="mq-my-listings__list"
            aria-label="Your listings"
            style={{ maxHeight: listings.LISTING_LIST_MAX_HEIGHT_PX }}
            // Focusable so that keyboard users can scroll a long list.
            tabIndex={0}
          >
            {mine.data.listings.map((listing) => (
              <li key={listing.id}>
                <button
                  type="button"
                  className="mq-my-listing"
                  aria-haspopup="dialog"
                  onClick={() => {
                    setOpenId(listing.id);
                    setShowing(true);
                  }}
                >
                  <ListingPicture src={listing.external_profile} platform={listing.platform} size={44} />
                  <span className="mq-my-listing__text">
                    <span className="mq-my-listing__name">{listing.name}</span>
                    <span className="mq-my-listing__meta">
                      {typeWords(listing.type)} · {pointsText(listing)}
                    </span>
                  </span>
                  <span className="mq-my-listing__state">
                    <span
                      className={`mq-my-listing__status mq-my-listing__status--${statusTone(listing.listing_status)}`}
                    >
                      {listing.listing_status}
                    </span>
                    {listing.listing_badge && (
                      <span className="badge mq-my-listing__badge">{listing.listing_badge}</span>
                    )}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <AddListingModal show={adding} hasTypes={mine.data?.hasTypes ?? []} onClose={() => setAdding(false)} />
      {open && (
        <ListingModal
          listing={open}
          readAt={mine.dataUpdatedAt}
          show={showing}
          onClose={() => setShowing(false)}
          onExited={() => setOpenId(null)}
        />
      )}
    </section>
  );
}
