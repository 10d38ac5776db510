import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { listings } from '@marquee/contract';
import { call } from '../../app/api';
import { showSuccess } from '../../ui/toast';

type MyListing = listings.MyListing;
type MyListingsAnswer = Awaited<ReturnType<typeof fetchMine>>;

export const myListingsKey = ['listings', 'mine'] as const;

const fetchMine = (signal: AbortSignal) => call(listings.fetchMyListings, {}, { signal });

/** The My Listings panel (spec 2 §7 fetchMyListings); a failure is shown in the panel itself. */
export const myListingsQuery = queryOptions({
  queryKey: myListingsKey,
  queryFn: ({ signal }) => fetchMine(signal),
  meta: { quiet: true },
});

/** Puts a fresh listing from a change's answer into the panel's list, new ones first. */
export function withListing(
  data: MyListingsAnswer | undefined,
  listing: MyListing,
): MyListingsAnswer | undefined {
  if (!data) return data;
  const known = data.listings.some((l) => l.id === listing.id);
  const next = known
    ? data.listings.map((l) => (l.id === listing.id ? listing : l))
    : [listing, ...data.listings];
  return { ...data, listings: next, hasTypes: [...new Set(next.map((l) => l.type))] };
}

/**
 * A change of one listing's settings (spec 2 §7): the answer's fresh listing replaces the old in
 * the panel and its message is the success toast (spec 2 §8); a refusal is an error toast through
 * the app's query client.
 */
export function useListingChange<Input>(
  send: (input: Input) => Promise<{ message: string; listing: MyListing }>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      queryClient.setQueryData(myListingsKey, (data: MyListingsAnswer | undefined) =>
        withListing(data, answer.listing),
      );
      showSuccess(answer.message);
    },
  });
}
