import { useState, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { watch } from '@marquee/contract';
import { PageLoading } from '../../ui/Preloader';
import { CommunityLayout } from '../community';
import { monthQuery } from './api';
import { AddEventModal } from './AddEventModal';
import { CategoryLegend } from './CategoryLegend';
import { DayEventsModal } from './DayEventsModal';
import { EventDetailsModal } from './EventDetailsModal';
import { MonthGrid } from './MonthGrid';
import { MonthList } from './MonthList';

/** Phones (below 576 px, spec 3 §2) read the month as a list; wider screens as a grid of days. */
const PHONE = '(max-width: 575.98px)';

function usePhone(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const query = window.matchMedia(PHONE);
      query.addEventListener('change', notify);
      return () => query.removeEventListener('change', notify);
    },
    () => window.matchMedia(PHONE).matches,
  );
}

const MONTH_PARAM = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * /community/watch, When To Watch (spec 3 §2, D12.3): the month's events from today on, as a
 * calendar on wide screens and a list on phones, a month at a time (`?month=YYYY-MM`); an event's
 * details with Add Me and Remove Me; the Add Event form. Times are Pacific (D1.1).
 */
export default function WatchPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('month');
  const month = asked && MONTH_PARAM.test(asked) ? asked : null;
  const calendar = useQuery({ ...monthQuery(month), placeholderData: keepPreviousData });
  const phone = usePhone();
  const [eventId, setEventId] = useState<number | null>(null);
  const [day, setDay] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  const data = calendar.data;
  const goTo = (next: string) =>
    setParams(next === data?.firstMonth ? {} : { month: next }, { preventScrollReset: true });

  return (
    <CommunityLayout
      title="When To Watch"
      actions={
        <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
          Add Event
        </button>
      }
    >
      <p className="mq-watch__intro">
        Premieres, air dates and releases members are in. Open an event to see who is taking part, and add
        yourself. All times are Pacific time.
      </p>
      {calendar.isPending ? (
        <PageLoading label="Loading the calendar…" />
      ) : calendar.isError || !data ? (
        <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert">
          <span>{watch.LOAD_FAILED}</span>
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            onClick={() => void calendar.refetch()}
          >
            Try again
          </button>
        </div>
      ) : (
        <section className="mq-watch card" aria-labelledby="mq-watch-month">
          <div className="mq-watch__bar">
            <button
              type="button"
              className="btn btn-outline-primary btn-sm mq-watch__step"
              aria-label="Previous month"
              disabled={data.month <= data.firstMonth}
              onClick={() => goTo(watch.shiftMonth(data.month, -1))}
            >
              <span aria-hidden="true">‹</span>
              <span className="d-none d-sm-inline"> Previous</span>
            </button>
            <h2 id="mq-watch-month" className="mq-watch__month" aria-live="polite">
              {watch.monthInWords(data.month)}
            </h2>
            <button
              type="button"
              className="btn btn-outline-primary btn-sm mq-watch__step"
              aria-label="Next month"
              disabled={data.month >= data.lastMonth}
              onClick={() => goTo(watch.shiftMonth(data.month, 1))}
            >
              <span className="d-none d-sm-inline">Next </span>
              <span aria-hidden="true">›</span>
            </button>
          </div>
          <CategoryLegend />
          {data.month !== data.firstMonth && (
            <p className="mq-watch__back">
              <button type="button" className="btn btn-link btn-sm p-0" onClick={() => goTo(data.firstMonth)}>
                Back to this month
              </button>
            </p>
          )}
          {phone ? (
            <MonthList data={data} onOpen={setEventId} onMore={setDay} onAdd={() => setAdding(true)} />
          ) : (
            <MonthGrid data={data} onOpen={setEventId} onMore={setDay} />
          )}
          {!phone && data.events.length === 0 && (
            <p className="mq-watch__empty">
              Nothing on the calendar{' '}
              {data.month === data.firstMonth ? 'for the rest of this month' : 'this month'} yet.{' '}
              <button
                type="button"
                className="btn btn-link p-0 align-baseline"
                onClick={() => setAdding(true)}
              >
                Add an event
              </button>
            </p>
          )}
        </section>
      )}
      {day && (
        <DayEventsModal
          day={day}
          onOpen={(id) => {
            setDay(null);
            setEventId(id);
          }}
          onClose={() => setDay(null)}
        />
      )}
      {eventId !== null && <EventDetailsModal id={eventId} onClose={() => setEventId(null)} />}
      {adding && data && (
        <AddEventModal
          today={data.today}
          lastDay={data.lastDay}
          onAdded={(date) => {
            setAdding(false);
            const target = date.slice(0, 7);
            if (target !== data.month) goTo(target);
          }}
          onClose={() => setAdding(false)}
        />
      )}
    </CommunityLayout>
  );
}
