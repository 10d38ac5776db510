import { queryOptions } from '@tanstack/react-query';
import { directory } from '@marquee/contract';
import { call } from '../../app/api';

/** The job titles and locations; they change only with a release, so they are kept for the visit. */
export const selectionOptionsQuery = queryOptions({
  queryKey: ['directory', 'selectionOptions'],
  queryFn: ({ signal }) => call(directory.fetchSelectionOptions, {}, { signal }),
  staleTime: Infinity,
  meta: { quiet: true },
});

export interface DirectorySearch {
  type: string;
  location: string;
  /** Counted from 0 (docs/domain.md DR4). */
  page: number;
}

/** One page of results (spec 3 §7 directory/fetchResults); the page shows its own failure. */
export const resultsQuery = (search: DirectorySearch) =>
  queryOptions({
    queryKey: ['directory', 'results', search.type, search.location, search.page],
    queryFn: ({ signal }) => call(directory.fetchResults, search, { signal }),
    staleTime: 60_000,
    retry: false,
    meta: { quiet: true },
  });
