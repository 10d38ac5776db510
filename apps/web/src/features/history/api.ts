import { queryOptions } from '@tanstack/react-query';
import { history } from '@marquee/contract';
import { call } from '../../app/api';

export const historyKey = ['history'] as const;

export const historyListQuery = (filter: string, page: number) =>
  queryOptions({
    queryKey: [...historyKey, 'list', filter, page],
    queryFn: ({ signal }) => call(history.fetchHistoryList, { filter, page }, { signal }),
    meta: { quiet: true },
  });

export const recentHistoryQuery = queryOptions({
  queryKey: [...historyKey, 'recent'],
  queryFn: ({ signal }) => call(history.fetchRecentHistoryList, {}, { signal }),
  meta: { quiet: true },
});
