import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Modal from 'react-bootstrap/Modal';
import { watch } from '@marquee/contract';
import { ApiError } from '../../app/api';
import { LinksOnly } from '../../ui/LinksOnly';
import { PageLoading } from '../../ui/Preloader';
import { showSuccess } from '../../ui/toast';
import { addMe, eventKey, eventQuery, refreshCalendar, removeMe } from './api';
import { CATEGORY_CLASS, categoryLabel } from './categories';

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Something went wrong. Please try again.';

/** When an event takes place, in words: 'Wednesday, March 18, 2026 at 7:30pm Pacific time'. */
function whenOf(e: watch.EventDetails): string {
  return e.time ? `${e.showDate} at ${e.time} Pacific time` : `${e.showDate} (release date)`;
}

/**
 * An event's details (spec 3 §3 Event): when, where, its IMDb page, who posted it, the notes
 * (links only, D8.1) and who takes part, each linking to their profile; Add Me with a role, Remove
 * Me, or, for the poster, Delete, as the server's canAdd, canRemove and canDelete say (D12.3, W7).
 */
export function EventDetailsModal({ id, onClose }: { id: number; onClose: () => void }) {
  const titleId = useId();
  const roleId = useId();
  const queryClient = useQueryClient();
  const details = useQuery(eventQuery(id));
  const [role, setRole] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const join = useMutation({
    mutationFn: () => addMe(id, role.trim()),
    onSuccess: (answer) => {
      queryClient.setQueryData(eventKey(id), { status: 'success' as const, event: answer.event });
      setRole('');
      showSuccess(answer.message);
      void refreshCalendar(queryClient);
    },
    onError: (e) => setError(messageOf(e)),
    meta: { quiet: true },
  });

  const leave = useMutation({
    mutationFn: () => removeMe(id),
    onSuccess: (answer) => {
      showSuccess(answer.message);
      void refreshCalendar(queryClient);
      if (!answer.event_exists || !answer.event) {
        queryClient.removeQueries({ queryKey: eventKey(id) });
        onClose();
        return;
      }
      queryClient.setQueryData(eventKey(id), { status: 'success' as const, event: answer.event });
      setConfirmDelete(false);
    },
    onError: (e) => setError(messageOf(e)),
    meta: { quiet: true },
  });

  function submitJoin(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (join.isPending) return;
    setError(null);
    join.mutate();
  }

  const e = details.data?.event;
  const fields = e ? watch.CATEGORY_FIELDS[e.category] : null;
  const busy = join.isPending || leave.isPending;
  return (
    <Modal show onHide={onClose} centered scrollable aria-labelledby={titleId} className="mq-event-modal">
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id={titleId} as="h2" className="h5 mq-event__title">
          {e ? e.title : 'Event'}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {details.isPending ? (
          <PageLoading label="Loading the event…" />
        ) : details.isError || !e || !fields ? (
          <div className="alert alert-danger mb-0" role="alert">
            {details.error instanceof ApiError && details.error.httpStatus === 404
              ? watch.NO_SUCH_EVENT
              : watch.DETAILS_FAILED}
          </div>
        ) : (
          <>
            <p className="mb-3">
              <span className={`mq-cat-badge ${CATEGORY_CLASS[e.category]}`}>
                {categoryLabel(e.category)}
              </span>
              {e.taking_part && <span className="mq-event__mine">You are taking part</span>}
            </p>
            <dl className="mq-event__facts">
              <dt>When</dt>
              <dd>{whenOf(e)}</dd>
              {e.channel && (
                <>
                  <dt>{fields.channelLabel}</dt>
                  <dd>
                    {e.channel_link ? (
                      <a href={e.channel_link} target="_blank" rel="noopener noreferrer nofollow">
                        {e.channel}
                      </a>
                    ) : (
                      e.channel
                    )}
                  </dd>
                </>
              )}
              {!e.channel && e.channel_link && (
                <>
                  <dt>{fields.channelUrlLabel}</dt>
                  <dd>
                    <a href={e.channel_link} target="_blank" rel="noopener noreferrer nofollow">
                      {e.channel_url}
                    </a>
                  </dd>
                </>
              )}
              {e.imdb_link && (
                <>
                  <dt>IMDb</dt>
                  <dd>
                    <a href={e.imdb_link} target="_blank" rel="noopener noreferrer nofollow">
                      The title’s IMDb page
                    </a>
                  </dd>
                </>
              )}
              <dt>Posted by</dt>
              <dd>
                <Link to={`/profile/${e.posted_by_id}`}>{e.poster_name}</Link>
              </dd>
            </dl>
            {e.notes && <LinksOnly html={e.notes} className="mq-event__notes" />}
            <h3 className="h6 mt-3 mb-2">Taking part ({e.participant_count})</h3>
            <ul className="mq-event__people">
              {e.participants.map((p) => (
                <li key={p.id}>
                  <Link to={`/profile/${p.id}`}>{p.full_name}</Link>
                  <span className="mq-event__role">{p.role}</span>
                </li>
              ))}
            </ul>
            {e.participant_count > e.participants.length && (
              <p className="form-text">and {e.participant_count - e.participants.length} more</p>
            )}
            {e.passed && (
              <p className="form-text mb-0">This event has already started, so nobody can join it now.</p>
            )}
            {error && (
              <div className="alert alert-danger py-2 mt-3 mb-0" role="alert">
                {error}
              </div>
            )}
          </>
        )}
      </Modal.Body>
      {e && (e.canAdd || e.canRemove) && (
        <Modal.Footer className="mq-event__actions">
          {e.canAdd && (
            <form className="mq-event__join" onSubmit={submitJoin} noValidate>
              <label htmlFor={roleId} className="form-label mb-1">
                Your role
              </label>
              <div className="d-flex gap-2">
                <input
                  id={roleId}
                  className="form-control"
                  value={role}
                  maxLength={watch.ROLE_MAX}
                  placeholder="Actor, Director, Writer…"
                  autoComplete="organization-title"
                  onChange={(ev) => {
                    setRole(ev.target.value);
                    setError(null);
                  }}
                />
                <button type="submit" className="btn btn-primary text-nowrap" disabled={busy}>
                  {join.isPending ? 'Adding…' : 'Add me'}
                </button>
              </div>
            </form>
          )}
          {e.canRemove && !e.canDelete && (
            <button
              type="button"
              className="btn btn-outline-danger"
              disabled={busy}
              onClick={() => {
                setError(null);
                leave.mutate();
              }}
            >
              {leave.isPending ? 'Removing…' : 'Remove me'}
            </button>
          )}
          {e.canDelete &&
            (confirmDelete ? (
              <div className="mq-event__confirm" role="group" aria-label="Delete this event">
                <p className="mb-2">Delete this event for everyone taking part? This cannot be undone.</p>
                <div className="d-flex gap-2 justify-content-end">
                  <button
                    type="button"
                    className="btn btn-outline-secondary"
                    disabled={busy}
                    onClick={() => setConfirmDelete(false)}
                  >
                    Keep it
                  </button>
                  <button
                    type="button"
                    className="btn btn-danger"
                    disabled={busy}
                    onClick={() => {
                      setError(null);
                      leave.mutate();
                    }}
                  >
                    {leave.isPending ? 'Deleting…' : 'Delete event'}
                  </button>
                </div>
              </div>
            ) : (
              <button type="button" className="btn btn-outline-danger" onClick={() => setConfirmDelete(true)}>
                Delete event
              </button>
            ))}
        </Modal.Footer>
      )}
    </Modal>
  );
}
