import { queryOptions } from '@tanstack/react-query';
import { featuredMembers } from '@marquee/contract';
import { call } from '../../app/api';
import { homeKey } from '../home';

/** The home page's carousel: quiet (the card shows nothing when the call fails). */
export const featuredMembersQuery = queryOptions({
  queryKey: [...homeKey, 'featuredMembers'],
  queryFn: ({ signal }) => call(featuredMembers.fetchFeaturedMembers, {}, { signal }),
  meta: { quiet: true },
});
