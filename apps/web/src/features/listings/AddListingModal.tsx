import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Modal from 'react-bootstrap/Modal';
import { listings, type earn } from '@marquee/contract';
import { ApiError, call } from '../../app/api';
import { useCurrentUser } from '../../app/session';
import { showSuccess } from '../../ui/toast';
import { myListingsKey, withListing } from './api';
import { ADD_TYPES, isFacebookPage, showsSubmit } from './listing-view';

type NewType = listings.NewListingType;

/** The form's refusal: the server's words, and whether it is the free one-per-type rule (spec 2 §5). */
interface Refusal {
  message: string;
  freeLimit: boolean;
}

function refusalOf(error: unknown): Refusal {
  if (error instanceof ApiError) return { message: error.message, freeLimit: error.extra === 'free_limit' };
  return { message: 'Something went wrong. Please try again.', freeLimit: false };
}

/** Spec 2 §5: the free one-per-type words, with the way to upgrade and the way to earn it by referrals. */
function FreeLimit() {
  return (
    <>
      {listings.FREE_ONE_PER_TYPE}{' '}
      <Link to="/membership" className="alert-link">
        Upgrade your membership
      </Link>{' '}
      or{' '}
      <Link to="/referrals" className="alert-link">
        refer a friend
      </Link>{' '}
      to add more.
    </>
  );
}

/**
 * The Add Listing modal (spec 2 §5): the type, the page's address (the Add button shows past 5
 * characters; Enter adds), the points per action (18 to start); refusals show inline in a red alert.
 * A facebook.com address is taken down the manual review path (spec 2 §4).
 */
export function AddListingModal({
  show,
  hasTypes,
  onClose,
}: {
  show: boolean;
  hasTypes: earn.ListingType[];
  onClose: () => void;
}) {
  const id = useId();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [type, setType] = useState<NewType>('imdb-view');
  const [url, setUrl] = useState('');
  const [points, setPoints] = useState(() => listings.defaultNewPoints('imdb-view', user.membership));
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const options = listings.newListingPointOptions(type, user.membership);
  const example = ADD_TYPES.find((t) => t.type === type)?.example ?? '';
  // Free members: the rule is told as soon as the type is chosen, before any typing (spec 2 §5).
  const freeLimitNow = user.abilities.listingsPerType !== null && hasTypes.includes(type);

  function reset() {
    setType('imdb-view');
    setUrl('');
    setPoints(listings.defaultNewPoints('imdb-view', user.membership));
    setRefusal(null);
  }

  const add = useMutation({
    mutationFn: async () => {
      const input = { url: url.trim(), pointSetting: points };
      if (isFacebookPage(input.url)) return call(listings.addFacebookPage, input);
      return call(listings.addListing[type], input);
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(myListingsKey, (data: Parameters<typeof withListing>[0]) =>
        withListing(data, answer.listing),
      );
      showSuccess(answer.message);
      reset();
      onClose();
    },
    onError: (error) => setRefusal(refusalOf(error)),
    meta: { quiet: true },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!showsSubmit(url) || add.isPending) return;
    setRefusal(null);
    add.mutate();
  }

  function chooseType(next: NewType) {
    setType(next);
    setPoints(listings.defaultNewPoints(next, user.membership));
    setRefusal(null);
  }

  const shownRefusal: Refusal | null = refusal ?? (freeLimitNow ? { message: '', freeLimit: true } : null);
  return (
    <Modal
      show={show}
      onHide={() => {
        reset();
        onClose();
      }}
      centered
      aria-labelledby={`${id}-title`}
    >
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id={`${id}-title`} as="h2" className="h5">
          Add Listing
        </Modal.Title>
      </Modal.Header>
      <form onSubmit={submit} noValidate>
        <Modal.Body>
          {shownRefusal && (
            <div id={`${id}-error`} className="alert alert-danger py-2" role="alert">
              {shownRefusal.freeLimit ? <FreeLimit /> : shownRefusal.message}
            </div>
          )}
          <fieldset className="mb-3">
            <legend className="form-label fs-6">Listing type</legend>
            <div className="mq-add-types">
              {ADD_TYPES.map((t) => (
                <label key={t.type} className={`mq-add-type${t.type === type ? ' is-chosen' : ''}`}>
                  <input
                    type="radio"
                    className="form-check-input"
                    name={`${id}-type`}
                    value={t.type}
                    checked={t.type === type}
                    onChange={() => chooseType(t.type)}
                  />
                  {t.label}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="mb-3">
            <label className="form-label" htmlFor={`${id}-url`}>
              Address of the page
            </label>
            <input
              id={`${id}-url`}
              type="text"
              inputMode="url"
              className="form-control"
              autoComplete="url"
              spellCheck={false}
              autoFocus
              placeholder={example}
              aria-describedby={`${id}-url-hint${shownRefusal ? ` ${id}-error` : ''}`}
              aria-invalid={refusal !== null && !refusal.freeLimit}
              value={url}
              onChange={(e) => {
                setUrl(e.target.value);
                if (refusal && !refusal.freeLimit) setRefusal(null);
              }}
            />
            <div id={`${id}-url-hint`} className="form-text">
              Paste the page’s address, like {example}
            </div>
          </div>
          <div>
            <label className="form-label" htmlFor={`${id}-points`}>
              Points per action
            </label>
            <select
              id={`${id}-points`}
              className="form-select"
              value={points}
              aria-describedby={`${id}-points-hint`}
              onChange={(e) => setPoints(Number(e.target.value))}
            >
              {options.map((p) => (
                <option key={p} value={p}>
                  {p === 0 ? '0 (not offered)' : `${p} points`}
                </option>
              ))}
            </select>
            <div id={`${id}-points-hint`} className="form-text">
              What each member who acts on it earns, paid from your points.
            </div>
          </div>
        </Modal.Body>
        <Modal.Footer>
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={() => {
              reset();
              onClose();
            }}
          >
            Cancel
          </button>
          {showsSubmit(url) && (
            <button type="submit" className="btn btn-primary" disabled={add.isPending}>
              {add.isPending ? 'Adding…' : 'Add Listing'}
            </button>
          )}
        </Modal.Footer>
      </form>
    </Modal>
  );
}
