import { useRef } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { exchange } from '@marquee/contract';
import { PageLoading } from '../../ui/Preloader';
import { LoadFailed } from '../../ui/LoadState';
import { shownList } from './swap';
import { SwapCard } from './SwapCard';

const HEADINGS = {
  review: {
    title: 'For Review',
    intro:
      'Members who say they followed you back: check on Instagram, then confirm or contest. Contests against you wait here for you to acknowledge.',
  },
  follow_back: {
    title: 'Follow Back',
    intro: 'These members followed you. Follow them back on Instagram, then press Done.',
  },
  new: {
    title: 'New Listings',
    intro: 'Follow a member on Instagram and press Done: they are asked to follow you back.',
  },
} as const;

/**
 * The left column (spec 4 §2): For Review if any wait, else Follow Back, else New Listings, with what
 * to do; new listings are held back while 5 or more reviews wait (EX4).
 */
export function SwapLists({ lists }: { lists: UseQueryResult<exchange.AvailableListingsAnswer> }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const data = lists.data;
  const shown = data ? shownList(data) : null;
  const words = HEADINGS[shown?.kind ?? 'new'];
  const reviews = data?.reviewListings.length ?? 0;
  const followBacks = data?.followBackListings.length ?? 0;

  // A card answered leaves the list: focus goes to the list's heading rather than to nowhere.
  const afterMove = () => {
    if (document.activeElement === document.body || document.activeElement === null) heading.current?.focus();
  };

  let body;
  if (lists.isPending) {
    body = <PageLoading label="Loading the listings…" />;
  } else if (lists.isError) {
    body = (
      <LoadFailed
        className="mq-exchange-failed"
        what="the listings"
        error={lists.error}
        retrying={lists.isFetching}
        onRetry={() => void lists.refetch()}
      />
    );
  } else if (!shown?.cards.length) {
    body = <p className="mq-exchange-empty">{exchange.EXCHANGE_MESSAGES.noListings}</p>;
  } else {
    body = (
      <ul className="mq-swaps" aria-label={words.title} aria-busy={lists.isFetching || undefined}>
        {shown.cards.map((card) => (
          <SwapCard key={`${card.id}-${card.user_id}-${card.stage}`} card={card} onMoved={afterMove} />
        ))}
      </ul>
    );
  }

  return (
    <section className="card mq-exchange-card" aria-labelledby="mq-swaps-title">
      <div className="card-header mq-exchange-card__head">
        <h2 id="mq-swaps-title" className="mq-exchange-card__title" ref={heading} tabIndex={-1}>
          {words.title}
        </h2>
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          onClick={() => void lists.refetch()}
          disabled={lists.isFetching}
        >
          {lists.isFetching && !lists.isPending ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      <div className="card-body mq-exchange-card__body">
        <p className="mq-exchange-card__intro">{words.intro}</p>
        {shown?.kind === 'review' && followBacks > 0 && (
          <p className="mq-exchange-card__next">
            Then {followBacks === 1 ? '1 member' : `${followBacks} members`} to follow back.
          </p>
        )}
        {data?.newWithheld && (
          <div className="alert alert-warning mq-exchange-card__withheld" role="status">
            New listings are held back while {exchange.INSTAGRAM.reviewBlockAt} or more items wait for your
            review ({reviews} now). Review these first and new listings come back.
          </div>
        )}
        {body}
      </div>
    </section>
  );
}
