import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { profile } from '@marquee/contract';
import { ApiError } from '../../app/api';
import { PageLoading } from '../../ui/Preloader';
import { showSuccess } from '../../ui/toast';
import { profileKey, profileQuery, selectionOptionsQuery, updateDetails } from '../profile/api';
import type { StepProps } from './steps';

type Draft = { location: string; job_1: string; job_2: string; job_3: string; bio: string };

/** Step 2: location, the three jobs and the bio, saved through the profile's own details call. */
export function DetailsStep({ userId, onEffect }: StepProps) {
  const details = useQuery(profileQuery(userId));
  const options = useQuery(selectionOptionsQuery);
  if (details.isPending || options.isPending) return <PageLoading label="Loading your details…" />;
  if (details.isError || options.isError) {
    return (
      <div role="alert">
        <p className="mb-2">Your details could not be loaded just now.</p>
        <Button
          variant="outline-primary"
          size="sm"
          onClick={() => {
            void details.refetch();
            void options.refetch();
          }}
        >
          Try again
        </Button>
      </div>
    );
  }
  const u = details.data.user;
  return (
    <DetailsForm
      userId={userId}
      initial={{ location: u.location, job_1: u.job_1, job_2: u.job_2, job_3: u.job_3, bio: u.bio_text }}
      types={options.data.types.map((t) => t.job_title)}
      locations={options.data.locations}
      onSaved={onEffect}
    />
  );
}

function DetailsForm({
  userId,
  initial,
  types,
  locations,
  onSaved,
}: {
  userId: number;
  initial: Draft;
  types: string[];
  locations: string[];
  onSaved: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(initial);
  const [error, setError] = useState('');
  const save = useMutation({
    mutationFn: updateDetails,
    onSuccess: async () => {
      showSuccess(profile.DETAILS_UPDATED);
      await queryClient.invalidateQueries({ queryKey: profileKey(userId) });
      onSaved();
    },
    onError: (e) =>
      setError(e instanceof ApiError ? e.message : 'Your details could not be saved. Please try again.'),
    meta: { quiet: true },
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

  const jobSelect = (n: 1 | 2 | 3, value: string, taken: string[], disabled: boolean) => (
    <div className="col-md-4">
      <label className="form-label" htmlFor={`${id}-job${n}`}>
        {n === 1 ? 'Main job' : n === 2 ? 'Second job' : 'Third job'}
      </label>
      <select
        id={`${id}-job${n}`}
        className="form-select"
        value={value}
        disabled={disabled}
        onChange={(e) => setJob(n, e.target.value)}
      >
        <option value="">{n === 1 ? 'Choose your main job' : 'None'}</option>
        {types
          .filter((t) => t === value || !taken.includes(t))
          .map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
      </select>
    </div>
  );
  const left = profile.BIO_MAX - draft.bio.length;

  return (
    <form onSubmit={submit} noValidate className="mq-wizard-details">
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
      <fieldset className="mb-3">
        <legend className="form-label fs-6 mb-1">Skills</legend>
        <p className="small text-body-secondary mb-2">Up to three jobs, your main one first.</p>
        <div className="row g-3">
          {jobSelect(1, draft.job_1, [draft.job_2, draft.job_3], false)}
          {jobSelect(2, draft.job_2, [draft.job_1, draft.job_3], !draft.job_1)}
          {jobSelect(3, draft.job_3, [draft.job_1, draft.job_2], !draft.job_2)}
        </div>
      </fieldset>
      <div className="mb-3">
        <label className="form-label" htmlFor={`${id}-bio`}>
          Bio
        </label>
        <textarea
          id={`${id}-bio`}
          className="form-control"
          rows={5}
          value={draft.bio}
          maxLength={profile.BIO_MAX}
          onChange={(e) => setDraft((d) => ({ ...d, bio: e.target.value }))}
          aria-describedby={`${id}-bio-hint`}
        />
        <div id={`${id}-bio-hint`} className="form-text d-flex justify-content-between gap-2">
          <span>Credits, training, representation. Links become clickable.</span>
          <span className={left < 100 ? 'text-danger' : undefined}>{left.toLocaleString('en-US')} left</span>
        </div>
      </div>
      {error && (
        <p className="alert alert-danger py-2 px-3" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save my details'}
      </Button>
    </form>
  );
}
