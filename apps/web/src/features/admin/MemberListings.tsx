import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminListings, LISTING_TYPE_WORDS } from '@marquee/contract';
import { showSuccess } from '../../ui/toast';
import { ReviewField } from './ReviewField';
import { memberKey, memberListingsQuery, updateListing, viewsHistoryQuery } from './api';

/** The change form of one listing (docs/domain.md AL2): only what staff changed is sent. */
function ListingEditor({ listing, onDone }: { listing: adminListings.AdminListing; onDone: () => void }) {
  const id = useId();
  const [form, setForm] = useState({
    name: listing.name,
    url: listing.url,
    give: String(listing.give),
    status: listing.status,
    answer: listing.imdb_credit_counts === null ? '' : String(listing.imdb_credit_counts),
  });
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: () =>
      updateListing({
        id: listing.id,
        ...(form.name !== listing.name ? { name: form.name } : {}),
        ...(form.url !== listing.url ? { url: form.url } : {}),
        ...(form.give !== String(listing.give) ? { give: Number(form.give) } : {}),
        ...(form.status !== listing.status
          ? { status: form.status as adminListings.AdminListing['status'] }
          : {}),
        ...(listing.type === 'imdb-view' &&
        form.answer !== '' &&
        form.answer !== String(listing.imdb_credit_counts ?? '')
          ? { imdb_credit_counts: Number(form.answer) }
          : {}),
      } as Parameters<typeof updateListing>[0]),
    onSuccess: (answer) => {
      showSuccess(answer.message);
      void queryClient.invalidateQueries({ queryKey: memberKey(listing.user_id) });
      onDone();
    },
  });
  const pending = listing.status === 'pending';
  const input = (
    key: 'name' | 'url' | 'give' | 'answer',
    label: string,
    props: { type?: string; inputMode?: 'numeric' } = {},
  ) => (
    <ReviewField
      id={`${id}-${key}`}
      label={label}
      value={form[key]}
      onChange={(value) => setForm({ ...form, [key]: value })}
      small
      {...props}
    />
  );
  return (
    <form
      className="mq-review mq-listing-editor"
      aria-label={`Change ${listing.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      {input('name', 'Name')}
      {input('url', 'Address', { type: 'url' })}
      {input('give', 'Points', { inputMode: 'numeric' })}
      <div className="mq-review__field">
        <label htmlFor={`${id}-status`} className="form-label">
          Status
        </label>
        <select
          id={`${id}-status`}
          className="form-select form-select-sm"
          value={form.status}
          disabled={pending}
          onChange={(e) => setForm({ ...form, status: e.target.value })}
        >
          {pending && <option value="pending">pending (review it under Facebook Pages)</option>}
          {adminListings.STAFF_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      {listing.type === 'imdb-view' && input('answer', 'True answer', { inputMode: 'numeric' })}
      <div className="mq-review__actions">
        <button type="submit" className="btn btn-primary btn-sm" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save the listing'}
        </button>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function ListingItem({ listing }: { listing: adminListings.AdminListing }) {
  const [editing, setEditing] = useState(false);
  const words = LISTING_TYPE_WORDS[listing.type];
  return (
    <li className="mq-admin-listing">
      <div className="mq-admin-listing__head">
        <a href={listing.open_url} target="_blank" rel="noopener noreferrer" className="fw-semibold">
          {listing.name}
        </a>
        <span className="small text-body-secondary">
          #{listing.id} · {words.label}
        </span>
        <span className={`mq-status mq-status--${listing.status === 'active' ? 'active' : 'deactivated'}`}>
          {listing.listing_status}
        </span>
        {listing.listing_badge && <span className="mq-level">{listing.listing_badge}</span>}
      </div>
      <p className="small mb-1">
        {listing.give} points · {listing.rl_daily}
        {listing.rl_now !== null && ` (${listing.rl_now} left today)`} · {listing.acted_today} today,{' '}
        {listing.acted_this_week} this week, {listing.acted_last_week} last week
        {listing.sponsor_bought > 0 &&
          ` · sponsored ${listing.sponsor_used} of ${listing.sponsor_bought} used`}
      </p>
      {listing.question && (
        <p className="small mb-1 text-body-secondary">
          {listing.question} The site holds: <strong>{listing.imdb_credit_counts ?? 'no answer'}</strong>
        </p>
      )}
      {editing ? (
        <ListingEditor listing={listing} onDone={() => setEditing(false)} />
      ) : (
        <button type="button" className="btn btn-link btn-sm p-0" onClick={() => setEditing(true)}>
          Change<span className="visually-hidden"> {listing.name}</span>
        </button>
      )}
    </li>
  );
}

function ViewsHistory({ id }: { id: number }) {
  const views = useQuery(viewsHistoryQuery(id));
  if (views.isPending) return <p className="small text-body-secondary">Loading the views history…</p>;
  if (views.isError) return <p className="small text-danger">We had an issue loading the views history...</p>;
  return (
    <div className="table-responsive" tabIndex={0} role="region" aria-label="Views history">
      <table className="table table-sm mb-0">
        <caption className="visually-hidden">IMDb views received per week</caption>
        <thead>
          <tr>
            <th scope="col">Week ending</th>
            <th scope="col" className="text-end">
              Views
            </th>
            <th scope="col" className="text-end">
              Change
            </th>
          </tr>
        </thead>
        <tbody>
          {views.data.weeks.map((w) => (
            <tr key={w.weekEnding}>
              <th scope="row">{w.weekEnding}</th>
              <td className="text-end">{w.views}</td>
              <td className="text-end">{w.change > 0 ? `+${w.change}` : w.change}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The member's listings panel and IMDb views history on their card (spec 4 §2; docs/domain.md AL1-AL3). */
export function MemberListings({ id }: { id: number }) {
  const list = useQuery(memberListingsQuery(id));
  const hasPersonPage = list.data?.listings.some((l) => l.page_category === 3) ?? false;
  return (
    <section className="card mq-admin-card" aria-labelledby="mq-member-listings">
      <div className="card-body">
        <h2 id="mq-member-listings" className="mq-admin-card__title">
          Listings
        </h2>
        {list.isPending ? (
          <p role="status" className="small text-body-secondary mb-0">
            Loading the listings…
          </p>
        ) : list.isError ? (
          <p role="alert" className="small text-danger mb-0">
            We had an issue loading the listings...
          </p>
        ) : list.data.listings.length === 0 ? (
          <p className="small text-body-secondary mb-0">This member has no listings.</p>
        ) : (
          <ul className="mq-admin-listings">
            {list.data.listings.map((l) => (
              <ListingItem key={l.id} listing={l} />
            ))}
          </ul>
        )}
        {hasPersonPage && (
          <>
            <h3 className="mq-admin-card__subtitle">IMDb views per week</h3>
            <ViewsHistory id={id} />
          </>
        )}
      </div>
    </section>
  );
}
