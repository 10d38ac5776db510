import { queryOptions } from '@tanstack/react-query';
import { alerts } from '@marquee/contract';
import { call } from '../../app/api';
import { pollUnlessLive } from '../../app/live';

/**
 * Unread messages and unseen alerts for the top bar's badges: read again on each live update (LV7),
 * every 60 s while the live stream is down, and when the window regains focus.
 */
export const badgeCountsQuery = queryOptions({
  queryKey: ['alerts', 'counts'],
  queryFn: ({ signal }) => call(alerts.checkMessagesAndAlerts, {}, { signal }),
  refetchInterval: pollUnlessLive(60_000),
  refetchOnWindowFocus: true,
  staleTime: 0,
  meta: { quiet: true },
});

/** Opening the list marks the alerts seen on the server, so the counts are fetched again after it. */
export const alertListQueryKey = ['alerts', 'list'] as const;
