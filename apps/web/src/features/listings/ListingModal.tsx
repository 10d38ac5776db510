import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Modal from 'react-bootstrap/Modal';
import { earn, listings } from '@marquee/contract';
import { call } from '../../app/api';
import { showSuccess } from '../../ui/toast';
import { SponsorPurchase } from '../sponsored';
import { myListingsKey, useListingChange } from './api';
import { ListingPicture } from './ListingPicture';
import { ListingSettings } from './ListingSettings';
import { foundText, statusTone, typeWords } from './listing-view';

type MyListing = listings.MyListing;
type Answer = Awaited<ReturnType<typeof call<typeof listings.fetchMyListings>>>;

/** Spec 2 §4: the Update button reads Update, then Updating..., then Updated! */
function UpdateButton({ listing }: { listing: MyListing }) {
  const queryClient = useQueryClient();
  const update = useMutation({
    mutationFn: () => call(earn.updateListing, { listing_id: listing.id }),
    onSuccess: (answer) => {
      showSuccess(answer.message);
      void queryClient.invalidateQueries({ queryKey: myListingsKey });
    },
  });
  const { isSuccess, reset } = update;
  // 'Updated!' stays a few seconds, then the button is ready again.
  useEffect(() => {
    if (!isSuccess) return;
    const timer = window.setTimeout(reset, 3000);
    return () => window.clearTimeout(timer);
  }, [isSuccess, reset]);
  return (
    <button
      type="button"
      className="btn btn-outline-primary btn-sm"
      disabled={update.isPending}
      aria-describedby="mq-update-listing-hint"
      onClick={() => update.mutate()}
    >
      {update.isPending ? 'Updating...' : update.isSuccess ? 'Updated!' : 'Update'}
    </button>
  );
}

/** Delete, after a confirmation (spec 2 §5); never offered for an IMDb person page (spec 2 §6). */
function DeleteListing({ listing, onDeleted }: { listing: MyListing; onDeleted: () => void }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => call(listings.deleteListing, { listing_id: listing.id }),
    onSuccess: (answer) => {
      showSuccess(answer.message);
      onDeleted();
      queryClient.setQueryData(myListingsKey, (data: Answer | undefined) => {
        if (!data) return data;
        const next = data.listings.filter((l) => l.id !== listing.id);
        return { ...data, listings: next, hasTypes: [...new Set(next.map((l) => l.type))] };
      });
    },
  });
  const unused = Math.max(0, listing.sponsor_bought - listing.sponsor_used);
  if (!confirming) {
    return (
      <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => setConfirming(true)}>
        Delete Listing
      </button>
    );
  }
  return (
    <div className="alert alert-warning mb-0 mq-listing-delete" role="alert">
      <p className="mb-2">
        Delete “{listing.name}”? Members will no longer be offered it.
        {unused > 0 && ` Its ${unused.toLocaleString('en-US')} unused sponsored actions go with it.`}
      </p>
      <div className="d-flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-danger btn-sm"
          disabled={remove.isPending}
          onClick={() => remove.mutate()}
        >
          {remove.isPending ? 'Deleting…' : 'Yes, delete it'}
        </button>
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm"
          autoFocus
          onClick={() => setConfirming(false)}
        >
          Keep it
        </button>
      </div>
    </div>
  );
}

