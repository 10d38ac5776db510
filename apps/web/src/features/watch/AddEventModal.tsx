import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Modal from 'react-bootstrap/Modal';
import { watch } from '@marquee/contract';
import { ApiError } from '../../app/api';
import { showSuccess } from '../../ui/toast';
import { addEvent, refreshCalendar, type AddEventForm } from './api';
import { CATEGORY_CLASS } from './categories';

type Category = watch.EventCategory;

const EMPTY = {
  imdb_url: '',
  title: '',
  role: '',
  channel: '',
  channel_url: '',
  notes: '',
  startDate: '',
  startISO: '',
};

/** A field's label, saying "(optional)" where the category does not need it. */
function Label({ htmlFor, need, children }: { htmlFor: string; need: watch.FieldNeed; children: ReactNode }) {
  return (
    <label className="form-label" htmlFor={htmlFor}>
      {children}
      {need === 'optional' && <span className="mq-optional"> (optional)</span>}
    </label>
  );
}

/**
 * Add Event (spec 3 §2, §5): the category first; then the fields it needs (CATEGORY_FIELDS, W2);
 * the date, and except for a release a time in 15-minute steps on Pacific time (spec 3 §9, W4). The
 * server's refusals show in the modal; success says 'Your event was successfully added!' (spec 3 §8).
 */
