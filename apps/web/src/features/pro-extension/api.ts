import { queryOptions } from '@tanstack/react-query';
import { proExtension } from '@marquee/contract';
import { call } from '../../app/api';

export const pairingsKey = ['pro-extension', 'pairings'] as const;

/** The welcome page's one read (PX2, PX10): may the member use it, their browsers, the download. */
export const pairingsQuery = queryOptions({
  queryKey: pairingsKey,
  queryFn: ({ signal }) => call(proExtension.fetchPairings, {}, { signal }),
  // A running extension's state changes as it works.
  refetchInterval: 30_000,
});

export const pairThisBrowser = (installId: string, version: string) =>
  call(proExtension.pair, { install_id: installId, version, browser: navigator.userAgent });

export const unpairBrowser = (pairingId: number) => call(proExtension.unpair, { pairing_id: pairingId });
