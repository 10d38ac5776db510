import { watch, type OutputOf } from '@marquee/contract';
import { CATEGORY_CLASS, categoryLabel, dayHeading, timeOf } from './categories';

export type MonthAnswer = OutputOf<typeof watch.fetchEvents>;

/** Events a day cell shows before "+N more". */
export const CELL_EVENTS = 3;

/** The month's events by day, and each day's total (some may not be listed). */
export function byDay(data: MonthAnswer) {
  const events = new Map<string, watch.EventSummary[]>();
  for (const e of data.events) events.set(e.date, [...(events.get(e.date) ?? []), e]);
  const totals = new Map(data.days.map((d) => [d.date, d.total]));
  return { events, totals };
}

/** An event's time and title as shown; its category and whether the member takes part, for screen readers. */
export function EventLabel({ event: e }: { event: watch.EventSummary }) {
  return (
    <>
      <span className="mq-cal__time">{timeOf(e)}</span>{' '}
      <span className="visually-hidden">{categoryLabel(e.category)}: </span>
      <span className="mq-cal__title">{e.title}</span>
      {e.taking_part && <span className="visually-hidden"> (you are taking part)</span>}
    </>
  );
}

/**
 * The month as a calendar (wide screens): weeks from Sunday, each day with up to three events and
 * "+N more" for the rest; today is marked and days already over are dimmed (events leave the
 * calendar the day after they take place, D12.3).
 */
export function MonthGrid({
  data,
  onOpen,
  onMore,
}: {
  data: MonthAnswer;
  onOpen: (id: number) => void;
  onMore: (day: string) => void;
}) {
  const { events, totals } = byDay(data);
  const first = `${data.month}-01`;
  const lead = watch.weekdayOf(first);
  const length = watch.daysInMonth(data.month);
  const cells: (string | null)[] = [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length }, (_, i) => watch.shiftDay(first, i)),
  ];
  while (cells.length % 7) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));

  return (
    <table className="mq-cal">
      <caption className="visually-hidden">{watch.monthInWords(data.month)}: events by day</caption>
      <thead>
        <tr>
          {watch.WEEKDAY_NAMES.map((name) => (
            <th key={name} scope="col">
              <abbr title={name}>{name.slice(0, 3)}</abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week, w) => (
          // A week already over holds nothing any more (D12.3): a short row keeps the month's shape.
          <tr key={w} className={week.every((d) => !d || d < data.today) ? 'mq-cal__past' : undefined}>
            {week.map((day, d) => {
              if (!day) return <td key={`blank-${d}`} className="mq-cal__blank" />;
              const list = events.get(day) ?? [];
              const total = totals.get(day) ?? 0;
              const shown = list.slice(0, CELL_EVENTS);
              const isToday = day === data.today;
              const over = day < data.today;
              return (
                <td
                  key={day}
                  className={`mq-cal__day${isToday ? ' is-today' : ''}${over ? ' is-over' : ''}`}
                  aria-current={isToday ? 'date' : undefined}
                >
                  <div className="mq-cal__num">
                    <span aria-hidden="true">{Number(day.slice(8))}</span>
                    <span className="visually-hidden">{dayHeading(day)}</span>
                    {isToday && <span className="mq-cal__today">Today</span>}
                  </div>
                  {shown.length > 0 && (
                    <ul className="mq-cal__events">
                      {shown.map((e) => (
                        <li key={e.id}>
                          <button
                            type="button"
                            className={`mq-cal__event ${CATEGORY_CLASS[e.category]}${e.taking_part ? ' is-mine' : ''}`}
                            onClick={() => onOpen(e.id)}
                          >
                            <EventLabel event={e} />
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                  {total > shown.length && (
                    <button
                      type="button"
                      className="mq-cal__more"
                      aria-label={`${total - shown.length} more on ${dayHeading(day)}`}
                      onClick={() => onMore(day)}
                    >
                      +{total - shown.length} more
                    </button>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
