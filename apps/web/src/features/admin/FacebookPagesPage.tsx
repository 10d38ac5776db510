import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminListings } from '@marquee/contract';
import { showSuccess } from '../../ui/toast';
import { ReviewField } from './ReviewField';
import { AdminLayout } from './AdminLayout';
import { QueueState } from './QueueState';
import { adminKey, approvePage, pendingFacebookQuery, rejectPage } from './api';

/** One page waiting: approve it with its details, or turn it down with a reason (docs/domain.md AL5, AL6). */
function PageReview({ page }: { page: adminListings.PendingFacebookPage }) {
  const id = useId();
  const [form, setForm] = useState({
    pageId: page.page_id,
    title: page.name,
    url: page.url,
    about: '',
    pageCat: String(adminListings.FB_DEFAULT_CATEGORY),
    points: String(page.point_setting),
  });
  const [reason, setReason] = useState('');
  const [turningDown, setTurningDown] = useState(false);
  const queryClient = useQueryClient();
  const done = (answer: { message: string }) => {
    showSuccess(answer.message);
    void queryClient.invalidateQueries({ queryKey: adminKey });
  };
  const approve = useMutation({
    mutationFn: () =>
      approvePage({
        fb_id: page.fb_id,
        pageId: form.pageId,
        user_id: page.user_id,
        user_first: page.user_first,
        user_last: page.user_last,
        point_setting: Number(form.points),
        title: form.title,
        url: form.url,
        about: form.about,
        pageCat: Number(form.pageCat),
      }),
    onSuccess: done,
  });
  const reject = useMutation({ mutationFn: () => rejectPage(page.fb_id, reason), onSuccess: done });
  const field = (
    key: keyof typeof form,
    label: string,
    props: { type?: string; inputMode?: 'numeric' } = {},
  ) => (
    <ReviewField
      id={`${id}-${key}`}
      label={label}
      value={form[key]}
      onChange={(value) => setForm({ ...form, [key]: value })}
      {...props}
    />
  );
  return (
    <li className="card mq-admin-card mq-queue__item">
      <div className="card-body">
        <h2 className="mq-queue__title">
          <a href={page.open_url} target="_blank" rel="noopener noreferrer">
            {page.name}
          </a>
        </h2>
        <p className="small text-body-secondary">
          Added {page.added_on} by{' '}
          <Link to={`/admin/users/${page.user_id}`}>
            {page.user_first} {page.user_last}
          </Link>{' '}
          at {page.point_setting} points a like.
        </p>
        <form
          className="mq-review"
          aria-label={`Approve ${page.name}`}
          onSubmit={(e) => {
            e.preventDefault();
            approve.mutate();
          }}
        >
          {field('pageId', 'Page id')}
          {field('title', 'Title')}
          {field('url', 'Address', { type: 'url' })}
          <div className="mq-review__field">
            <label htmlFor={`${id}-pageCat`} className="form-label">
              Category
            </label>
            <select
              id={`${id}-pageCat`}
              className="form-select"
              value={form.pageCat}
              onChange={(e) => setForm({ ...form, pageCat: e.target.value })}
            >
              {adminListings.FB_PAGE_CATEGORIES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
          {field('points', 'Points a like', { inputMode: 'numeric' })}
          {field('about', 'About (optional)')}
          <div className="mq-review__actions">
            <button
              type="submit"
              className="btn btn-primary"
              disabled={approve.isPending || reject.isPending}
            >
              {approve.isPending ? 'Approving…' : 'Approve and offer'}
            </button>
            <button
              type="button"
              className="btn btn-outline-danger"
              aria-expanded={turningDown}
              onClick={() => setTurningDown(!turningDown)}
            >
              Turn down…
            </button>
          </div>
        </form>
        {turningDown && (
          <form
            className="mq-queue__form mt-3"
            onSubmit={(e) => {
              e.preventDefault();
              reject.mutate();
            }}
          >
            <label htmlFor={`${id}-reason`} className="form-label mb-0">
              Why, for the member
            </label>
            <input
              id={`${id}-reason`}
              className="form-control"
              maxLength={300}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
            <button type="submit" className="btn btn-danger" disabled={reject.isPending}>
              {reject.isPending ? 'Turning down…' : 'Turn the page down'}
            </button>
          </form>
        )}
      </div>
    </li>
  );
}

/** /admin/facebook (spec 4 §2 pending Facebook page submissions; docs/domain.md AL5, AL6). */
export default function FacebookPagesPage() {
  const pages = useQuery(pendingFacebookQuery);
  return (
    <AdminLayout title="Facebook Pages">
      <p className="mq-admin__intro">
        Facebook likes are checked against the page's id, which members cannot see. Open each page, confirm
        its id (the number or name after facebook.com/) and approve it, or turn it down with a reason the
        member will read.
      </p>
      <QueueState query={pages} what="the pages waiting for review" empty={adminListings.EMPTY_FB}>
        {(data) => (
          <ul className="mq-queue" aria-label="Pages waiting for review">
            {data.pages.map((p) => (
              <PageReview key={p.fb_id} page={p} />
            ))}
          </ul>
        )}
      </QueueState>
    </AdminLayout>
  );
}
