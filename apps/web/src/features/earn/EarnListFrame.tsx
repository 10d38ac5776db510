import { useCallback, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { earn } from '@marquee/contract';
import { ApiError } from '../../app/api';
import { PageLoading } from '../../ui/Preloader';
import { AccountCheck } from '../linked-accounts';
import { ActionHelperModal, RecentlyMissedModal } from './EarnModals';
import { ListingCard, type ActionMissing } from './ListingCard';
import {
  DoneNotice,
  ErrorNotice,
  ExtensionRunningNotice,
  ManagedNotice,
  PointsMaxedNotice,
} from './ListNotices';
import { formatClock, type CountdownState } from './timing';

/** One load of listings, as each list draws it; a reload mounts a fresh one. */
export interface LoadedListProps {
  answer: earn.FetchListingsAnswer;
  loadedAt: number;
  reloading: boolean;
  onReload: () => void;
  onRecentlyMissed: (count: number) => void;
  onActionMissing: (details: ActionMissing) => void;
}

export interface NoListingsProps {
  checkedAt: number;
  checking: boolean;
  onRecheck: () => void;
}

interface EarnListFrameProps {
  listings: UseQueryResult<earn.FetchListingsAnswer>;
  loadingLabel: string;
  /** What a failure the server did not word says. */
  errorFallback: string;
  /** The platform asked for, when an account check names none. */
  platform?: earn.Platform;
  LoadedList: ComponentType<LoadedListProps>;
  noListings: (props: NoListingsProps) => ReactNode;
}

/**
 * What the dashboard's earn lists (spec 1 §4) and a profile's (spec 2 §4) share: the states of the
 * answer (loading, errors, done, points maxed, managed, the account check of X and Facebook) and the
 * modals the cards open. Each list brings its own loaded list and its own "no listings".
 */
export function EarnListFrame({
  listings,
  loadingLabel,
  errorFallback,
  platform,
  LoadedList,
  noListings,
}: EarnListFrameProps) {
  const [helper, setHelper] = useState<ActionMissing | null>(null);
  const [missed, setMissed] = useState(0);
  const { refetch, isFetching } = listings;
  const reload = useCallback(() => void refetch(), [refetch]);

  let body;
  if (listings.isPending) {
    body = <PageLoading label={loadingLabel} />;
  } else if (listings.isError) {
    const error = listings.error;
    body = (
      <ErrorNotice message={error instanceof ApiError ? error.message : errorFallback} onRetry={reload} />
    );
  } else {
    const answer = listings.data;
    switch (answer.status) {
      case 'success':
      case 'nolistings':
        body =
          answer.oeb && answer.extension ? (
            // Spec 1 §4 "running with the pro extension" (PX6): its work in place of listings.
            <ExtensionRunningNotice
              today={answer.extension}
              checkedAt={listings.dataUpdatedAt}
              checking={isFetching}
              onRecheck={reload}
            />
          ) : answer.status === 'success' && answer.listings.length ? (
            <LoadedList
              key={listings.dataUpdatedAt}
              answer={answer}
              loadedAt={listings.dataUpdatedAt}
              reloading={isFetching}
              onReload={reload}
              onRecentlyMissed={setMissed}
              onActionMissing={setHelper}
            />
          ) : (
            noListings({ checkedAt: listings.dataUpdatedAt, checking: isFetching, onRecheck: reload })
          );
        break;
      case 'checktoken': {
        const linked = answer.platform ?? platform;
        body =
          linked === 'twitter' || linked === 'facebook' ? (
            <AccountCheck platform={linked} onReady={reload} />
          ) : (
            <ErrorNotice message={answer.message} onRetry={reload} />
          );
        break;
      }
      case 'done':
        body = <DoneNotice answer={answer} />;
        break;
      case 'pointsmaxed':
        body = <PointsMaxedNotice />;
        break;
      case 'managed':
        body = <ManagedNotice />;
        break;
      default:
        body = <ErrorNotice message={answer.message} onRetry={reload} />;
    }
  }

  return (
    <>
      {body}
      <ActionHelperModal
        details={helper}
        onClose={() => {
          setHelper(null);
          reload();
        }}
      />
      <RecentlyMissedModal missed={missed} onClose={() => setMissed(0)} />
    </>
  );
}

/** The card started, and when: its own clock runs from then. */
export interface StartedCard {
  id: number;
  type: earn.ListingType;
  at: number;
}

/** The list's clock: how long the listings are kept, the "still there?" warning under 11 s. */
export function Countdown({ countdown, started }: { countdown: CountdownState; started: boolean }) {
  return (
    <div className={`mq-countdown${countdown.warning ? ' mq-countdown--warning' : ''}`}>
      <span className="mq-countdown__label">
        {countdown.warning && <strong className="mq-countdown__warn">Still there?</strong>}{' '}
        {countdown.warning ? 'Time runs out in' : started ? 'Finish within' : 'Kept for you for'}
      </span>
      <strong className="mq-countdown__clock">
        <span aria-hidden="true">{formatClock(countdown.remaining)}</span>
        <span className="visually-hidden">{countdown.remaining} seconds</span>
      </strong>
    </div>
  );
}

/** A hidden listing reloads the list a moment later; the wait starts over at each hide. */
export function useHideRefresh(onReload: () => void): () => void {
  const hideTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(hideTimer.current), []);
  return () => {
    window.clearTimeout(hideTimer.current);
    hideTimer.current = window.setTimeout(onReload, earn.EARN.hideRefreshMs);
  };
}

interface ListingCardsProps {
  listings: earn.EarnListing[];
  /** The IMDb view-for-view exchange's listings (D7.2): the same cards, worth a view back. */
  exchange?: boolean;
  started: StartedCard | null;
  /** The cards not started step back while one is. */
  dimOthers: boolean;
  reloading: boolean;
  onStart: (started: StartedCard) => void;
  onCancel: () => void;
  onReload: () => void;
  onHidden: () => void;
  onRecentlyMissed: (count: number) => void;
  onActionMissing: (details: ActionMissing) => void;
}

export function ListingCards({
  listings,
  exchange,
  started,
  dimOthers,
  reloading,
  ...on
}: ListingCardsProps) {
  return (
    <ul className="mq-listings" aria-label="Listings to act on" aria-busy={reloading || undefined}>
      {listings.map((listing) => (
        <ListingCard
          key={listing.id}
          listing={listing}
          exchange={exchange}
          started={started?.id === listing.id}
          dimmed={dimOthers && started !== null && started.id !== listing.id}
          onStarted={() => on.onStart({ id: listing.id, type: listing.type, at: Date.now() })}
          onCancel={on.onCancel}
          onFinished={on.onReload}
          onHidden={on.onHidden}
          onRecentlyMissed={on.onRecentlyMissed}
          onActionMissing={on.onActionMissing}
        />
      ))}
    </ul>
  );
}
