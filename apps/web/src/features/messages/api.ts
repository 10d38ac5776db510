import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { messages } from '@marquee/contract';
import { call } from '../../app/api';

export const messagesKey = ['messages'] as const;

/** The top bar's message dropdown: the latest conversations, fetched each time it opens. */
export const recentThreadsQuery = queryOptions({
  queryKey: [...messagesKey, 'recent', messages.RECENT_THREADS_IN_DROPDOWN],
  queryFn: ({ signal }) =>
    call(messages.fetchRecentThreads, { limit: messages.RECENT_THREADS_IN_DROPDOWN }, { signal }),
  staleTime: 0,
  meta: { quiet: true },
});

/** The conversation list of /messages. */
export const conversationsQuery = queryOptions({
  queryKey: [...messagesKey, 'recent', messages.RECENT_THREADS_ON_PAGE],
  queryFn: ({ signal }) =>
    call(messages.fetchRecentThreads, { limit: messages.RECENT_THREADS_ON_PAGE }, { signal }),
  staleTime: 0,
  meta: { quiet: true },
});

export const threadKey = (userId: number) => [...messagesKey, 'thread', userId] as const;

/**
 * One conversation: the first page is the latest, each further page the one before it. The server
 * marks the conversation read when the latest page is fetched.
 */
export const threadQuery = (userId: number) =>
  infiniteQueryOptions({
    queryKey: threadKey(userId),
    queryFn: ({ signal, pageParam }) =>
      call(messages.fetchMessageThread, { user_id: userId, before: pageParam }, { signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => (page.hasOlder ? page.messages[0]?.id : undefined),
    staleTime: 0,
    meta: { quiet: true },
  });

export const sendMessage = (toId: number, message: string) =>
  call(messages.postMessage, { to_id: toId, message });
