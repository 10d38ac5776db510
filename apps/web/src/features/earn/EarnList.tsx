import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { earn } from '@marquee/contract';
import { ApiError } from '../../app/api';
import { PageLoading } from '../../ui/Preloader';
import { AccountCheck } from '../accounts/AccountCheck';
import { earnListingsQuery, type EarnPlatform } from './api';
import { ActionHelperModal, RecentlyMissedModal } from './EarnModals';
import { ListingCard, type ActionMissing } from './ListingCard';
import {
  DoneNotice,
  ErrorNotice,
  ManagedNotice,
  NoListingsNotice,
  PointsMaxedNotice,
  TimedOutNotice,
} from './ListNotices';
import { countdownAnnouncement, countdownAt, formatClock, timeoutSecondsFor } from './timing';
import { useNow } from './useNow';

/**
 * A dashboard tab's listings and every state of the list (spec 1 §4 "Listing list"): loading,
 * loaded with its inactivity countdown, timed out, no listings, done, points maxed, managed, the
 * account check of X and Facebook, and errors.
 */
export function EarnList({ platform }: { platform: EarnPlatform }) {
  const listings = useQuery(earnListingsQuery(platform));
  const [helper, setHelper] = useState<ActionMissing | null>(null);
  const [missed, setMissed] = useState(0);
  const { refetch, isFetching } = listings;
  const reload = useCallback(() => void refetch(), [refetch]);

  let body;
  if (listings.isPending) {
    body = <PageLoading label="Loading listings…" />;
  } else if (listings.isError) {
    const error = listings.error;
    body = (
      <ErrorNotice
        message={error instanceof ApiError ? error.message : 'Something went wrong.'}
        onRetry={reload}
      />
    );
  } else {
    const answer = listings.data;
    switch (answer.status) {
      case 'success':
        body = answer.listings.length ? (
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
          <NoListingsNotice checkedAt={listings.dataUpdatedAt} checking={isFetching} onRecheck={reload} />
        );
        break;
      case 'nolistings':
        body = (
          <NoListingsNotice checkedAt={listings.dataUpdatedAt} checking={isFetching} onRecheck={reload} />
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

interface LoadedListProps {
  answer: earn.FetchListingsAnswer;
  loadedAt: number;
  reloading: boolean;
  onReload: () => void;
  onRecentlyMissed: (count: number) => void;
  onActionMissing: (details: ActionMissing) => void;
}

/** One load of listings; a reload mounts a fresh one, so the countdown and started card start over. */
function LoadedList({ answer, loadedAt, reloading, onReload, ...modals }: LoadedListProps) {
  const [started, setStarted] = useState<{ id: number; type: earn.ListingType; at: number } | null>(null);
  const [activeAt, setActiveAt] = useState(loadedAt);
  const hideTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(hideTimer.current), []);

  const deadline =
    (started?.at ?? activeAt) +
    timeoutSecondsFor({ startedType: started?.type, extension: answer.oeb }) * 1000;
  const now = useNow(true);
  // The ticking clock may be up to a second behind a Start pressed just now.
  const countdown = countdownAt(deadline, Math.max(now, started?.at ?? activeAt));
  const announcement = countdownAnnouncement(countdown);

  // One live region, kept in place across the states so that its changes are read out. It speaks
  // only when the warning starts and at the timeout: a countdown read every second would drown the page.
  const liveRegion = (
    <p className="visually-hidden" aria-live="polite">
      {announcement}
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
      {answer.free_sponsored && (
        <p className="mq-earn-tip">
          <span className="badge mq-sponsored-badge">Sponsored</span> Act on the sponsored listing to get 10
          more Daily Actions today.
        </p>
      )}
      <ul className="mq-listings" aria-label="Listings to act on" aria-busy={reloading || undefined}>
        {answer.listings.map((listing) => (
          <ListingCard
            key={listing.id}
            listing={listing}
            started={started?.id === listing.id}
            dimmed={started !== null && started.id !== listing.id}
            onStarted={() => setStarted({ id: listing.id, type: listing.type, at: Date.now() })}
            onCancel={() => {
              setStarted(null);
              setActiveAt(Date.now());
            }}
            onFinished={onReload}
            onHidden={() => {
              window.clearTimeout(hideTimer.current);
              hideTimer.current = window.setTimeout(onReload, earn.EARN.hideRefreshMs);
            }}
            onRecentlyMissed={modals.onRecentlyMissed}
            onActionMissing={modals.onActionMissing}
          />
        ))}
      </ul>
    </>
  );
}
