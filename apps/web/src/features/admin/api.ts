import { queryOptions } from '@tanstack/react-query';
import { admin, adminListings, adminMembers, adminSignals, type InputOf } from '@marquee/contract';
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

export const memberSearchQuery = (q: string) =>
  queryOptions({
    queryKey: [...adminKey, 'search', q],
    queryFn: ({ signal }) => call(adminMembers.searchUsers, { q }, { signal }),
    staleTime: 0,
    meta: { quiet: true },
  });

export const memberKey = (id: number) => [...adminKey, 'member', id] as const;

export const memberQuery = (id: number) =>
  queryOptions({
    queryKey: memberKey(id),
    queryFn: ({ signal }) => call(adminMembers.fetchUserDetails, { id }, { signal }),
    staleTime: 0,
    meta: { quiet: true },
  });

/** The value is checked by the server, whichever field it is for (a status included). */
export const updateField = (user_id: number, field: adminMembers.UserField, value: string) =>
  call(adminMembers.updateUserField, { user_id, field, value } as InputOf<
    typeof adminMembers.updateUserField
  >);

export const updateSpecial = (
  user_id: number,
  field: 'password' | 'premium_expires' | 'pro_expires',
  value: string,
) => call(adminMembers.updateSpecialField, { user_id, field, value });

export const adjustPoints = (user_id: number, amount: number, reason: string) =>
  call(adminMembers.adjustPoints, { user_id, amount, reason });

export const deleteMember = (id: number) => call(adminMembers.deleteUserAccount, { delete_id: id });

export const creditsQuery = queryOptions({
  queryKey: [...adminKey, 'credits'],
  queryFn: ({ signal }) => call(adminListings.fetchCreditUpdateListings, {}, { signal }),
  staleTime: 0,
  meta: { quiet: true },
});

export const pendingFacebookQuery = queryOptions({
  queryKey: [...adminKey, 'facebook'],
  queryFn: ({ signal }) => call(adminListings.fetchPendingFB, {}, { signal }),
  staleTime: 0,
  meta: { quiet: true },
});

export const memberListingsQuery = (id: number) =>
  queryOptions({
    queryKey: [...memberKey(id), 'listings'],
    queryFn: ({ signal }) => call(adminListings.fetchUserListings, { id }, { signal }),
    staleTime: 0,
    meta: { quiet: true },
  });

export const viewsHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: [...memberKey(id), 'views'],
    queryFn: ({ signal }) => call(adminListings.fetchViewsHistory, { id }, { signal }),
    staleTime: 0,
    meta: { quiet: true },
  });

export const updateListing = (input: InputOf<typeof adminListings.updateUserListing>) =>
  call(adminListings.updateUserListing, input);

export const approvePage = (input: InputOf<typeof adminListings.submitFBPage>) =>
  call(adminListings.submitFBPage, input);

export const rejectPage = (fb_id: number, reason: string) =>
  call(adminListings.rejectFBPage, { fb_id, reason });

export const startStaffView = (id: number) => call(adminMembers.useAsUser, { id });

export const signalsQuery = (page: number) =>
  queryOptions({
    queryKey: [...adminKey, 'signals', page],
    queryFn: ({ signal }) => call(adminSignals.fetchSignals, { page }, { signal }),
    staleTime: 0,
    meta: { quiet: true },
  });

export const refreshSignals = () => call(adminSignals.refreshSignals, {});

export const updateShadowVars = (values: { top?: number; max?: number }) =>
  call(admin.updateShadowVars, values);

export const waitlistQuery = queryOptions({
  queryKey: [...adminKey, 'waitlist'],
  queryFn: ({ signal }) => call(admin.fetchManagedWaitlist, {}, { signal }),
  staleTime: 0,
  meta: { quiet: true },
});
