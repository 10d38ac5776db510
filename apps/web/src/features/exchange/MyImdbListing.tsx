import { useId, useRef, useState, type Ref } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { exchange } from '@marquee/contract';
import { Avatar } from '../../ui/Avatar';
import { LoadingLine, SideCard } from '../../ui/SideCard';
import { showSuccess } from '../../ui/toast';
import { imdbListingsQuery, myImdbListingQuery, updateAllowed } from './api';

/**
 * My Listing of the IMDb exchange (spec 4 §2, EX10): the page the member swaps views for, and the
 * checkbox that lists it. Without an IMDb listing, the way to add one.
 */
export function MyImdbListing({ checkboxRef }: { checkboxRef: Ref<HTMLInputElement> }) {
  const mine = useQuery(myImdbListingQuery);
  return (
    <SideCard title="My Listing" className="mq-exchange-mine">
      {mine.isPending ? (
        <LoadingLine>Loading your listing…</LoadingLine>
      ) : mine.isError ? (
        <div role="alert">
          <p className="mb-2">We could not load your listing just now.</p>
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            onClick={() => void mine.refetch()}
          >
            Try again
          </button>
        </div>
      ) : mine.data.myListing ? (
        <ListedPage listing={mine.data.myListing} checkboxRef={checkboxRef} />
      ) : (
        <p className="mb-0">
          To swap views you need an IMDb listing of your own: the page members view in return.{' '}
          <Link to="/dashboard/imdb">Add your IMDb page on the dashboard</Link>.
        </p>
      )}
    </SideCard>
  );
}

function ListedPage({
  listing,
  checkboxRef,
}: {
  listing: exchange.MyImdbListing;
  checkboxRef: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  // The box shows the member's choice from the click on; the server's answer then settles it.
  const [wanted, setWanted] = useState<boolean | null>(null);
  const latest = useRef(0);
  const toggle = useMutation({
    mutationFn: ({ on }: { on: boolean; seq: number }) => updateAllowed(on),
    onSuccess: (answer, { seq }) => {
      if (seq !== latest.current) return;
      queryClient.setQueryData(myImdbListingQuery.queryKey, (old) =>
        old?.myListing ? { ...old, myListing: { ...old.myListing, vfv_allowed: answer.vfv_allowed } } : old,
      );
      setWanted(null);
      showSuccess(answer.message);
      void queryClient.invalidateQueries({ queryKey: imdbListingsQuery.queryKey });
    },
    onError: (_error, { seq }) => {
      if (seq === latest.current) setWanted(null);
    },
  });
  const checked = wanted ?? listing.vfv_allowed;

  return (
    <>
      <div className="mq-exchange-mine__profile">
        <Avatar src={listing.profile} size={80} alt="" />
        <div className="mq-exchange-mine__text">
          <p className="mq-exchange-mine__handle">{listing.name}</p>
          <p className="mq-exchange-mine__title">
            IMDb code <span className="mq-exchange-mine__code">{listing.short}</span>
          </p>
          <a href={listing.url} target="_blank" rel="noopener noreferrer" className="mq-exchange-mine__url">
            {listing.url.replace(/^https?:\/\/(www\.)?/, '')}
            <span className="visually-hidden"> (opens a new window)</span>
          </a>
        </div>
      </div>
      <div className="form-check mq-exchange-mine__opt">
        <input
          ref={checkboxRef}
          id={id}
          type="checkbox"
          className="form-check-input"
          checked={checked}
          aria-describedby={`${id}-help`}
          onChange={(event) => {
            const on = event.target.checked;
            setWanted(on);
            latest.current += 1;
            toggle.mutate({ on, seq: latest.current });
          }}
        />
        <label className="form-check-label" htmlFor={id}>
          List my page on the View-For-View exchange
        </label>
        <div id={`${id}-help`} className="form-text">
          {checked
            ? 'Members view your page as you view theirs.'
            : 'Off: members do not see your page here. Tick it to view theirs: a swap goes both ways.'}
        </div>
      </div>
    </>
  );
}
