import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { earn } from '@marquee/contract';
import { ApiError } from '../../app/api';
import { PageLoading } from '../../ui/Preloader';
import { AccountCheck } from '../accounts/AccountCheck';
import { ActionHelperModal, RecentlyMissedModal } from '../earn/EarnModals';
import { ListingCard, type ActionMissing } from '../earn/ListingCard';
import { DoneNotice, ErrorNotice, ManagedNotice, Notice, PointsMaxedNotice } from '../earn/ListNotices';
import { countdownAt, formatClock } from '../earn/timing';
import { useNow } from '../earn/useNow';
import { userListingsQuery } from './api';
import { nextRecheckSeconds, USER_LIST_TIMED_OUT, userListTimeout } from './userListTiming';

/**
 * The listings of this member the viewer can act on, with every state of spec 2 §4 "Earn list for
 * a user": loading, loaded with the 30 s countdown, timed out, action started (the others hidden),
 * no listings with the growing recheck, done, and errors. The cards are the earn feature's own.
 */
export function ProfileEarnList({ userId, first }: { userId: number; first: string }) {
  const listings = useQuery(userListingsQuery(userId));
  const [helper, setHelper] = useState<ActionMissing | null>(null);
  const [missed, setMissed] = useState(0);
  const { refetch, isFetching } = listings;
  const reload = useCallback(() => void refetch(), [refetch]);

  let body;
  if (listings.isPending) body = <PageLoading label={`Loading ${first}'s listings…`} />;
  else if (listings.isError) {
    const error = listings.error;
    body = <ErrorNotice message={error instanceof ApiError ? error.message : ''} onRetry={reload} />;
  } else {
    const answer = listings.data;
    if (answer.status === 'success' && answer.listings.length) {
      body = (
        <LoadedList
          key={listings.dataUpdatedAt}
          answer={answer}
          loadedAt={listings.dataUpdatedAt}
          reloading={isFetching}
          onReload={reload}
          onRecentlyMissed={setMissed}
          onActionMissing={setHelper}
        />
      );
    } else if (answer.status === 'success' || answer.status === 'nolistings') {
      body = <NoUserListings first={first} checking={isFetching} onRecheck={reload} />;
    } else if (answer.status === 'done') body = <DoneNotice answer={answer} />;
    else if (answer.status === 'pointsmaxed') body = <PointsMaxedNotice />;
    else if (answer.status === 'managed') body = <ManagedNotice />;
    else if (
      answer.status === 'checktoken' &&
      (answer.platform === 'twitter' || answer.platform === 'facebook')
    ) {
      body = <AccountCheck platform={answer.platform} onReady={reload} />;
    } else body = <ErrorNotice message={answer.message} onRetry={reload} />;
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

function LoadedList({ answer, loadedAt, reloading, onReload, ...modals }: LoadedListProps) {
  const [started, setStarted] = useState<{ id: number; type: earn.ListingType; at: number } | null>(null);
  const hideTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(hideTimer.current), []);
  const deadline = (started?.at ?? loadedAt) + userListTimeout(started?.type) * 1000;
  const now = useNow(true);
  const countdown = countdownAt(deadline, Math.max(now, started?.at ?? loadedAt));

  if (countdown.timedOut) {
    return (
      <Notice
        tone="warning"
        title="These listings timed out"
        action={
          <Button variant="primary" onClick={onReload} disabled={reloading}>
            {reloading ? 'Reloading…' : 'Reload'}
          </Button>
        }
      >
        <p className="mb-0" role="status">
          {USER_LIST_TIMED_OUT}
        </p>
      </Notice>
    );
  }
  // Once an action starts, the other listings step aside (spec 2 §4).
  const shown = started ? answer.listings.filter((l) => l.id === started.id) : answer.listings;
  return (
    <>
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
      <ul className="mq-listings" aria-label="Listings to act on" aria-busy={reloading || undefined}>
        {shown.map((listing) => (
          <ListingCard
            key={listing.id}
            listing={listing}
            started={started?.id === listing.id}
            dimmed={false}
            onStarted={() => setStarted({ id: listing.id, type: listing.type, at: Date.now() })}
            onCancel={() => setStarted(null)}
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

/** Nothing of theirs to act on: asks again after 60, 120, 180 and 240 s, then leaves it to the member. */
function NoUserListings({
  first,
  checking,
  onRecheck,
}: {
  first: string;
  checking: boolean;
  onRecheck: () => void;
}) {
  const [checks, setChecks] = useState(0);
  const wait = nextRecheckSeconds(checks);
  const [since, setSince] = useState(() => Date.now());
  const now = useNow(wait !== null && !checking);
  useEffect(() => {
    if (wait !== null && !checking && now - since >= wait * 1000) {
      setChecks((n) => n + 1);
      setSince(Date.now());
      onRecheck();
    }
  }, [wait, checking, now, since, onRecheck]);
  return (
    <Notice
      title={`No listings of ${first}'s to act on right now`}
      action={
        <Button
          variant="outline-primary"
          disabled={checking}
          onClick={() => {
            setChecks(0);
            setSince(Date.now());
            onRecheck();
          }}
        >
          {checking ? 'Checking…' : 'Check again'}
        </Button>
      }
    >
      <p className="mb-0">
        You may have acted on them already, or they are resting for now.{' '}
        {wait !== null ? 'We check again every little while while this page is open.' : ''}
      </p>
    </Notice>
  );
}
