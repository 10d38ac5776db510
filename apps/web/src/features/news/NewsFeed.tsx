import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { news } from '@marquee/contract';
import { useCurrentUser } from '../../app/session';
import { feedQuery } from './api';
import { Composer } from './Composer';
import { FeedFilters } from './FeedFilters';
import { NewsItemCard } from './NewsItemCard';

/** The news feed (spec 1 News feed): the whole feed, or one item when singleNewsId is given (/home/{id}). */
export function NewsFeed({ singleNewsId }: { singleNewsId?: number }) {
  return singleNewsId ? <SingleItem newsId={singleNewsId} /> : <WholeFeed />;
}

function FeedProblem({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="card mq-feed-state" role="alert">
      <p className="mb-3">{message}</p>
      <Button onClick={onRetry}>Try again</Button>
    </div>
  );
}

function FeedLoading({ label }: { label: string }) {
  return (
    <div className="mq-feed-loading" role="status" aria-label={label}>
      {[0, 1, 2].map((i) => (
        <div key={i} className="card mq-news-skeleton" aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
      ))}
    </div>
  );
}

function WholeFeed() {
  const id = useId();
  const user = useCurrentUser();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const feed = useInfiniteQuery(feedQuery());
  const items = feed.data?.pages.flatMap((p) => p.newsItems) ?? [];
  const filtered = user.hideV4V || user.hideFaceless;

  return (
    <section className="mq-feed" aria-labelledby={`${id}-title`}>
      <Composer />
      <div className="mq-feed__bar">
        <h2 id={`${id}-title`} className="mq-feed__title">
          News feed
        </h2>
        <Button
          variant="link"
          size="sm"
          aria-expanded={filtersOpen}
          aria-controls={`${id}-filters`}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          Filters{filtered ? ' (on)' : ''}
        </Button>
      </div>
      <div id={`${id}-filters`} hidden={!filtersOpen}>
        {filtersOpen && <FeedFilters onClose={() => setFiltersOpen(false)} />}
      </div>

      {feed.isPending ? (
        <FeedLoading label="Loading the news feed…" />
      ) : feed.isError && !items.length ? (
        <FeedProblem message={feed.error.message} onRetry={() => void feed.refetch()} />
      ) : items.length === 0 ? (
        <div className="card mq-feed-state">
          <p className="mb-1 fw-semibold">Nothing in your feed yet.</p>
          <p className="mb-0 text-body-secondary">
            {filtered
              ? 'Your filters may be hiding some posts. Share some news of your own, or change the filters above.'
              : 'Share your news above: a role, a screening, a reel. The whole community will see it here.'}
          </p>
        </div>
      ) : (
        <>
          <div className="mq-feed__items">
            {items.map((item) => (
              <NewsItemCard key={item.id} item={item} />
            ))}
          </div>
          {feed.hasNextPage ? (
            <div className="text-center">
              <Button
                variant="outline-primary"
                disabled={feed.isFetchingNextPage}
                onClick={() => void feed.fetchNextPage()}
              >
                {feed.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </Button>
              {feed.isFetchNextPageError && (
                <p className="small text-danger mt-2" role="alert">
                  We could not load more posts. Please try again.
                </p>
              )}
            </div>
          ) : (
            <p className="mq-feed__end">You are all caught up.</p>
          )}
        </>
      )}
    </section>
  );
}

function SingleItem({ newsId }: { newsId: number }) {
  const id = useId();
  const feed = useInfiniteQuery(feedQuery(newsId));
  const item = feed.data?.pages[0]?.newsItems[0];
  return (
    <section className="mq-feed" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="visually-hidden">
        News post
      </h2>
      {feed.isPending ? (
        <FeedLoading label="Loading the post…" />
      ) : feed.isError ? (
        <FeedProblem message={feed.error.message} onRetry={() => void feed.refetch()} />
      ) : !item ? (
        <div className="card mq-feed-state">
          <p className="mb-2">{news.POST_GONE}</p>
          <Link to="/home">Go to the news feed</Link>
        </div>
      ) : (
        <NewsItemCard item={item} startOpen />
      )}
    </section>
  );
}
