import { queryOptions } from '@tanstack/react-query';
import { alerts } from '@marquee/contract';
import { call } from '../../app/api';

/** Unread messages and unseen alerts for the top bar's badges: every 60 s and when the window regains focus. */
export const badgeCountsQuery = queryOptions({
  queryKey: ['alerts', 'counts'],
  queryFn: ({ signal }) => call(alerts.checkMessagesAndAlerts, {}, { signal }),
  refetchInterval: 60_000,
  refetchOnWindowFocus: true,
  staleTime: 0,
  meta: { quiet: true },
});

/** Opening the list marks the alerts seen on the server, so the counts are fetched again after it. */
export const alertListQueryKey = ['alerts', 'list'] as const;
