import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { PageLoading } from '../../ui/Preloader';
import { profileQuery, selectionOptionsQuery } from '../profile';
import { DetailsFields, draftOf, useDetailsForm, type DetailsDraft } from '../profile';
import type { StepProps } from './steps';

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
      initial={draftOf(u)}
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
  initial: DetailsDraft;
  types: string[];
  locations: string[];
  onSaved: () => void;
}) {
  const id = useId();
  const form = useDetailsForm(userId, initial, onSaved);
  return (
    <form onSubmit={form.submit} noValidate className="mq-wizard-details">
      <DetailsFields
        id={id}
        draft={form.draft}
        setDraft={form.setDraft}
        types={types}
        locations={locations}
        laterJobs="disabled"
      />
      {form.error && (
        <p className="alert alert-danger py-2 px-3 mt-3" role="alert">
          {form.error}
        </p>
      )}
      <Button type="submit" className="mt-3" disabled={form.saving}>
        {form.saving ? 'Saving…' : 'Save my details'}
      </Button>
    </form>
  );
}
