import { queryOptions } from '@tanstack/react-query';
import { pro } from '@marquee/contract';
import { call } from '../../app/api';

export const proKey = ['pro'] as const;

export const proHistoryQuery = (tab: 'current' | 'past') =>
  queryOptions({
    queryKey: [...proKey, 'history', tab],
    queryFn: ({ signal }) => call(pro.fetchProHistory, { tab }, { signal }),
    meta: { quiet: true },
  });

export const minimumOptionsQuery = queryOptions({
  queryKey: [...proKey, 'minimum'],
  queryFn: ({ signal }) => call(pro.fetchMinimumOptions, {}, { signal }),
  meta: { quiet: true },
});

export const bonusOptionsQuery = queryOptions({
  queryKey: [...proKey, 'bonus'],
  queryFn: ({ signal }) => call(pro.fetchBonusOptions, {}, { signal }),
  meta: { quiet: true },
});
