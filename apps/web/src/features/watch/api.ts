import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { watch } from '@marquee/contract';
import { call } from '../../app/api';

export const watchKey = ['watch'] as const;

/** A month of the calendar (docs/domain.md W6); the current month when none is given. */
export const monthQuery = (month: string | null) =>
  queryOptions({
    queryKey: [...watchKey, 'month', month ?? 'now'],
    queryFn: ({ signal }) => call(watch.fetchEvents, month ? { month } : {}, { signal }),
    meta: { quiet: true },
  });

/** All of one day's events, for a day with more than the month shows. */
export const dayQuery = (day: string) =>
  queryOptions({
    queryKey: [...watchKey, 'day', day],
    queryFn: ({ signal }) => call(watch.fetchEvents, { day }, { signal }),
    meta: { quiet: true },
  });

export const eventKey = (id: number) => [...watchKey, 'event', id] as const;

export const eventQuery = (id: number) =>
  queryOptions({
    queryKey: eventKey(id),
    queryFn: ({ signal }) => call(watch.fetchEventDetails, { id }, { signal }),
    staleTime: 0,
    meta: { quiet: true },
  });

export type AddEventForm = {
  category: watch.EventCategory;
  imdb_url: string;
  title: string;
  role: string;
  channel: string;
  channel_url: string;
  notes: string;
  startDate: string;
  startISO: string;
};

export const addEvent = (form: AddEventForm) => call(watch.addEvent, form);
export const addMe = (eventId: number, role: string) => call(watch.addMe, { event_id: eventId, role });
export const removeMe = (eventId: number) => call(watch.removeMe, { id: eventId });

/** After a change, the calendar's months and days are read again (taking part, new or gone events). */
export function refreshCalendar(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (q) => q.queryKey[0] === 'watch' && q.queryKey[1] !== 'event',
  });
}