export function AddEventModal({
  today,
  lastDay,
  onAdded,
  onClose,
}: {
  today: string;
  lastDay: string;
  onAdded: (date: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [category, setCategory] = useState<Category | null>(null);
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const fields = category ? watch.CATEGORY_FIELDS[category] : null;

  const set = (key: keyof typeof EMPTY) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value, ...(key === 'startDate' ? { startISO: '' } : {}) }));
    setError(null);
  };

  // The day's times in 15-minute steps (the hour a DST change skips is not offered); today only later ones.
  const slots = useMemo(() => {
    if (!watch.isCalendarDay(form.startDate)) return [];
    const all = watch.quarterHourSlots(form.startDate);
    return form.startDate === today ? all.filter((s) => Date.parse(s.iso) > Date.now()) : all;
  }, [form.startDate, today]);

  const add = useMutation({
    mutationFn: (input: AddEventForm) => addEvent(input),
    onSuccess: (answer) => {
      showSuccess(answer.message);
      void refreshCalendar(queryClient);
      onAdded(answer.date);
    },
    onError: (e) => setError(e instanceof ApiError ? e.message : 'Something went wrong. Please try again.'),
    meta: { quiet: true },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!category || !fields || add.isPending) return;
    setError(null);
    add.mutate({
      category,
      imdb_url: form.imdb_url.trim(),
      title: form.title.trim(),
      role: form.role.trim(),
      channel: form.channel.trim(),
      channel_url: form.channel_url.trim(),
      notes: form.notes,
      startDate: form.startDate,
      startISO: fields.timed ? form.startISO : '',
    });
  }

  const f = (name: string) => `${id}-${name}`;
  return (
    <Modal
      show
      onHide={onClose}
      centered
      scrollable
      size="lg"
      aria-labelledby={f('title')}
      className="mq-add-event"
    >
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id={f('title')} as="h2" className="h5">
          Add Event
        </Modal.Title>
      </Modal.Header>
      <form onSubmit={submit} noValidate className="mq-add-event__form">
        <Modal.Body>
          <fieldset className="mb-3">
            <legend className="form-label fs-6">What kind of event is it?</legend>
            <div className="mq-cat-choices">
              {watch.EVENT_CATEGORIES.map((c) => (
                <label
                  key={c}
                  className={`mq-cat-choice ${CATEGORY_CLASS[c]}${c === category ? ' is-chosen' : ''}`}
                >
                  <input
                    type="radio"
                    className="form-check-input"
                    name={f('category')}
                    value={c}
                    checked={c === category}
                    onChange={() => {
                      setCategory(c);
                      setError(null);
                    }}
                  />
                  <span className="mq-cat-choice__name">{watch.CATEGORY_LABEL[c]}</span>
                  <span className="mq-cat-choice__hint">{watch.CATEGORY_HINT[c]}</span>
                </label>
              ))}
            </div>
          </fieldset>
          {!fields ? (
            <p className="form-text mb-0">
              Choose the kind of event first; the form then asks what it needs.
            </p>
          ) : (
            <div className="mq-add-event__fields">
              <div className="mq-add-event__wide">
                <Label htmlFor={f('imdb')} need={fields.imdb}>
                  IMDb title page
                </Label>
                <input
                  id={f('imdb')}
                  type="text"
                  inputMode="url"
                  className="form-control"
                  spellCheck={false}
                  autoComplete="off"
                  placeholder="https://www.imdb.com/title/tt0133093/"
                  aria-describedby={f('imdb-hint')}
                  aria-required={fields.imdb === 'required'}
                  value={form.imdb_url}
                  onChange={(e) => set('imdb_url')(e.target.value)}
                />
                <div id={f('imdb-hint')} className="form-text">
                  We read the title from IMDb: leave the title empty to use it.
                </div>
              </div>
              <div className="mq-add-event__wide">
                <Label htmlFor={f('name')} need={form.imdb_url.trim() ? 'optional' : 'required'}>
                  Title
                </Label>
                <input
                  id={f('name')}
                  type="text"
                  className="form-control"
                  maxLength={watch.TITLE_MAX}
                  value={form.title}
                  onChange={(e) => set('title')(e.target.value)}
                />
              </div>
              <div>
                <Label htmlFor={f('role')} need="required">
                  Your role
                </Label>
                <input
                  id={f('role')}
                  type="text"
                  className="form-control"
                  maxLength={watch.ROLE_MAX}
                  placeholder="Actor, Director, Writer…"
                  aria-required="true"
                  value={form.role}
                  onChange={(e) => set('role')(e.target.value)}
                />
              </div>
              <div>
                <Label htmlFor={f('channel')} need={fields.channel}>
                  {fields.channelLabel}
                </Label>
                <input
                  id={f('channel')}
                  type="text"
                  className="form-control"
                  maxLength={watch.CHANNEL_MAX}
                  placeholder={fields.channelPlaceholder}
                  aria-required={fields.channel === 'required'}
                  value={form.channel}
                  onChange={(e) => set('channel')(e.target.value)}
                />
              </div>
              <div className="mq-add-event__wide">
                <Label htmlFor={f('channel-url')} need={fields.channelUrl}>
                  {fields.channelUrlLabel}
                </Label>
                <input
                  id={f('channel-url')}
                  type="url"
                  inputMode="url"
                  className="form-control"
                  spellCheck={false}
                  placeholder="https://"
                  aria-required={fields.channelUrl === 'required'}
                  value={form.channel_url}
                  onChange={(e) => set('channel_url')(e.target.value)}
                />
              </div>
              <div>
                <Label htmlFor={f('date')} need="required">
                  {fields.timed ? 'Date' : 'Release date'}
                </Label>
                <input
                  id={f('date')}
                  type="date"
                  className="form-control"
                  min={today}
                  max={lastDay}
                  aria-required="true"
                  aria-describedby={f('date-hint')}
                  value={form.startDate}
                  onChange={(e) => set('startDate')(e.target.value)}
                />
                <div id={f('date-hint')} className="form-text">
                  {fields.timed ? 'Up to two years ahead.' : 'Releases take a date only.'}
                </div>
              </div>
              {fields.timed && (
                <div>
                  <Label htmlFor={f('time')} need="required">
                    Time (Pacific time)
                  </Label>
                  <select
                    id={f('time')}
                    className="form-select"
                    aria-required="true"
                    aria-describedby={f('time-hint')}
                    disabled={slots.length === 0}
                    value={form.startISO}
                    onChange={(e) => set('startISO')(e.target.value)}
                  >
                    <option value="">{form.startDate ? 'Choose a time' : 'Choose the date first'}</option>
                    {slots.map((s) => (
                      <option key={s.iso} value={s.iso}>
                        {s.label}
                      </option>
                    ))}
                  </select>
                  <div id={f('time-hint')} className="form-text">
                    In 15-minute steps, Pacific time.
                  </div>
                </div>
              )}
              <div className="mq-add-event__wide">
                <Label htmlFor={f('notes')} need="optional">
                  Notes
                </Label>
                <textarea
                  id={f('notes')}
                  className="form-control"
                  rows={3}
                  maxLength={watch.NOTES_MAX}
                  aria-describedby={f('notes-hint')}
                  value={form.notes}
                  onChange={(e) => set('notes')(e.target.value)}
                />
                <div id={f('notes-hint')} className="form-text d-flex justify-content-between gap-2">
                  <span>Web addresses become links; nothing else is formatted.</span>
                  <span>
                    {form.notes.length.toLocaleString('en-US')} / {watch.NOTES_MAX.toLocaleString('en-US')}
                  </span>
                </div>
              </div>
            </div>
          )}
          {error && (
            <div className="alert alert-danger py-2 mt-3 mb-0" role="alert">
              {error}
            </div>
          )}
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            Cancel
          </button>
          {fields && (
            <button type="submit" className="btn btn-primary" disabled={add.isPending}>
              {add.isPending ? 'Adding…' : 'Add Event'}
            </button>
          )}
        </Modal.Footer>
      </form>
    </Modal>
  );
}
