import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminListings } from '@marquee/contract';
import { showSuccess } from '../../ui/toast';
import { AdminLayout } from './AdminLayout';
import { QueueState } from './QueueState';
import { adminKey, creditsQuery, updateListing } from './api';

/** One disabled listing: what members answered, and the true answer to set (docs/domain.md AL4, AL2). */
function CreditCard({ listing }: { listing: adminListings.CreditUpdateListing }) {
  const [value, setValue] = useState(listing.answers[0] ? String(listing.answers[0].answer) : '');
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: () => updateListing({ id: listing.id, imdb_credit_counts: Number(value) }),
    onSuccess: (answer) => {
      showSuccess(answer.message);
      void queryClient.invalidateQueries({ queryKey: adminKey });
    },
  });
  const inputId = `mq-credit-${listing.id}`;
  return (
    <li className="card mq-admin-card mq-queue__item">
      <div className="card-body">
        <h2 className="mq-queue__title">
          <a href={listing.open_url} target="_blank" rel="noopener noreferrer">
            {listing.name}
          </a>
        </h2>
        <p className="small text-body-secondary mb-2">
          Listing #{listing.id} of{' '}
          <Link to={`/admin/users/${listing.user_id}`}>
            {listing.first} {listing.last}
          </Link>
          , disabled {listing.disabled_on}
        </p>
        <p className="mb-1">{listing.question}</p>
        <p className="small mb-2">
          The site holds: <strong>{listing.stored ?? 'no answer'}</strong>
        </p>
        {listing.answers.length > 0 ? (
          <ul className="mq-queue__answers" aria-label={`Answers members gave for ${listing.name}`}>
            {listing.answers.map((a) => (
              <li key={a.answer}>
                <strong>{a.answer}</strong> given {a.count === 1 ? 'once' : `${a.count} times`}, last {a.ago}
              </li>
            ))}
          </ul>
        ) : (
          <p className="small text-body-secondary">No answers in the last 7 days.</p>
        )}
        <form
          className="mq-queue__form"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate();
          }}
        >
          <label htmlFor={inputId} className="form-label mb-0">
            True answer
          </label>
          <input
            id={inputId}
            className="form-control"
            inputMode="numeric"
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save and offer again'}
          </button>
        </form>
      </div>
    </li>
  );
}

/** /admin/credits (spec 4 §2 credit-update listings; docs/domain.md AL4). */
export default function CreditsPage() {
  const credits = useQuery(creditsQuery);
  return (
    <AdminLayout title="Credit Updates">
      <p className="mq-admin__intro">
        IMDb listings that members could not answer are paused here. Open the page, read the number it shows
        and save it: the listing is offered to members again with that answer.
      </p>
      <QueueState query={credits} what="the disabled listings" empty={adminListings.EMPTY_CREDITS}>
        {(data) => (
          <>
            {data.count > data.listings.length && (
              <p className="small">
                Showing the oldest {data.listings.length} of {data.count}.
              </p>
            )}
            <ul className="mq-queue" aria-label="Disabled listings">
              {data.listings.map((l) => (
                <CreditCard key={l.id} listing={l} />
              ))}
            </ul>
          </>
        )}
      </QueueState>
    </AdminLayout>
  );
}
