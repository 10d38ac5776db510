import { queryOptions } from '@tanstack/react-query';
import { directory, earn, profile, uploads } from '@marquee/contract';
import { call, callForm } from '../../app/api';

export const profileKey = (userId: number) => ['profile', userId] as const;

/** The profile page's one read (spec 2 §7 profile/fetchUserDetails). */
export const profileQuery = (userId: number) =>
  queryOptions({
    queryKey: profileKey(userId),
    queryFn: ({ signal }) => call(profile.fetchUserDetails, { user_id: userId }, { signal }),
    retry: false,
    meta: { quiet: true },
  });

/** The Edit modal's choices; they change only with a release, so they are kept for the visit. */
export const selectionOptionsQuery = queryOptions({
  queryKey: ['directory', 'selectionOptions'],
  queryFn: ({ signal }) => call(directory.fetchSelectionOptions, {}, { signal }),
  staleTime: Infinity,
  meta: { quiet: true },
});

/**
 * The listings of this member the viewer can act on (spec 2 §4 "Earn list for a user"). Each fetch
 * opens offers on the server (D5.1), so nothing is reused from the cache.
 */
export const userListingsQuery = (userId: number) =>
  queryOptions({
    queryKey: ['earn', 'listings', 'user', userId],
    queryFn: ({ signal }) =>
      call(
        earn.fetchListings,
        { listingType: 'user', user_id: userId, maxItems: earn.EARN.profileItems },
        { signal },
      ),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    meta: { quiet: true },
  });

/** uploads/ (multipart, spec 2 §7): a new profile photo. */
export function uploadPhoto(file: File) {
  const form = new FormData();
  form.append('folder', 'profiles');
  form.append('convention', 'timestamp');
  form.append('myFile', file);
  return callForm(uploads.upload, form);
}

/** profile/updateUserDetails is multipart in the spec (§7): sent as a form, as the original did. */
export function updateDetails(details: {
  location: string;
  job_1: string;
  job_2: string;
  job_3: string;
  bio: string;
}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(details)) form.append(key, value);
  return callForm(profile.updateUserDetails, form);
}
