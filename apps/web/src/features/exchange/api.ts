import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { exchange, type earn } from '@marquee/contract';
import { call, callForm } from '../../app/api';
import { historyKey } from '../history';

export const exchangeKey = ['exchange'] as const;

/* ------------------------------------------------------------------ Instagram (spec 4 §2, §7) */

export const instagramKey = [...exchangeKey, 'instagram'] as const;

/** The member's own listing, reputation, initiation limit and the promo (spec 4 §7 checkSetup). */
export const setupQuery = queryOptions({
  queryKey: [...instagramKey, 'setup'],
  queryFn: ({ signal }) => call(exchange.checkSetup, {}, { signal }),
  staleTime: 0,
  meta: { quiet: true },
});

/** For Review, Follow Back and New Listings; the server reads the member's reputation itself (EX4). */
export const swapListsQuery = queryOptions({
  queryKey: [...instagramKey, 'lists'],
  queryFn: ({ signal }) => call(exchange.fetchAvailableListings, {}, { signal }),
  staleTime: 0,
  meta: { quiet: true },
});

/** After any answer the lists and the reputation are read again (spec 4 §4). */
export const refreshInstagram = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: instagramKey });

export const findProfile = (url: string) => call(exchange.fetchInstagramDetails, { url });

export interface SetupFields {
  url: string;
  title: string;
  description: string;
}

/**
 * Saves the listing (EX2): with the member's own file as multipart (addListing2), or with the
 * profile's own picture, which the server fetches itself (addListing).
 */
export function saveListing(fields: SetupFields, picture: { file: File } | { image: string }) {
  if ('image' in picture) return call(exchange.addListing, { ...fields, image: picture.image });
  const form = new FormData();
  form.set('url', fields.url);
  form.set('title', fields.title);
  form.set('description', fields.description);
  form.set('myFile', picture.file);
  return callForm(exchange.addListing2, form);
}

export const removeListing = () => call(exchange.removeListing, {});

export const updateRepLimit = (repLimit: number) => call(exchange.updateRepLimit, { repLimit });

export type SwapMove = {
  status: exchange.SwapStatus;
  action_id: number | 'new';
  user_number: 1 | 2;
  other_id: number;
};

export const updateActionStatus = (move: SwapMove) => call(exchange.updateActionStatus, move);

/* ------------------------------------------------------------------ IMDb view-for-view (D7.2) */

export const imdbKey = [...exchangeKey, 'imdb'] as const;

export const myImdbListingQuery = queryOptions({
  queryKey: [...imdbKey, 'mine'],
  queryFn: ({ signal }) => call(exchange.fetchMyListing, {}, { signal }),
  meta: { quiet: true },
});

export const updateAllowed = (on: boolean) => call(exchange.updateAllowed, { allowed: on ? 1 : 2 });

/** The exchange's answer in the earn list's shape, so that the earn cards and their states serve it. */
export type ImdbListingsAnswer = earn.FetchListingsAnswer & {
  listings: exchange.ExchangeImdbListing[];
  extra: string;
};

/**
 * The IMDb listings to view (EX11). Each fetch opens new offers on the server (D5.1), so the answer
 * is never reused from the cache. A 'checktoken' answer (spec 4 §4) reloads the page.
 */
export const imdbListingsQuery = queryOptions({
  queryKey: [...imdbKey, 'listings'],
  queryFn: async ({ signal }): Promise<ImdbListingsAnswer> => {
    const answer = await call(exchange.fetchListings, {}, { signal });
    if (answer.status === 'checktoken') window.location.reload();
    return {
      ...answer,
      extVersionLink: '',
      giveProViewOption: false,
      showMePro: false,
      free_sponsored: false,
      oeb: false,
      extension: null,
      potential_fb: 0,
      potential_tw: 0,
    };
  },
  staleTime: 0,
  gcTime: 0,
  retry: false,
  meta: { quiet: true },
});

/**
 * This Week (EX12): kept under the history's key, so the refresh after every credit (points'
 * useRefreshAfterCredit) reads it again with the point box and History.
 */
export const thisWeekQuery = queryOptions({
  queryKey: [...historyKey, 'exchange-imdb'],
  queryFn: ({ signal }) => call(exchange.fetchHistory, {}, { signal }),
  staleTime: 0,
  meta: { quiet: true },
});
