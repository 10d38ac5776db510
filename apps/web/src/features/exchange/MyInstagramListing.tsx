import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { exchange } from '@marquee/contract';
import { Avatar } from '../../ui/Avatar';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { SideCard } from '../../ui/SideCard';
import { showSuccess } from '../../ui/toast';
import { findProfile, refreshInstagram, removeListing, saveListing, updateRepLimit } from './api';
import { Reputation } from './Reputation';

const { INSTAGRAM, EXCHANGE_MESSAGES, CONFIRM_TEXTS, repLimitLabel } = exchange;

/**
 * My Listing (spec 4 §2): the member's picture, handle, title and description, their reputation;
 * Update reads the profile again, Remove (once nothing waits for them, EX9) takes the listing down;
 * the Initiation Limit says what reputation others need to start a swap with them (EX3).
 */
export function MyInstagramListing({
  listing,
  reputation,
  repLimit,
  waiting,
  listsLoaded,
}: {
  listing: exchange.InstagramListing;
  reputation: number;
  repLimit: number;
  /** For Review and Follow Back items: while any wait, the listing stays. */
  waiting: number;
  listsLoaded: boolean;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState(false);

  const update = useMutation({
    mutationFn: async () => {
      const { details } = await findProfile(listing.url);
      return saveListing(
        { url: listing.url, title: details['og:title'], description: details['og:description'] },
        { image: details['og:image'] },
      );
    },
    onSuccess: (answer) => showSuccess(answer.message),
    onSettled: () => refreshInstagram(queryClient),
  });

  const remove = useMutation({
    mutationFn: removeListing,
    onSuccess: async (answer) => {
      showSuccess(answer.message);
      setRemoving(false);
      await refreshInstagram(queryClient);
    },
  });

  const removeBlocked = !listsLoaded || waiting > 0;

  return (
    <SideCard title="My Listing" className="mq-exchange-mine">
      <div className="mq-exchange-mine__profile">
        <Avatar src={listing.profile} size={80} alt="" />
        <div className="mq-exchange-mine__text">
          <p className="mq-exchange-mine__handle">@{listing.name}</p>
          <p className="mq-exchange-mine__title">{listing.title}</p>
        </div>
      </div>
      <p className="mq-exchange-mine__description">{listing.description}</p>
      <p className="mq-exchange-mine__rep">
        <span className="mq-exchange-mine__label">Reputation</span>
        <Reputation value={reputation} large />
      </p>
      <div className="mq-exchange-mine__actions">
        <Button
          variant="outline-primary"
          size="sm"
          onClick={() => update.mutate()}
          disabled={update.isPending}
        >
          {update.isPending ? 'Updating…' : 'Update'}
        </Button>
        <Button
          variant="outline-danger"
          size="sm"
          onClick={() => setRemoving(true)}
          disabled={removeBlocked}
          aria-describedby={waiting > 0 ? `${id}-remove-why` : undefined}
        >
          Remove
        </Button>
      </div>
      {waiting > 0 && (
        <p id={`${id}-remove-why`} className="mq-exchange-mine__why">
          You can remove your listing once nothing waits in For Review or Follow Back.
        </p>
      )}
      <RepLimitSelect current={repLimit} />
      <ConfirmModal
        show={removing}
        title="Remove your Instagram listing"
        confirmLabel="Remove"
        busyLabel="Removing…"
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setRemoving(false)}
      >
        <p className="mb-0">{CONFIRM_TEXTS.remove}</p>
      </ConfirmModal>
    </SideCard>
  );
}

/**
 * The Initiation Limit (spec 4 §9): Any or 100-800. The choice shows at once and the server's answer
 * settles it; a refusal goes back to the limit the server keeps.
 */
function RepLimitSelect({ current }: { current: number }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [wanted, setWanted] = useState<number | null>(null);
  const change = useMutation({
    mutationFn: updateRepLimit,
    onSuccess: () => showSuccess(EXCHANGE_MESSAGES.repLimitUpdated),
    onSettled: async () => {
      await refreshInstagram(queryClient);
      setWanted(null);
    },
  });
  return (
    <div className="mq-exchange-mine__limit">
      <label className="form-label" htmlFor={id}>
        Initiation Limit
      </label>
      <select
        id={id}
        className="form-select"
        value={wanted ?? current}
        aria-describedby={`${id}-help`}
        onChange={(event) => {
          const next = Number(event.target.value);
          setWanted(next);
          change.mutate(next);
        }}
      >
        {INSTAGRAM.repLimits.map((limit) => (
          <option key={limit} value={limit}>
            {repLimitLabel(limit)}
          </option>
        ))}
      </select>
      <div id={`${id}-help`} className="form-text">
        The reputation other members need to start a swap with you.
      </div>
    </div>
  );
}

/** The advice of spec 4 §1 (EX14): a few swaps a day, which do not count toward Daily Actions. */
export function AdviceCard() {
  return (
    <SideCard title="Good to know" className="mq-exchange-advice">
      <p>{EXCHANGE_MESSAGES.advice}</p>
      <p className="mb-0">Instagram swaps do not count toward your Daily Actions.</p>
    </SideCard>
  );
}

/** The growth service's offer (spec 4 §1, EX13), when the operator has set one. */
export function PromoCard({ promo }: { promo: NonNullable<exchange.CheckSetupAnswer['promo']> }) {
  return (
    <SideCard title={`${promo.discount} off ${promo.service}`} className="mq-exchange-promo">
      <p>
        Grow your Instagram faster with {promo.service}. Members get {promo.discount} off with the code:
      </p>
      <p className="mq-exchange-promo__code">
        <span className="visually-hidden">Code: </span>
        <code>{promo.code}</code>
      </p>
      <a href={promo.url} target="_blank" rel="noopener noreferrer" className="btn btn-accent btn-sm">
        Visit {promo.service}
        <span className="visually-hidden"> (opens a new window)</span>
      </a>
    </SideCard>
  );
}
