import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { messages } from '@marquee/contract';
import { Avatar } from '../../ui/Avatar';

/**
 * With no conversation yet, the text follows what the member may do (docs/domain.md Direct messages):
 * the spec's "Start one!" only for those who may start one; a free member waits to be written to.
 */
export const EMPTY_THREADS_REPLY_ONLY =
  'No conversations yet. When a member writes to you, you can reply here.';

export function emptyThreadsText(canStart: boolean): string {
  return canStart ? messages.EMPTY_THREADS : EMPTY_THREADS_REPLY_ONLY;
}

/** The recent conversations of /messages: who, the last message, how long ago, and whether it is unread. */
export function ConversationList({
  list,
  currentId,
}: {
  list: UseQueryResult<{ threads: messages.ThreadSummary[]; canStart: boolean }>;
  currentId: number | null;
}) {
  if (list.isPending) {
    return (
      <div className="mq-msg-list__note" role="status">
        <span className="spinner-border spinner-border-sm text-primary me-2" aria-hidden="true" />
        Loading your conversations…
      </div>
    );
  }
  if (list.isError) {
    return (
      <div className="mq-msg-list__note" role="alert">
        <p className="mb-2">{messages.THREADS_FAILED}</p>
        <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => void list.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (list.data.threads.length === 0) {
    return <p className="mq-msg-list__note">{emptyThreadsText(list.data.canStart)}</p>;
  }
  return (
    <ul className="mq-msg-list" aria-busy={list.isFetching}>
      {list.data.threads.map((thread) => {
        const name = `${thread.other_first} ${thread.other_last}`;
        const unread = thread.unread === 'yes';
        const current = thread.other_id === currentId;
        return (
          <li key={thread.other_id}>
            <Link
              to={`/messages/${thread.other_id}`}
              className={`mq-msg-list__item${unread ? ' is-unread' : ''}${current ? ' is-current' : ''}`}
              aria-current={current ? 'page' : undefined}
            >
              <Avatar src={thread.other_avatar} size={44} alt="" />
              <span className="mq-msg-list__text">
                <span className="mq-msg-list__top">
                  <span className="mq-msg-list__name">{name}</span>
                  <span className="mq-msg-list__ago">{thread.ago}</span>
                </span>
                <span className="mq-msg-list__preview">
                  {unread && <span className="visually-hidden">Unread: </span>}
                  {thread.message}
                </span>
              </span>
              {unread && <span className="mq-msg-list__dot" aria-hidden="true" />}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
