import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import {
  Countdown,
  EarnListFrame,
  ListingCards,
  useHideRefresh,
  type LoadedListProps,
  type StartedCard,
} from '../earn';
import { Notice, TimedOutNotice } from '../earn';
import { countdownAt } from '../earn';
import { useNow } from '../earn';
import { userListingsQuery } from './api';
import { nextRecheckSeconds, USER_LIST_TIMED_OUT, userListTimeout } from './userListTiming';

/**
 * The listings of this member the viewer can act on, with every state of spec 2 §4 "Earn list for
 * a user": loading, loaded with the 30 s countdown, timed out, action started (the others hidden),
 * no listings with the growing recheck, done, and errors. The cards are the earn feature's own.
 */
export function ProfileEarnList({ userId, first }: { userId: number; first: string }) {
  const listings = useQuery(userListingsQuery(userId));
  return (
    <EarnListFrame
      listings={listings}
      loadingLabel={`Loading ${first}'s listings…`}
      errorFallback=""
      LoadedList={LoadedList}
      noListings={({ checking, onRecheck }) => (
        <NoUserListings first={first} checking={checking} onRecheck={onRecheck} />
      )}
    />
  );
}

function LoadedList({ answer, loadedAt, reloading, onReload, ...modals }: LoadedListProps) {
  const [started, setStarted] = useState<StartedCard | null>(null);
  const onHidden = useHideRefresh(onReload);
  const deadline = (started?.at ?? loadedAt) + userListTimeout(started?.type) * 1000;
  const now = useNow(true);
  const countdown = countdownAt(deadline, Math.max(now, started?.at ?? loadedAt));

  if (countdown.timedOut) {
    return <TimedOutNotice onReload={onReload} reloading={reloading} message={USER_LIST_TIMED_OUT} />;
  }
  // Once an action starts, the other listings step aside (spec 2 §4).
  const shown = started ? answer.listings.filter((l) => l.id === started.id) : answer.listings;
  return (
    <>
      <Countdown countdown={countdown} started={started !== null} />
      <ListingCards
        listings={shown}
        started={started}
        dimOthers={false}
        reloading={reloading}
        onStart={setStarted}
        onCancel={() => setStarted(null)}
        onReload={onReload}
        onHidden={onHidden}
        {...modals}
      />
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
