import { Link, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { board } from '@marquee/contract';
import { ApiError } from '../../app/api';
import { Pager } from '../../ui/Pager';
import { PageLoading } from '../../ui/Preloader';
import { useMaxWidth } from '../../ui/useMediaQuery';
import { CommunityLayout } from '../community';
import { categoryThreadsQuery } from './api';
import { BoardCrumbs } from './BoardCrumbs';
import { NewTopicButton } from './NewTopicModal';
import { categoryPagePath, countOf, pageFromParam } from './pages';

/** /community/board/{category}: the category's topics, newest post first, 25 a page (docs/domain.md BD2). */
export default function CategoryPage() {
  const { category = '' } = useParams();
  const [params] = useSearchParams();
  const page = pageFromParam(params.get('page'));
  const threads = useQuery(categoryThreadsQuery(category, page));
  const narrow = useMaxWidth(board.TABLE_MIN_WIDTH - 1);
  const details = threads.data?.categoryDetails;
  const gone = threads.error instanceof ApiError && threads.error.httpStatus === 404;

  return (
    <CommunityLayout
      title="Message Board"
      actions={<NewTopicButton category={details?.category ?? category} />}
    >
      <BoardCrumbs
        category={details ? { category: details.category, name: details.long_cat_name } : undefined}
      />
      {threads.isPending ? (
        <PageLoading label="Loading the topics…" />
      ) : threads.isError ? (
        <div className="card mq-board-empty" role="alert">
          <p className="mb-3">{gone ? board.NO_SUCH_CATEGORY : board.THREADS_FAILED}</p>
          {gone ? (
            <Link to={board.BOARD_PATH} className="btn btn-primary">
              See all categories
            </Link>
          ) : (
            <button type="button" className="btn btn-primary" onClick={() => void threads.refetch()}>
              Try again
            </button>
          )}
        </div>
      ) : (
        <>
          <header className="mq-board-head">
            <h2 className="h4 mb-1">{threads.data.categoryDetails.long_cat_name}</h2>
            <p className="mb-1">{threads.data.categoryDetails.cat_desc}</p>
            <p className="small text-body-secondary mb-0">
              {countOf(threads.data.categoryDetails.topic_count, 'topic', 'topics')}
            </p>
          </header>
          {threads.data.threads.length === 0 ? (
            <div className="card mq-board-empty">
              <p className="mb-0">
                {page > 0
                  ? 'There are no topics on this page.'
                  : threads.data.canStartTopic
                    ? board.NO_THREADS
                    : board.NO_THREADS_FREE}
              </p>
            </div>
          ) : narrow ? (
            <ul className="mq-board-cards list-unstyled" aria-label="Topics">
              {threads.data.threads.map((t) => (
                <li key={t.id} className="card">
                  <div className="card-body">
                    <h3 className="h6 mb-1">
                      <Link to={board.threadPath({ category, id: t.id })}>{t.title}</Link>
                    </h3>
                    <p className="small text-body-secondary mb-0">
                      by <Link to={`/profile/${t.user_id}`}>{t.user_name}</Link> ·{' '}
                      {countOf(t.reply_count, 'reply', 'replies')} · {countOf(t.view_count, 'view', 'views')}
                      {' · '}
                      <time dateTime={t.last_post_date}>{t.last_post_ago}</time>
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <div className="card mq-board-card">
              <table className="table mq-board-table mb-0">
                <caption className="visually-hidden">
                  Topics in {threads.data.categoryDetails.long_cat_name}, page {page + 1} of{' '}
                  {threads.data.pageCount}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Topic</th>
                    <th scope="col" className="mq-board-table__num">
                      Replies
                    </th>
                    <th scope="col" className="mq-board-table__num">
                      Views
                    </th>
                    <th scope="col" className="mq-board-table__latest">
                      Last post
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {threads.data.threads.map((t) => (
                    <tr key={t.id}>
                      <th scope="row">
                        <Link to={board.threadPath({ category, id: t.id })} className="mq-board-table__title">
                          {t.title}
                        </Link>
                        <span className="mq-board-table__desc">
                          by <Link to={`/profile/${t.user_id}`}>{t.user_name}</Link>
                        </span>
                      </th>
                      <td className="mq-board-table__num">{t.reply_count.toLocaleString('en-US')}</td>
                      <td className="mq-board-table__num">{t.view_count.toLocaleString('en-US')}</td>
                      <td className="mq-board-table__latest">
                        <time dateTime={t.last_post_date}>{t.last_post_ago}</time>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {threads.data.pageCount > 1 && (
            <Pager
              current={page}
              pageCount={threads.data.pageCount}
              hrefOf={(p) => categoryPagePath(category, p)}
              label={`Pages of ${threads.data.categoryDetails.long_cat_name}`}
              className="mq-board-pager"
            />
          )}
        </>
      )}
    </CommunityLayout>
  );
}
