import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { adminMembers, LEVEL_NAME } from '@marquee/contract';
import { memberSearchQuery } from './api';

/** /admin/users: find a member by name, username, email or id (docs/domain.md AM1); the search is in the address. */
export function MemberSearch() {
  const [search, setSearch] = useSearchParams();
  const q = (search.get('q') ?? '').trim();
  const [typed, setTyped] = useState(q);
  const found = useQuery({ ...memberSearchQuery(q), enabled: q !== '' });
  return (
    <section className="card mq-admin-card" aria-labelledby="mq-member-search">
      <div className="card-body">
        <h2 id="mq-member-search" className="mq-admin-card__title">
          Find a member
        </h2>
        <form
          role="search"
          className="mq-member-search"
          onSubmit={(e) => {
            e.preventDefault();
            setSearch(typed.trim() ? { q: typed.trim() } : {});
          }}
        >
          <label htmlFor="mq-member-q" className="visually-hidden">
            Name, username, email or member id
          </label>
          <input
            id="mq-member-q"
            type="search"
            className="form-control"
            placeholder="Name, username, email or member id"
            maxLength={100}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
          <button type="submit" className="btn btn-primary">
            Search
          </button>
        </form>
        {q === '' ? (
          <p className="text-body-secondary mb-0 mt-3">{adminMembers.SEARCH_HINT}</p>
        ) : found.isPending ? (
          <p role="status" className="text-body-secondary mb-0 mt-3">
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            Searching…
          </p>
        ) : found.isError ? (
          <p role="alert" className="text-danger mb-0 mt-3">
            {found.error.message}
          </p>
        ) : found.data.users.length === 0 ? (
          <p className="mb-0 mt-3">{adminMembers.NO_MEMBERS_FOUND}</p>
        ) : (
          <ul className="mq-member-results" aria-label="Members found">
            {found.data.users.map((u) => (
              <li key={u.id}>
                <Link to={`/admin/users/${u.id}`} className="mq-member-results__name">
                  {u.first} {u.last}
                </Link>
                <span className="mq-member-results__id">#{u.id}</span>
                <span className="mq-member-results__meta">
                  {u.username} · {u.email}
                </span>
                <span className="mq-member-results__badges">
                  <span className={`mq-status mq-status--${u.status}`}>{u.status}</span>
                  <span className="mq-level">{LEVEL_NAME[u.membership]}</span>
                  <span className="text-body-secondary small">
                    {u.last_activity ? `Last active ${u.last_activity}` : 'Never active'}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
