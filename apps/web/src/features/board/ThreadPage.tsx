import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { board } from '@marquee/contract';
import { ApiError } from '../../app/api';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { Pager } from '../../ui/Pager';
import { PageLoading } from '../../ui/Preloader';
import { showSuccess } from '../../ui/toast';
import { CommunityLayout } from '../community';
import { boardKey, deletePost, follow, threadKey, threadQuery } from './api';
import { BoardCrumbs } from './BoardCrumbs';
import { IconBell } from './icons';
import { afterDelete, countOf, pageFromParam, threadPagePath } from './pages';
import { PostCard } from './PostCard';
import { ReplyForm } from './ReplyForm';

type ThreadAnswer = { threadDetails: board.ThreadDetails };

/**
 * /community/board/{category}/{thread}/{page}: a page (from 0) of a topic's posts with the pager of
 * spec 3 §9, the follow toggle, the reply form, and deleting one's own posts with the page rules of
 * spec 3 §4.
 */
export default function ThreadPage() {
  const params = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const category = params.category ?? '';
  const threadId = /^\d{1,10}$/.test(params.tid ?? '') ? Number(params.tid) : 0;
  const page = pageFromParam(params.page);
  const thread = useQuery({ ...threadQuery(threadId, page), enabled: threadId > 0 });
  const [deleting, setDeleting] = useState<board.BoardPost | null>(null);
  const [focusPost, setFocusPost] = useState<number | null>(null);
  const data = thread.data;

  // The address names the topic's own category, and a page past the last goes to the first (spec 3 §4).
  useEffect(() => {
    if (!data || thread.isPlaceholderData) return;
    const own = data.categoryDetails.category;
    const shown = data.page >= data.pageCount ? 0 : data.page;
    if (own !== category || shown !== data.page)
      navigate(threadPagePath(own, data.threadDetails.id, shown), { replace: true });
  }, [data, thread.isPlaceholderData, category, navigate]);

  // A reply just posted is brought into view once its page has loaded.
  useEffect(() => {
    if (focusPost === null || !data?.posts.some((p) => p.id === focusPost)) return;
    document.getElementById(`post-${focusPost}`)?.scrollIntoView({ block: 'center' });
    setFocusPost(null);
  }, [data, focusPost]);

  const toggle = useMutation({
    mutationFn: (on: boolean) => follow(threadId, on),
    onSuccess: (answer) => {
      client.setQueriesData<ThreadAnswer>({ queryKey: threadKey(threadId) }, (old) =>
        old
          ? {
              ...old,
              threadDetails: {
                ...old.threadDetails,
                subscribed: answer.subscribed,
                unsubscribed: answer.unsubscribed,
              },
            }
          : old,
      );
      showSuccess(answer.message);
    },
  });

  const remove = useMutation({
    mutationFn: (post: board.BoardPost) => deletePost(post.id),
    onSuccess: (answer) => {
      setDeleting(null);
      showSuccess(board.POST_DELETED);
      const next = afterDelete(answer.pageCount, page);
      const own = data?.categoryDetails.category ?? category;
      if (next.to === 'category') {
        void client.invalidateQueries({ queryKey: boardKey });
        navigate(board.categoryPath(own));
        return;
      }
      if (next.page !== page) navigate(threadPagePath(own, threadId, next.page));
      void client.invalidateQueries({ queryKey: boardKey });
    },
  });

  const replied = (replyPage: number, postId: number) => {
    setFocusPost(postId);
    const own = data?.categoryDetails.category ?? category;
    if (replyPage !== page) navigate(threadPagePath(own, threadId, replyPage));
    void client.invalidateQueries({ queryKey: boardKey });
  };

  const gone = threadId === 0 || (thread.error instanceof ApiError && thread.error.httpStatus === 404);
  const details = data?.threadDetails;
  const subscribed = details?.subscribed ?? false;

  return (
    <CommunityLayout title="Message Board">
      <BoardCrumbs
        category={
          data
            ? { category: data.categoryDetails.category, name: data.categoryDetails.long_cat_name }
            : undefined
        }
        topic={details?.title}
      />
      {gone ? (
        <div className="card mq-board-empty" role="alert">
          <p className="mb-3">{board.THREAD_GONE}</p>
          <Link to={category ? board.categoryPath(category) : board.BOARD_PATH} className="btn btn-primary">
            Back to the topics
          </Link>
        </div>
      ) : thread.isPending ? (
        <PageLoading label="Loading the topic…" />
      ) : thread.isError ? (
        <div className="card mq-board-empty" role="alert">
          <p className="mb-3">{board.THREAD_FAILED}</p>
          <button type="button" className="btn btn-primary" onClick={() => void thread.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <>
          <header className="mq-board-thread-head">
            <div>
              <h2 className="h4 mb-1 text-break">{thread.data.threadDetails.title}</h2>
              <p className="small text-body-secondary mb-0">
                {countOf(thread.data.threadDetails.reply_count, 'reply', 'replies')} ·{' '}
                {countOf(thread.data.threadDetails.view_count, 'view', 'views')} · in{' '}
                <Link to={board.categoryPath(thread.data.categoryDetails.category)}>
                  {thread.data.categoryDetails.long_cat_name}
                </Link>
              </p>
            </div>
            <div className="mq-board-follow">
              <Button
                variant={subscribed ? 'outline-primary' : 'primary'}
                disabled={toggle.isPending}
                onClick={() => toggle.mutate(!subscribed)}
              >
                <IconBell filled={!subscribed} /> {subscribed ? 'Unfollow' : 'Follow'}
              </Button>
              <span className="small text-body-secondary">
                {subscribed ? 'You get an alert for each new reply.' : 'Get an alert for each new reply.'}
              </span>
            </div>
          </header>
          {thread.data.pageCount > 1 && (
            <Pager
              current={thread.data.page}
              pageCount={thread.data.pageCount}
              hrefOf={(p) => threadPagePath(thread.data.categoryDetails.category, threadId, p)}
              label="Pages of this topic"
              className="mq-board-pager mq-board-pager--top"
            />
          )}
          {thread.data.posts.length === 0 ? (
            <div className="card mq-board-empty">
              <p className="mb-0">{board.HIDDEN_PAGE}</p>
            </div>
          ) : (
            <ol className="mq-board-posts list-unstyled" aria-label="Posts">
              {thread.data.posts.map((post) => (
                <li key={post.id}>
                  <PostCard post={post} topicTitle={thread.data.threadDetails.title} onDelete={setDeleting} />
                </li>
              ))}
            </ol>
          )}
          {thread.data.pageCount > 1 && (
            <Pager
              current={thread.data.page}
              pageCount={thread.data.pageCount}
              hrefOf={(p) => threadPagePath(thread.data.categoryDetails.category, threadId, p)}
              label="Pages of this topic, again"
              className="mq-board-pager"
            />
          )}
          <ReplyForm thread={threadId} onPosted={replied} />
        </>
      )}
      <ConfirmModal
        show={deleting !== null}
        title={deleting?.first ? 'Delete this topic?' : 'Delete your reply?'}
        confirmLabel={deleting?.first ? 'Delete topic' : 'Delete reply'}
        busyLabel="Deleting…"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      >
        {deleting?.first
          ? 'This is the first post of the topic: deleting it removes the whole topic with every reply. This cannot be undone.'
          : 'Your reply will be removed from the topic. This cannot be undone.'}
      </ConfirmModal>
    </CommunityLayout>
  );
}
