import { useQuery } from '@tanstack/react-query';
import { exchange } from '@marquee/contract';
import { LoadingLine, SideCard } from '../../ui/SideCard';
import { RecentHistoryList } from '../history';
import { thisWeekQuery } from './api';

/**
 * This Week (spec 4 §2, EX12): views completed and received since Monday (Pacific), and the last
 * swaps either way, each V4V.
 */
export function ThisWeek() {
  const week = useQuery(thisWeekQuery);
  return (
    <SideCard title="This Week" className="mq-exchange-week">
      {week.isPending ? (
        <LoadingLine>Loading this week…</LoadingLine>
      ) : week.isError ? (
        <div role="alert">
          <p className="mb-2">We could not load this week&rsquo;s views just now.</p>
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            onClick={() => void week.refetch()}
          >
            Try again
          </button>
        </div>
      ) : (
        <>
          <dl className="mq-exchange-week__figures">
            <div>
              <dt>Completed</dt>
              <dd>{week.data.completed.toLocaleString('en-US')}</dd>
            </div>
            <div>
              <dt>Received</dt>
              <dd>{week.data.received.toLocaleString('en-US')}</dd>
            </div>
          </dl>
          {week.data.histories.length === 0 ? (
            <p className="mb-0 text-body-secondary">{exchange.EXCHANGE_MESSAGES.noHistory}</p>
          ) : (
            <RecentHistoryList items={week.data.histories} label="Recent View-For-View swaps" />
          )}
        </>
      )}
    </SideCard>
  );
}
