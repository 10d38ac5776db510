import { useSyncExternalStore } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Container from 'react-bootstrap/Container';
import Pagination from 'react-bootstrap/Pagination';
import { history, isPlatform, PLATFORM_NAME } from '@marquee/contract';
import { call } from '../../app/api';
import { Avatar } from '../../ui/Avatar';
import { PageLoading } from '../../ui/Preloader';
import { showError, showSuccess, showWarning } from '../../ui/toast';
import { usePageTitle } from '../../ui/usePageTitle';
import { historyKey, historyListQuery } from './api';
import { amountClass, amountLabel, amountWords, pagerItems, undone } from './pages';

/** The window is narrower than 400 px: the pager shows fewer controls (spec 2 §2). */
function useNarrow(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const query = window.matchMedia('(max-width: 399.98px)');
      query.addEventListener('change', notify);
      return () => query.removeEventListener('change', notify);
    },
    () => window.matchMedia('(max-width: 399.98px)').matches,
  );
}

/** /history, /history/mine, /history/theirs and /history/{listing_id} (spec 2 §2). */
export default function HistoryPage() {
  const { filter = 'all' } = useParams();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useQuery({ ...historyListQuery(filter, page), placeholderData: keepPreviousData });
  const narrow = useNarrow();
  usePageTitle(list.data?.historyTitle ?? 'History');

  const goTo = (p: number) => {
    setParams(p > 1 ? { page: String(p) } : {});
    window.scrollTo({ top: 0 });
  };

  return (
    <Container fluid="xl">
      <header className="mq-page-head mq-history-head">
        <h1>{list.data?.historyTitle ?? 'History'}</h1>
        <nav aria-label="History filters" className="mq-history-filters">
          {filter !== 'all' && <Link to="/history">Back to Full History</Link>}
          {filter !== 'mine' && <Link to="/history/mine">Show Only My Actions</Link>}
          {filter !== 'theirs' && <Link to="/history/theirs">Show Only Others&apos; Actions</Link>}
        </nav>
      </header>

      {list.isPending ? (
        <PageLoading label="Loading your history…" />
      ) : list.isError ? (
        <div className="card mq-history-empty" role="alert">
          <p className="mb-3">{list.error.message}</p>
          <button type="button" className="btn btn-primary" onClick={() => void list.refetch()}>
            Try again
          </button>
        </div>
      ) : list.data.histories.length === 0 ? (
        <div className="card mq-history-empty">
          <p className="mb-0">
            {list.data.history_count === 0
              ? history.HISTORY_NONE_IN_WINDOW
              : 'There is nothing on this page.'}
          </p>
          {list.data.history_count === 0 && filter === 'all' && (
            <p className="mt-2 mb-0">
              <Link to="/dashboard">Earn points on the dashboard</Link> or{' '}
              <Link to="/getting-started">get started</Link>.
            </p>
          )}
        </div>
      ) : (
        <>
          <p className="text-body-secondary small mb-2">
            {list.data.history_count.toLocaleString('en-US')} action
            {list.data.history_count === 1 ? '' : 's'} in the last six months
          </p>
          <ul className="mq-history card" aria-busy={list.isFetching}>
            {list.data.histories.map((item) => (
              <HistoryRow key={item.id} item={item} />
            ))}
          </ul>
          {list.data.pageCount > 1 && (
            <Pagination className="mq-pager" aria-label="History pages">
              <Pagination.Prev
                disabled={page <= 1}
                onClick={() => goTo(page - 1)}
                aria-label="Previous page"
              />
              {pagerItems(page, list.data.pageCount, narrow ? 1 : 5, narrow ? 1 : 2).map((p, i) =>
                p === null ? (
                  <Pagination.Ellipsis key={`gap-${i}`} disabled />
                ) : (
                  <Pagination.Item
                    key={p}
                    active={p === page}
                    onClick={() => goTo(p)}
                    aria-label={`Page ${p}`}
                  >
                    {p}
                  </Pagination.Item>
                ),
              )}
              <Pagination.Next
                disabled={page >= list.data.pageCount}
                onClick={() => goTo(page + 1)}
                aria-label="Next page"
              />
            </Pagination>
          )}
        </>
      )}
    </Container>
  );
}

function HistoryRow({ item }: { item: history.HistoryItem }) {
  const queryClient = useQueryClient();
  const verify = useMutation({
    mutationFn: () => call(history.verify[item.icon as 'twitter' | 'facebook'], { history_id: item.id }),
    onSuccess: (answer) => {
      if (answer.status === 'verified') showSuccess(answer.message);
      else showWarning(answer.message);
      void queryClient.invalidateQueries({ queryKey: historyKey });
    },
    onError: showError,
    meta: { quiet: true },
  });
  const amount = amountLabel(item.amount);
  return (
    <li className="mq-history__row">
      <Link to={item.link_pic} className="mq-history__who">
        <Avatar src={item.img} size={35} alt="" />
        <span>{item.first_name}</span>
      </Link>
      <div className="mq-history__what">
        <span>{item.action}</span>
        <a href={item.listing_url} target="_blank" rel="noopener noreferrer" className="mq-history__listing">
          {item.listing_name}
          <span className="visually-hidden">
            {' '}
            on {isPlatform(item.icon) ? PLATFORM_NAME[item.icon] : item.icon} (opens a new window)
          </span>
        </a>
      </div>
      <div className="mq-history__meta">
        <span
          className={`mq-history__amount ${amountClass(item.amount)}`}
          aria-label={`${amountWords(item.amount)}${undone(item) ? `, ${item.verify.toLowerCase()}` : ''}`}
        >
          {amount}
        </span>
        <span className="mq-history__ago">{item.ago}</span>
        {item.verify && (
          <span
            className={`badge mq-verify mq-verify--${item.verify === 'yes' ? 'yes' : item.verify === 'no' ? 'no' : 'other'}`}
          >
            {item.verify === 'yes' ? 'Verified' : item.verify === 'no' ? 'Not found' : item.verify}
          </span>
        )}
        {item.canVerify && (
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            disabled={verify.isPending}
            onClick={() => verify.mutate()}
          >
            {/* Once a check has answered, the button asks again: a follow may be undone later. */}
            {verify.isPending ? 'Checking…' : item.verify === 'Not checked' ? 'Verify' : 'Check again'}
          </button>
        )}
      </div>
    </li>
  );
}
