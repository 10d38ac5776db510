import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { help } from '@marquee/contract';
import { adminRequestsQuery } from './api';
import { StatusBadge } from './StatusBadge';

const FILTER_WORDS: Record<help.AdminHelpFilter, string> = {
  Pending: 'Pending',
  'Awaiting Response': 'Awaiting Response',
  Closed: 'Closed',
  all: 'All',
};

const filterOf = (value: string | null): help.AdminHelpFilter =>
  (help.ADMIN_FILTERS as readonly string[]).includes(value ?? '')
    ? (value as help.AdminHelpFilter)
    : 'Pending';

/**
 * The staff list of requests (spec 4 §2 help desk list, §7 admin/fetchHelpRequests): one status at
 * a time with its count, how long each has waited, Pending ones past the 24 hours promised marked.
 */
export function HelpDeskList() {
  const [search, setSearch] = useSearchParams();
  const filter = filterOf(search.get('status'));
  const page = Math.max(0, Number(search.get('page')) || 0);
  const list = useQuery({ ...adminRequestsQuery(filter, page), placeholderData: keepPreviousData });
  const go = (next: help.AdminHelpFilter, nextPage = 0) =>
    setSearch(
      next === 'Pending' && nextPage === 0
        ? {}
        : { status: next, ...(nextPage ? { page: String(nextPage) } : {}) },
    );

  const counts = list.data?.counts;
  return (
    <section className="card mq-help-card" aria-labelledby="mq-desk-title">
      <div className="card-body">
        <div className="mq-help-desk__bar">
          <h2 id="mq-desk-title" className="mq-help-card__title mb-0">
            Help requests
          </h2>
          <div className="mq-help-desk__filters" role="group" aria-label="Show requests that are">
            {help.ADMIN_FILTERS.map((f) => (
              <button
                key={f}
                type="button"
                className={`btn btn-sm ${f === filter ? 'btn-primary' : 'btn-outline-primary'}`}
                aria-pressed={f === filter}
                onClick={() => go(f)}
              >
                {FILTER_WORDS[f]}
                {counts && f !== 'all' && <span className="mq-help-desk__count"> ({counts[f]})</span>}
              </button>
            ))}
          </div>
        </div>
        {list.isPending ? (
          <p className="mq-help-note" role="status">
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            Loading…
          </p>
        ) : list.isError ? (
          <div className="mq-help-note" role="alert">
            {list.error.message}{' '}
            <button
              type="button"
              className="btn btn-link p-0 align-baseline"
              onClick={() => void list.refetch()}
            >
              Try again
            </button>
          </div>
        ) : list.data.requests.length === 0 ? (
          <p className="mq-help-note">{help.EMPTY_ADMIN}</p>
        ) : (
          <>
            <div className="table-responsive">
              <table className="table mq-help-desk__table align-middle">
                <caption className="visually-hidden">
                  {FILTER_WORDS[filter]} help requests, page {page + 1} of {list.data.pageCount}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Subject</th>
                    <th scope="col">Member</th>
                    <th scope="col" className="d-none d-md-table-cell">
                      Status
                    </th>
                    <th scope="col" className="d-none d-md-table-cell">
                      Opened
                    </th>
                    <th scope="col">Last update</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.requests.map((r) => (
                    <tr key={r.id} className={r.overdue ? 'is-overdue' : undefined}>
                      <td>
                        <Link to={`/admin/help/${r.id}`}>{r.subject}</Link>
                      </td>
                      <td>
                        <Link to={`/admin/users/${r.user_id}`}>
                          {r.first} {r.last}
                        </Link>
                      </td>
                      <td className="d-none d-md-table-cell">
                        <StatusBadge status={r.status} label={r.status} />
                      </td>
                      <td className="text-nowrap d-none d-md-table-cell">{r.date_opened}</td>
                      <td>
                        <span className="text-nowrap">{r.ago}</span>
                        {r.overdue && <span className="mq-help-overdue">Over 24 hours</span>}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {list.data.pageCount > 1 && (
              <nav className="mq-help-desk__pages" aria-label="Pages of help requests">
                <button
                  type="button"
                  className="btn btn-sm btn-outline-primary"
                  disabled={page === 0}
                  onClick={() => go(filter, page - 1)}
                >
                  Previous
                </button>
                <span>
                  Page {page + 1} of {list.data.pageCount}
                </span>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-primary"
                  disabled={page + 1 >= list.data.pageCount}
                  onClick={() => go(filter, page + 1)}
                >
                  Next
                </button>
              </nav>
            )}
          </>
        )}
      </div>
    </section>
  );
}
