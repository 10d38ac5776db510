import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { messages } from '@marquee/contract';
import type { OutputOf } from '@marquee/contract';
import { ApiError } from '../../app/api';
import { badgeCountsQuery } from '../alerts';
import { Avatar } from '../../ui/Avatar';
import { LinksOnly } from '../../ui/LinksOnly';
import { usePageTitle } from '../../ui/usePageTitle';
import { messagesKey, threadKey, threadQuery } from './api';
import { CannotPost, Composer } from './Composer';

type ThreadPage = OutputOf<typeof messages.fetchMessageThread>;

/** Back to the list: the phone layout shows one pane at a time. */
function BackLink() {
  return (
    <Link to="/messages" className="mq-msg-thread__back d-sm-none">
      <span aria-hidden="true">‹ </span>All conversations
    </Link>
  );
}

/** One conversation (spec 2 §2): the messages oldest to newest, older pages on request, and the composer. */
export function ConversationThread({ userId, meId }: { userId: number; meId: number }) {
  const queryClient = useQueryClient();
  const thread = useInfiniteQuery(threadQuery(userId));
  const [postedAt, setPostedAt] = useState<number | null>(null);
  const logRef = useRef<HTMLOListElement>(null);
  const latest = thread.data?.pages[0];
  usePageTitle(latest ? `Messages with ${latest.other.first}` : 'Messages');

  // Reading the latest page marked the conversation read: the badge and the list catch up.
  const readAt = thread.dataUpdatedAt;
  useEffect(() => {
    if (!readAt) return;
    void queryClient.invalidateQueries({ queryKey: badgeCountsQuery.queryKey });
    void queryClient.invalidateQueries({ queryKey: [...messagesKey, 'recent'] });
  }, [readAt, queryClient]);

  // After posting, the conversation is fetched again 60 s later (spec 2 §4), for a reply meanwhile.
  const refetch = thread.refetch;
  useEffect(() => {
    if (postedAt === null) return;
    const timer = setTimeout(() => void refetch(), messages.REFETCH_AFTER_POST_MS);
    return () => clearTimeout(timer);
  }, [postedAt, refetch]);

  const shown = new Map<number, messages.ThreadMessage>();
  for (const page of [...(thread.data?.pages ?? [])].reverse()) {
    for (const m of page.messages) shown.set(m.id, m);
  }
  const list = [...shown.values()];
  const newestId = list.at(-1)?.id;

  // The newest message stays in view; loading older ones leaves the position alone.
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log && newestId !== undefined) log.scrollTop = log.scrollHeight;
  }, [newestId]);

  if (thread.isPending) {
    return (
      <div className="mq-msg-thread__state" role="status">
        <span className="spinner-border text-primary" aria-hidden="true" />
        <span className="visually-hidden">Loading the conversation…</span>
      </div>
    );
  }
  if (thread.isError || !latest) {
    return (
      <div className="mq-msg-thread__state" role="alert">
        <BackLink />
        <p className="mb-3">{thread.error?.message ?? 'We could not load this conversation.'}</p>
        {/* A refusal (no such member, blocked) will not change on a retry; a failed connection may. */}
        {thread.error instanceof ApiError &&
        thread.error.httpStatus >= 400 &&
        thread.error.httpStatus < 500 ? (
          <Link to="/messages" className="d-none d-sm-inline">
            Back to your conversations
          </Link>
        ) : (
          <button type="button" className="btn btn-outline-primary" onClick={() => void thread.refetch()}>
            Try again
          </button>
        )}
      </div>
    );
  }

  const other = latest.other;
  const name = `${other.first} ${other.last}`;
  const onSent = (sent: messages.ThreadMessage) => {
    queryClient.setQueryData<InfiniteData<ThreadPage, number | undefined>>(threadKey(userId), (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((p, i) => (i === 0 ? { ...p, messages: [...p.messages, sent] } : p)),
          }
        : data,
    );
    void queryClient.invalidateQueries({ queryKey: [...messagesKey, 'recent'] });
    setPostedAt(Date.now());
  };

  return (
    <>
      <header className="mq-msg-thread__head">
        <BackLink />
        <Link to={`/profile/${other.id}`} className="mq-msg-thread__who">
          <Avatar src={other.avatar} size={44} alt="" />
          <span>
            <h2 className="mq-msg-thread__name">{name}</h2>
            <span className="mq-msg-thread__sub">View profile</span>
          </span>
        </Link>
      </header>
      <ol
        ref={logRef}
        className="mq-msg-thread__log"
        aria-label={`Messages with ${name}`}
        aria-live="polite"
        aria-busy={thread.isFetching}
        tabIndex={0}
      >
        {thread.hasNextPage && (
          <li className="mq-msg-thread__older">
            <button
              type="button"
              className="btn btn-sm btn-outline-primary"
              disabled={thread.isFetchingNextPage}
              onClick={() => void thread.fetchNextPage()}
            >
              {thread.isFetchingNextPage ? 'Loading…' : 'Show older messages'}
            </button>
          </li>
        )}
        {list.length === 0 && (
          <li className="mq-msg-thread__empty">
            {/* "Say hello!" only where the composer lets the member say it. */}
            {latest.canPost ? messages.EMPTY_THREAD : "You haven't exchanged any messages yet."}
          </li>
        )}
        {list.map((m) => {
          const mine = m.sender_id === meId;
          return (
            <li key={m.id} className={`mq-msg-bubble${mine ? ' is-mine' : ''}`}>
              {!mine && <Avatar src={m.sender_avatar} size={32} alt="" className="mq-msg-bubble__pic" />}
              <div className="mq-msg-bubble__body">
                <span className="visually-hidden">{mine ? 'You' : m.sender_name} wrote, </span>
                <LinksOnly html={m.message} className="mq-msg-bubble__text" />
                <span className="mq-msg-bubble__ago">{m.ago}</span>
              </div>
            </li>
          );
        })}
      </ol>
      {latest.canPost ? (
        <Composer key={other.id} toId={other.id} toFirst={other.first} onSent={onSent} />
      ) : (
        <CannotPost notice={latest.notice} needsUpgrade={latest.needsUpgrade} />
      )}
    </>
  );
}