/** The listing's detail modal (spec 2 §2, §4, §5): every setting, its activity and its sponsored activity. */
export function ListingModal({
  listing,
  readAt,
  show,
  onClose,
  onExited,
}: {
  listing: MyListing;
  /** When the list was read (its `change_in` counts from then). */
  readAt: number;
  show: boolean;
  onClose: () => void;
  onExited: () => void;
}) {
  const id = useId();
  const found = foundText(listing);
  return (
    <Modal
      show={show}
      onHide={onClose}
      onExited={onExited}
      centered
      size="lg"
      aria-labelledby={`${id}-title`}
    >
      <Modal.Header closeButton closeLabel="Close">
        <div className="mq-listing-head">
          <ListingPicture src={listing.external_profile} platform={listing.platform} size={56} />
          <div className="mq-listing-head__text">
            <Modal.Title id={`${id}-title`} as="h2" className="h5 mb-1">
              {listing.name}
            </Modal.Title>
            <p className="mq-listing-head__meta mb-0">
              {typeWords(listing.type)}
              {listing.external_description ? ` · ${listing.external_description}` : ''} ·{' '}
              <a href={listing.open_url} target="_blank" rel="noopener noreferrer">
                Open page<span className="visually-hidden"> (opens in a new window)</span>
              </a>
            </p>
            <p className="mb-0">
              <span
                className={`mq-my-listing__status mq-my-listing__status--${statusTone(listing.listing_status)}`}
              >
                {listing.listing_status}
              </span>
              {listing.listing_badge && (
                <span className="badge mq-my-listing__badge ms-2">{listing.listing_badge}</span>
              )}
            </p>
          </div>
        </div>
      </Modal.Header>
      <Modal.Body className="mq-listing-modal">
        <section aria-labelledby={`${id}-settings`}>
          <h3 id={`${id}-settings`} className="mq-listing-modal__title">
            Settings
          </h3>
          <ListingSettings listing={listing} readAt={readAt} />
        </section>

        <section aria-labelledby={`${id}-activity`}>
          <h3 id={`${id}-activity`} className="mq-listing-modal__title">
            Activity
          </h3>
          <dl className="mq-acted">
            <div>
              <dt>Today</dt>
              <dd>{listing.acted_today.toLocaleString('en-US')}</dd>
            </div>
            <div>
              <dt>This week</dt>
              <dd>{listing.acted_this_week.toLocaleString('en-US')}</dd>
            </div>
            <div>
              <dt>Last week</dt>
              <dd>{listing.acted_last_week.toLocaleString('en-US')}</dd>
            </div>
          </dl>
          {found && <p className="small text-body-secondary mb-2">{found}</p>}
          <Link to={`/history/${listing.id}`} className="mq-side-link">
            View History
          </Link>
        </section>

        {/* ---- Sponsored Activity: the sponsored feature's purchase (features/sponsored) ---- */}
        <section aria-labelledby={`${id}-sponsored`}>
          <h3 id={`${id}-sponsored`} className="mq-listing-modal__title">
            Sponsored Activity
          </h3>
          <PauseSponsored listing={listing} />
          <SponsorPurchase listing={listing} />
        </section>

        <section aria-labelledby={`${id}-manage`} className="mq-listing-manage">
          <h3 id={`${id}-manage`} className="visually-hidden">
            Manage listing
          </h3>
          <div className="mq-listing-manage__row">
            <UpdateButton listing={listing} />
            <span id="mq-update-listing-hint" className="small text-body-secondary">
              Reads the name and picture again from the page.
            </span>
          </div>
          {listing.canDelete && <DeleteListing listing={listing} onDeleted={onClose} />}
        </section>
      </Modal.Body>
    </Modal>
  );
}

/** Spec 2 §4: pause or unpause, shown while sponsored actions are left (bought above 0, used below it). */
function PauseSponsored({ listing }: { listing: MyListing }) {
  const action = listing.sponsor_paused ? 'unpause' : 'pause';
  const change = useListingChange(() =>
    call(listings.pauseSponsoredActivity, { listing_id: listing.id, action }),
  );
  if (!listings.sponsoredPausable(listing.sponsor_bought, listing.sponsor_used)) return null;
  return (
    <div className="mq-listing-pause">
      <span>
        {listing.sponsor_paused
          ? 'Your sponsored activity is paused.'
          : 'Your sponsored activity is running.'}
      </span>
      <button
        type="button"
        className="btn btn-outline-primary btn-sm"
        disabled={change.isPending}
        onClick={() => change.mutate(undefined)}
      >
        {listing.sponsor_paused ? 'Unpause Sponsored Activity' : 'Pause Sponsored Activity'}
      </button>
    </div>
  );
}
