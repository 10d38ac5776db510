import { queryOptions } from '@tanstack/react-query';
import { messages } from '@marquee/contract';
import { call } from '../../app/api';

/** The top bar's message dropdown: the latest conversations, fetched each time it opens. */
export const recentThreadsQuery = queryOptions({
  queryKey: ['messages', 'recent', messages.RECENT_THREADS_IN_DROPDOWN],
  queryFn: ({ signal }) =>
    call(messages.fetchRecentThreads, { limit: messages.RECENT_THREADS_IN_DROPDOWN }, { signal }),
  staleTime: 0,
  meta: { quiet: true },
});
