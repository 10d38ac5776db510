import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { news } from '@marquee/contract';
import { call } from '../../app/api';
import { useCurrentUser } from '../../app/session';

/** The feed's filters (spec 1 News feed): saved on the member, then the page reloads. */
export function FeedFilters({ onClose }: { onClose: () => void }) {
  const id = useId();
  const user = useCurrentUser();
  const [hideV4V, setHideV4V] = useState(user.hideV4V);
  const [hideFaceless, setHideFaceless] = useState(user.hideFaceless);
  const save = useMutation({
    mutationFn: () => call(news.updateNewsFilters, { hideV4V, hideFaceless }),
    // Spec 1 §7: the page reloads, so the feed and the stored member both start afresh.
    onSuccess: () => window.location.reload(),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const changed = hideV4V !== user.hideV4V || hideFaceless !== user.hideFaceless;

  return (
    <form className="mq-feed-filters" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="h6 mb-2">
        What your feed shows
      </h3>
      <Form.Check
        type="switch"
        id={`${id}-v4v`}
        label="Hide View-for-View posts"
        checked={hideV4V}
        onChange={(event) => setHideV4V(event.target.checked)}
      />
      <Form.Check
        type="switch"
        id={`${id}-faceless`}
        label="Hide posts from members without a profile photo"
        checked={hideFaceless}
        onChange={(event) => setHideFaceless(event.target.checked)}
      />
      <div className="d-flex gap-2 mt-2">
        <Button type="submit" size="sm" disabled={!changed || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save filters'}
        </Button>
        <Button size="sm" variant="outline-secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </form>
  );
}
