import { queryOptions } from '@tanstack/react-query';
import { admin } from '@marquee/contract';
import { call } from '../../app/api';

export const adminKey = ['admin'] as const;

export const overviewQuery = queryOptions({
  queryKey: [...adminKey, 'overview'],
  queryFn: ({ signal }) => call(admin.fetchOverview, {}, { signal }),
  staleTime: 0,
  meta: { quiet: true },
});

export const auditLogQuery = (page: number) =>
  queryOptions({
    queryKey: [...adminKey, 'audit', page],
    queryFn: ({ signal }) => call(admin.fetchAuditLog, { page }, { signal }),
    staleTime: 0,
    meta: { quiet: true },
  });

export const checkLedger = () => call(admin.checkLedger, {});
