import { watch } from '@marquee/contract';
import { CATEGORY_CLASS, dayHeading } from './categories';
import { EventLabel, byDay, type MonthAnswer } from './MonthGrid';

/**
 * The month as a list (phones, spec 3 §2): each day with events under its heading, today named,
 * every event the answer holds and "Show all N" for a busy day.
 */
export function MonthList({
  data,
  onOpen,
  onMore,
  onAdd,
}: {
  data: MonthAnswer;
  onOpen: (id: number) => void;
  onMore: (day: string) => void;
  onAdd: () => void;
}) {
  const { events, totals } = byDay(data);
  const days = [...events.keys()];
  if (days.length === 0) {
    return (
      <p className="mq-watch__empty">
        Nothing on the calendar {data.month === data.firstMonth ? 'for the rest of this month' : 'this month'}{' '}
        yet.{' '}
        <button type="button" className="btn btn-link p-0 align-baseline" onClick={onAdd}>
          Add an event
        </button>
      </p>
    );
  }
  return (
    <ol className="mq-agenda" aria-label={`Events in ${watch.monthInWords(data.month)}`}>
      {days.map((day) => {
        const list = events.get(day) ?? [];
        const total = totals.get(day) ?? list.length;
        const isToday = day === data.today;
        return (
          <li key={day} className={`mq-agenda__day${isToday ? ' is-today' : ''}`}>
            <h3 className="mq-agenda__date" aria-current={isToday ? 'date' : undefined}>
              {isToday && <span className="mq-cal__today">Today</span>}
              {dayHeading(day)}
            </h3>
            <ul className="mq-agenda__events">
              {list.map((e) => (
                <li key={e.id}>
                  <button
                    type="button"
                    className={`mq-agenda__event ${CATEGORY_CLASS[e.category]}${e.taking_part ? ' is-mine' : ''}`}
                    onClick={() => onOpen(e.id)}
                  >
                    <EventLabel event={e} />
                    <span className="mq-agenda__by">{e.user_name}</span>
                  </button>
                </li>
              ))}
            </ul>
            {total > list.length && (
              <button type="button" className="btn btn-link btn-sm px-0" onClick={() => onMore(day)}>
                Show all {total} events on {dayHeading(day)}
              </button>
            )}
          </li>
        );
      })}
    </ol>
  );
}
