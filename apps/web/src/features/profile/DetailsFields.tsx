import { useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profile } from '@marquee/contract';
import { ApiError } from '../../app/api';
import { showSuccess } from '../../ui/toast';
import { profileKey, updateDetails } from './api';

/** A member's details as the form edits them: location, up to three jobs in order, and the bio. */
export type DetailsDraft = { location: string; job_1: string; job_2: string; job_3: string; bio: string };

export const draftOf = (user: profile.ProfileUser): DetailsDraft => ({
  location: user.location,
  job_1: user.job_1,
  job_2: user.job_2,
  job_3: user.job_3,
  bio: user.bio_text,
});

/** The details form's state and saving, shared by Edit Profile and Getting Started. */
export function useDetailsForm(userId: number, initial: DetailsDraft, onSaved: () => void) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<DetailsDraft>(initial);
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError('');
    save.mutate(draft);
  };
  return { draft, setDraft, error, saving: save.isPending, submit };
}

/**
 * Location, the three jobs and the bio (spec 2 §2, §5). Jobs come in order: clearing one clears those
 * after it; a later job waits for the one before it, hidden (`laterJobs: 'hidden'`) or shown disabled.
 */
export function DetailsFields({
  id,
  draft,
  setDraft,
  types,
  locations,
  laterJobs,
}: {
  id: string;
  draft: DetailsDraft;
  setDraft: Dispatch<SetStateAction<DetailsDraft>>;
  types: string[];
  locations: string[];
  laterJobs: 'hidden' | 'disabled';
}) {
  const setJob = (n: 1 | 2 | 3, value: string) =>
    setDraft((d) => ({
      ...d,
      job_1: n === 1 ? value : d.job_1,
      job_2: n === 2 ? value : n < 2 && !value ? '' : d.job_2,
      job_3: n === 3 ? value : n < 3 && !value ? '' : d.job_3,
    }));
  const jobSelect = (n: 1 | 2 | 3, value: string, taken: string[], waiting: boolean) =>
    waiting && laterJobs === 'hidden' ? null : (
      <div className={laterJobs === 'disabled' ? 'col-md-4' : 'mb-3'}>
        <label className="form-label" htmlFor={`${id}-job${n}`}>
          {n === 1 ? 'Main job title' : n === 2 ? 'Second job title' : 'Third job title'}
        </label>
        <select
          id={`${id}-job${n}`}
          className="form-select"
          value={value}
          disabled={waiting}
          onChange={(e) => setJob(n, e.target.value)}
        >
          <option value="">{n === 1 ? 'Choose a job title' : 'None'}</option>
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
  const jobs = [
    jobSelect(1, draft.job_1, [draft.job_2, draft.job_3], false),
    jobSelect(2, draft.job_2, [draft.job_1, draft.job_3], !draft.job_1),
    jobSelect(3, draft.job_3, [draft.job_1, draft.job_2], !draft.job_2),
  ];
  const left = profile.BIO_MAX - draft.bio.length;

  return (
    <>
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
      {laterJobs === 'disabled' ? (
        <fieldset className="mb-3">
          <legend className="form-label fs-6 mb-1">Skills</legend>
          <p className="small text-body-secondary mb-2">Up to three jobs, your main one first.</p>
          <div className="row g-3">{jobs}</div>
        </fieldset>
      ) : (
        jobs
      )}
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
          <span className={left < 100 ? 'text-danger' : undefined}>{left.toLocaleString('en-US')} left</span>
        </div>
      </div>
    </>
  );
}
