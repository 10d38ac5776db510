import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import Modal from 'react-bootstrap/Modal';
import { watch } from '@marquee/contract';
import { PageLoading } from '../../ui/Preloader';
import { dayQuery } from './api';
import { CATEGORY_CLASS } from './categories';
import { EventLabel } from './MonthGrid';

/** Every event of one busy day ("+N more"), each opening its details. */
export function DayEventsModal({
  day,
  onOpen,
  onClose,
}: {
  day: string;
  onOpen: (id: number) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const answer = useQuery(dayQuery(day));
  const data = answer.data;
  return (
    <Modal show onHide={onClose} centered scrollable aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id={titleId} as="h2" className="h5">
          {watch.dayWithWeekday(day)}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {answer.isPending ? (
          <PageLoading label="Loading the day's events…" />
        ) : !data ? (
          <div className="alert alert-danger mb-0" role="alert">
            {watch.LOAD_FAILED}
          </div>
        ) : data.events.length === 0 ? (
          <p className="mb-0">No events on this day any more.</p>
        ) : (
          <>
            <ul className="mq-agenda__events">
              {data.events.map((e) => (
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
            {data.truncated && (
              <p className="form-text mb-0">
                Showing the first {data.events.length} of {data.days[0]?.total ?? data.events.length} events
                of this day.
              </p>
            )}
          </>
        )}
      </Modal.Body>
    </Modal>
  );
}
