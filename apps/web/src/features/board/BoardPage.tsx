import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { board } from '@marquee/contract';
import { PageLoading } from '../../ui/Preloader';
import { useMaxWidth } from '../../ui/useMediaQuery';
import { CommunityLayout } from '../community';
import { categoriesQuery } from './api';
import { NewTopicButton } from './NewTopicModal';
import { countOf } from './pages';

type Category = board.BoardCategory;

/** /community/board: the categories, a table above 400 px wide and a list at 400 px or less (spec 3 §2). */
export default function BoardPage() {
  const categories = useQuery(categoriesQuery);
  const narrow = useMaxWidth(board.TABLE_MIN_WIDTH - 1);
  return (
    <CommunityLayout title="Message Board" actions={<NewTopicButton />}>
      <p className="mq-board-intro">
        Ask, answer and share news with film and TV professionals. Follow a topic to hear about new replies in
        your alerts.
      </p>
      {categories.isPending ? (
        <PageLoading label="Loading the message board…" />
      ) : categories.isError ? (
        <div className="card mq-board-empty" role="alert">
          <p className="mb-3">{board.CATEGORIES_FAILED}</p>
          <button type="button" className="btn btn-primary" onClick={() => void categories.refetch()}>
            Try again
          </button>
        </div>
      ) : narrow ? (
        <ul className="mq-board-cards list-unstyled" aria-label="Categories">
          {categories.data.categories.map((c) => (
            <li key={c.category} className="card">
              <div className="card-body">
                <h2 className="h6 mb-1">
                  <Link to={board.categoryPath(c.category)}>{c.long_cat_name}</Link>
                </h2>
                <p className="small text-body-secondary mb-2">{c.cat_desc}</p>
                <p className="small mb-1">
                  {countOf(c.topic_count, 'topic', 'topics')} · {countOf(c.post_count, 'post', 'posts')}
                </p>
                <Latest c={c} />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <div className="card mq-board-card">
          <table className="table mq-board-table mb-0">
            <caption className="visually-hidden">Message board categories</caption>
            <thead>
              <tr>
                <th scope="col">Category</th>
                <th scope="col" className="mq-board-table__num">
                  Topics
                </th>
                <th scope="col" className="mq-board-table__num">
                  Posts
                </th>
                <th scope="col" className="mq-board-table__latest">
                  Latest topic
                </th>
              </tr>
            </thead>
            <tbody>
              {categories.data.categories.map((c) => (
                <tr key={c.category}>
                  <th scope="row">
                    <Link to={board.categoryPath(c.category)} className="mq-board-table__title">
                      {c.long_cat_name}
                    </Link>
                    <span className="mq-board-table__desc">{c.cat_desc}</span>
                  </th>
                  <td className="mq-board-table__num">{c.topic_count.toLocaleString('en-US')}</td>
                  <td className="mq-board-table__num">{c.post_count.toLocaleString('en-US')}</td>
                  <td className="mq-board-table__latest">
                    <Latest c={c} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </CommunityLayout>
  );
}

/** A category's latest topic: its title, who started it, its replies and when it last moved. */
function Latest({ c }: { c: Category }) {
  if (c.thread_id === null) return <span className="small text-body-secondary">No topics yet</span>;
  return (
    <span className="mq-board-latest">
      <Link
        to={board.threadPath({ category: c.category, id: c.thread_id })}
        className="mq-board-latest__title"
      >
        {c.thread_title}
      </Link>
      <span className="small text-body-secondary">
        by {c.thread_user_name} · {countOf(c.thread_replies, 'reply', 'replies')} ·{' '}
        <time dateTime={c.thread_date}>{c.thread_ago}</time>
      </span>
    </span>
  );
}
