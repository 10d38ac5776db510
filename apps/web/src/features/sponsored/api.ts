import { queryOptions } from '@tanstack/react-query';
import { sponsored } from '@marquee/contract';
import { call } from '../../app/api';

export const specialsKey = ['sponsored', 'specials'] as const;

/** The running sponsor special for this member (spec 2 §7): failures are only logged (spec 2 §8). */
export const specialsQuery = queryOptions({
  queryKey: specialsKey,
  queryFn: async ({ signal }) => {
    try {
      return await call(sponsored.fetchSpecials, {}, { signal });
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) console.warn('Marquee:', error);
      throw error;
    }
  },
  meta: { quiet: true },
  retry: false,
});
