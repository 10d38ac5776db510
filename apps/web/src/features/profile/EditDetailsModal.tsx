import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { profile } from '@marquee/contract';
import { PageLoading } from '../../ui/Preloader';
import { selectionOptionsQuery } from './api';
import { DetailsFields, draftOf, useDetailsForm } from './DetailsFields';

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
  const options = useQuery(selectionOptionsQuery);
  const form = useDetailsForm(user.id, draftOf(user), onClose);
  const id = useId();

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
  return (
    <form onSubmit={form.submit} noValidate>
      <Modal.Body>
        <DetailsFields
          id={id}
          draft={form.draft}
          setDraft={form.setDraft}
          types={options.data.types.map((t) => t.job_title)}
          locations={options.data.locations}
          laterJobs="hidden"
        />
        {form.error && (
          <p className="alert alert-danger py-2 px-3 mt-3 mb-0" role="alert">
            {form.error}
          </p>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose} disabled={form.saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={form.saving}>
          {form.saving ? 'Saving…' : 'Save details'}
        </Button>
      </Modal.Footer>
    </form>
  );
}
