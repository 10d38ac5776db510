import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { earn, exchange } from '@marquee/contract';
import {
  Countdown,
  countdownAnnouncement,
  countdownAt,
  EarnListFrame,
  ListingCards,
  NoListingsNotice,
  Notice,
  TimedOutNotice,
  useHideRefresh,
  useNow,
  type LoadedListProps,
  type StartedCard,
} from '../earn';
import { imdbListingsQuery } from './api';

/** The exchange's list times out after 30 s of inactivity, 60 s once a view is started (spec 4 §4, §9). */
export const LIST_SECONDS = earn.EARN.listTimeoutSeconds;
export const STARTED_SECONDS = 60;

/**
 * Available Listings (spec 4 §2, §4, EX11): the dashboard's IMDb cards and every state of the list
 * (loading, the countdown and its timeout, hide for this login, the others dimmed while one is
 * started, no listings with the 60 s recheck, done for today, errors), answered through the exchange.
 */
export function ImdbListings({ onOptIn }: { onOptIn: () => void }) {
  const listings = useQuery(imdbListingsQuery);
  const answer = listings.data;
  // Without a listed IMDb page there is nothing to swap (EX10): the server says what to do first.
  if (answer?.status === 'error' && answer.extra === 'no_listing') {
    return (
      <Notice
        title="Add your IMDb page first"
        action={
          <Link to="/dashboard/imdb" className="btn btn-outline-primary">
            Add an IMDb listing
          </Link>
        }
      >
        <p className="mb-0">{answer.message}</p>
      </Notice>
    );
  }
  if (answer?.status === 'error' && answer.extra === 'not_opted_in') {
    return (
      <Notice
        title="List your page to start swapping"
        action={
          <button type="button" className="btn btn-outline-primary" onClick={onOptIn}>
            Go to the checkbox
          </button>
        }
      >
        <p className="mb-0">{answer.message}</p>
      </Notice>
    );
  }
  return (
    <EarnListFrame
      listings={listings}
      loadingLabel="Loading listings…"
      errorFallback="Something went wrong."
      LoadedList={LoadedList}
      noListings={(props) => (
        <NoListingsNotice {...props} title={exchange.EXCHANGE_MESSAGES.noListings}>
          <p className="mb-0">
            Members who list their page on the View-For-View exchange show here. We check again every minute,
            so keep this page open or come back a little later.
          </p>
        </NoListingsNotice>
      )}
    />
  );
}

/** One load of listings; a reload mounts a fresh one, so the countdown and started card start over. */
function LoadedList({ answer, loadedAt, reloading, onReload, ...modals }: LoadedListProps) {
  const [started, setStarted] = useState<StartedCard | null>(null);
  const [activeAt, setActiveAt] = useState(loadedAt);
  const onHidden = useHideRefresh(onReload);
  const deadline = (started?.at ?? activeAt) + (started ? STARTED_SECONDS : LIST_SECONDS) * 1000;
  const now = useNow(true);
  const countdown = countdownAt(deadline, Math.max(now, started?.at ?? activeAt));
  const liveRegion = (
    <p className="visually-hidden" aria-live="polite">
      {countdownAnnouncement(countdown)}
    </p>
  );

  if (countdown.timedOut) {
    return (
      <>
        {liveRegion}
        <TimedOutNotice onReload={onReload} reloading={reloading} />
      </>
    );
  }
  return (
    <>
      {liveRegion}
      <Countdown countdown={countdown} started={started !== null} />
      <ListingCards
        listings={answer.listings}
        exchange
        started={started}
        dimOthers
        reloading={reloading}
        onStart={setStarted}
        onCancel={() => {
          setStarted(null);
          setActiveAt(Date.now());
        }}
        onReload={onReload}
        onHidden={onHidden}
        {...modals}
      />
    </>
  );
}
