import { queryOptions } from '@tanstack/react-query';
import { account } from '@marquee/contract';
import { call } from '../../app/api';

export const accountKey = ['account'] as const;
export const detailsKey = [...accountKey, 'details'] as const;
export const emailSettingsKey = [...accountKey, 'emailSettings'] as const;

export const accountDetailsQuery = queryOptions({
  queryKey: detailsKey,
  queryFn: ({ signal }) => call(account.fetchAccountDetails, {}, { signal }),
  meta: { quiet: true },
});

export const emailSettingsQuery = queryOptions({
  queryKey: emailSettingsKey,
  queryFn: ({ signal }) => call(account.fetchEmailSettings, {}, { signal }),
  meta: { quiet: true },
});
