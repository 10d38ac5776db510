import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { profile } from '@marquee/contract';
import { ApiError } from '../../app/api';
import { showSuccess } from '../../ui/toast';
import { PageLoading } from '../../ui/Preloader';
import { profileKey, selectionOptionsQuery, updateDetails } from './api';

type Draft = { location: string; job_1: string; job_2: string; job_3: string; bio: string };

const draftOf = (user: profile.ProfileUser): Draft => ({
  location: user.location,
  job_1: user.job_1,
  job_2: user.job_2,
  job_3: user.job_3,
  bio: user.bio_text,
});

/** Edit Profile (spec 2 §2): location, up to three job titles in order (spec 2 §5), and the bio. */
export function EditDetailsModal({
  user,
  show,
  onClose,
}: {
  user: profile.ProfileUser;
  show: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id={titleId} as="h2" className="h5">
          Edit your details
        </Modal.Title>
      </Modal.Header>
      {show && <EditForm user={user} onClose={onClose} />}
    </Modal>
  );
}

function EditForm({ user, onClose }: { user: profile.ProfileUser; onClose: () => void }) {
  const queryClient = useQueryClient();
  const options = useQuery(selectionOptionsQuery);
  const [draft, setDraft] = useState<Draft>(() => draftOf(user));
  const [error, setError] = useState('');
  const id = useId();
  const save = useMutation({
    mutationFn: updateDetails,
    onSuccess: async () => {
      showSuccess(profile.DETAILS_UPDATED);
      await queryClient.invalidateQueries({ queryKey: profileKey(user.id) });
      onClose();
    },
    onError: (e) =>
      setError(e instanceof ApiError ? e.message : 'Your details could not be saved. Please try again.'),
  });

  // Jobs come in order (spec 2 §5): clearing one clears those after it.
  const setJob = (n: 1 | 2 | 3, value: string) =>
    setDraft((d) => ({
      ...d,
      job_1: n === 1 ? value : d.job_1,
      job_2: n === 2 ? value : n < 2 && !value ? '' : d.job_2,
      job_3: n === 3 ? value : n < 3 && !value ? '' : d.job_3,
    }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError('');
    save.mutate(draft);
  };

  if (options.isPending) {
    return (
      <Modal.Body>
        <PageLoading label="Loading the choices…" />
      </Modal.Body>
    );
  }
  if (options.isError) {
    return (
      <Modal.Body>
        <p role="alert">The lists of jobs and locations could not be loaded.</p>
        <Button variant="outline-primary" onClick={() => void options.refetch()}>
          Try again
        </Button>
      </Modal.Body>
    );
  }
  const { types, locations } = options.data;
  const jobSelect = (n: 1 | 2 | 3, value: string, taken: string[]) => (
    <div className="mb-3">
      <label className="form-label" htmlFor={`${id}-job${n}`}>
        {n === 1 ? 'Main job title' : n === 2 ? 'Second job title' : 'Third job title'}
      </label>
      <select
        id={`${id}-job${n}`}
        className="form-select"
        value={value}
        onChange={(e) => setJob(n, e.target.value)}
      >
        <option value="">{n === 1 ? 'Choose a job title' : 'None'}</option>
        {types
          .filter((t) => t.job_title === value || !taken.includes(t.job_title))
          .map((t) => (
            <option key={t.job_title} value={t.job_title}>
              {t.job_title}
            </option>
          ))}
      </select>
    </div>
  );
  const left = profile.BIO_MAX - draft.bio.length;

  return (
    <form onSubmit={submit} noValidate>
      <Modal.Body>
        <div className="mb-3">
          <label className="form-label" htmlFor={`${id}-location`}>
            Location
          </label>
          <select
            id={`${id}-location`}
            className="form-select"
            value={draft.location}
            onChange={(e) => setDraft((d) => ({ ...d, location: e.target.value }))}
          >
            <option value="">Choose where you work</option>
            {/* A location from before the list existed stays choosable until changed. */}
            {draft.location && !locations.includes(draft.location) && (
              <option value={draft.location}>{draft.location}</option>
            )}
            {locations.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </div>
        {jobSelect(1, draft.job_1, [draft.job_2, draft.job_3])}
        {draft.job_1 && jobSelect(2, draft.job_2, [draft.job_1, draft.job_3])}
        {draft.job_2 && jobSelect(3, draft.job_3, [draft.job_1, draft.job_2])}
        <div className="mb-1">
          <label className="form-label" htmlFor={`${id}-bio`}>
            Bio
          </label>
          <textarea
            id={`${id}-bio`}
            className="form-control"
            rows={6}
            value={draft.bio}
            maxLength={profile.BIO_MAX}
            onChange={(e) => setDraft((d) => ({ ...d, bio: e.target.value }))}
            aria-describedby={`${id}-bio-hint`}
          />
          <div id={`${id}-bio-hint`} className="form-text d-flex justify-content-between gap-2">
            <span>Credits, training, representation. Links become clickable.</span>
            <span className={left < 100 ? 'text-danger' : undefined}>
              {left.toLocaleString('en-US')} left
            </span>
          </div>
        </div>
        {error && (
          <p className="alert alert-danger py-2 px-3 mt-3 mb-0" role="alert">
            {error}
          </p>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save details'}
        </Button>
      </Modal.Footer>
    </form>
  );
}
