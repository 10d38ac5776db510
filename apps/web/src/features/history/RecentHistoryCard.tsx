import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { history } from '@marquee/contract';
import { Avatar } from '../../ui/Avatar';
import { LoadingLine, SideCard } from '../../ui/SideCard';
import { recentHistoryQuery } from './api';
import { amountClass, amountLabel, amountWords, undone } from './pages';

/** The dashboard's Recent History card (spec 2 §2): the last few actions, and the way to the rest. */
export function RecentHistoryCard() {
  const recent = useQuery(recentHistoryQuery);
  return (
    <SideCard title="Recent History" className="mq-recent-history mb-3">
      {recent.isPending ? (
        <LoadingLine>Loading your history…</LoadingLine>
      ) : recent.isError ? (
        <p className="text-body-secondary mb-0">We could not load your history just now.</p>
      ) : recent.data.histories.length === 0 ? (
        <p className="mb-0">
          {history.HISTORY_EMPTY} <Link to="/getting-started">Get started</Link> to learn how points work.
        </p>
      ) : (
        <>
          <RecentHistoryList items={recent.data.histories} />
          <Link to="/history" className="mq-side-link">
            See all {recent.data.history_count.toLocaleString('en-US')} in your History
          </Link>
        </>
      )}
    </SideCard>
  );
}

/**
 * The short history list of the side cards (the dashboard's Recent History, the exchange's This Week):
 * the other member's picture, what happened and when, and the amount (99 and -99 read V4V).
 */
export function RecentHistoryList({ items, label }: { items: history.HistoryItem[]; label?: string }) {
  return (
    <ul className="mq-recent-history__list" aria-label={label}>
      {items.map((item) => {
        const amount = amountLabel(item.amount);
        return (
          <li key={item.id}>
            <Avatar src={item.img} size={35} alt="" />
            <span className="mq-recent-history__what">
              {item.action}
              <span className="mq-recent-history__ago">
                {item.ago}
                {undone(item) && ` · ${item.verify}`}
              </span>
            </span>
            <span
              className={`mq-history__amount ${amountClass(item.amount)}`}
              aria-label={amountWords(item.amount)}
            >
              {amount}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
