import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { earnListingsQuery, type EarnPlatform } from './api';
import {
  Countdown,
  EarnListFrame,
  ListingCards,
  useHideRefresh,
  type LoadedListProps,
  type StartedCard,
} from './EarnListFrame';
import { NoListingsNotice, TimedOutNotice } from './ListNotices';
import { countdownAnnouncement, countdownAt, timeoutSecondsFor } from './timing';
import { useNow } from './useNow';

/**
 * A dashboard tab's listings and every state of the list (spec 1 §4 "Listing list"): loading,
 * loaded with its inactivity countdown, timed out, no listings, done, points maxed, managed, the
 * account check of X and Facebook, and errors.
 */
export function EarnList({ platform }: { platform: EarnPlatform }) {
  const listings = useQuery(earnListingsQuery(platform));
  return (
    <EarnListFrame
      listings={listings}
      loadingLabel="Loading listings…"
      errorFallback="Something went wrong."
      platform={platform}
      LoadedList={LoadedList}
      noListings={(props) => <NoListingsNotice {...props} />}
    />
  );
}

/** One load of listings; a reload mounts a fresh one, so the countdown and started card start over. */
function LoadedList({ answer, loadedAt, reloading, onReload, ...modals }: LoadedListProps) {
  const [started, setStarted] = useState<StartedCard | null>(null);
  const [activeAt, setActiveAt] = useState(loadedAt);
  const onHidden = useHideRefresh(onReload);

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
      <Countdown countdown={countdown} started={started !== null} />
      {answer.free_sponsored && (
        <p className="mq-earn-tip">
          <span className="badge mq-sponsored-badge">Sponsored</span> Act on the sponsored listing to get 10
          more Daily Actions today.
        </p>
      )}
      <ListingCards
        listings={answer.listings}
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
