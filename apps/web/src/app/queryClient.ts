import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { showError } from '../ui/toast';
import { ApiError } from './api';

declare module '@tanstack/react-query' {
  interface Register {
    /** `quiet: true` when the component shows the failure itself instead of an error toast. */
    queryMeta: { quiet?: boolean };
    mutationMeta: { quiet?: boolean };
  }
}

/** Only failures that may pass on their own are retried: no answer, or the server's own trouble. */
function mayRetry(failureCount: number, error: unknown): boolean {
  return error instanceof ApiError && (error.isNetworkError || error.httpStatus >= 500) && failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.quiet) showError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.quiet) showError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: mayRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
