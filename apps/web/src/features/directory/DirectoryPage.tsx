import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { directory } from '@marquee/contract';
import { Avatar } from '../../ui/Avatar';
import { PageLoading } from '../../ui/Preloader';
import { CommunityLayout } from '../community';
import { resultsQuery, selectionOptionsQuery, type DirectorySearch } from './api';
import { Pager } from '../../ui/Pager';

/** The search in the address (docs/domain.md DR4): `?type=&location=&page=`, page counted from 0. */
function searchFrom(params: URLSearchParams): DirectorySearch {
  const page = Number(params.get('page'));
  return {
    type: params.get('type') ?? '',
    location: params.get('location') ?? '',
    page: Number.isInteger(page) && page > 0 ? page : 0,
  };
}

function paramsOf(search: DirectorySearch): Record<string, string> {
  const params: Record<string, string> = { type: search.type, location: search.location };
  if (search.page > 0) params.page = String(search.page);
  return params;
}

const hrefOf = (search: DirectorySearch) => `?${new URLSearchParams(paramsOf(search)).toString()}`;

/**
 * /community/directory (spec 3 §2 Directory): a type and a location, Search, the members found with
 * their pictures, each leading to their profile, and the pager. The search lives in the address, so
 * back and forward move between searches and pages (docs/domain.md DR1-DR6).
 */
export default function DirectoryPage() {
  const [params, setParams] = useSearchParams();
  const asked = searchFrom(params);
  const options = useQuery(selectionOptionsQuery);
  const searching = Boolean(asked.type && asked.location);
  const results = useQuery({
    ...resultsQuery(asked),
    enabled: searching,
    // While another page of the same search loads, the current one stays in place.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === asked.type && previousQuery.queryKey[3] === asked.location
        ? keepPreviousData(previous)
        : undefined,
  });

  // The form follows the address, so back and forward show the search they lead to.
  const [type, setType] = useState(asked.type);
  const [location, setLocation] = useState(asked.location);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    setType(asked.type);
    setLocation(asked.location);
    setProblem('');
  }, [asked.type, asked.location]);

  // After a search or a page the member asked for, the results' heading takes the focus.
  const heading = useRef<HTMLHeadingElement>(null);
  const focusOnResults = useRef(false);
  useEffect(() => {
    if (focusOnResults.current && results.isSuccess && !results.isPlaceholderData) {
      focusOnResults.current = false;
      heading.current?.focus();
    }
  }, [results.isSuccess, results.isPlaceholderData, results.data]);

  // A page past the last (the results shrank since the link was made) goes to the first (DR4).
  const pastTheEnd = results.data && results.data.users.length === 0 && results.data.pageCount > 0;
  useEffect(() => {
    if (pastTheEnd && !results.isPlaceholderData)
      setParams(paramsOf({ ...asked, page: 0 }), { replace: true });
  });

  const go = (search: DirectorySearch) => {
    focusOnResults.current = true;
    setParams(paramsOf(search));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // spec 3 §5: both are needed; the server says the same if asked without one.
    if (!type || !location) {
      setProblem(directory.DIRECTORY_NEEDS_BOTH);
      return;
    }
    setProblem('');
    if (type === asked.type && location === asked.location && asked.page === 0) {
      // The same search again: asked afresh, the address stays as it is.
      void results.refetch().then(() => heading.current?.focus());
      return;
    }
    go({ type, location, page: 0 });
  };

  const formId = useId();
  const typeName = options.data?.types.find((t) => t.job_title === asked.type)?.job_title_plural;

  return (
    <CommunityLayout title="Member Directory">
      <form
        className="card mq-directory__form"
        onSubmit={submit}
        noValidate
        aria-label="Search the directory"
      >
        <div className="card-body">
          <p className="mq-directory__lead">
            Find members by what they do and where they work, then open a profile to see their work, their
            listings and to send a message.
          </p>
          {options.isError ? (
            <div role="alert" className="mq-directory__problem">
              <p className="mb-2">We could not load the job titles and locations.</p>
              <button
                type="button"
                className="btn btn-outline-primary"
                onClick={() => void options.refetch()}
              >
                Try again
              </button>
            </div>
          ) : (
            <div className="mq-directory__fields">
              <div>
                <label className="form-label" htmlFor={`${formId}-type`}>
                  Type of member
                </label>
                <select
                  id={`${formId}-type`}
                  className={`form-select${problem && !type ? ' is-invalid' : ''}`}
                  value={type}
                  disabled={options.isPending}
                  aria-describedby={problem ? `${formId}-problem` : undefined}
                  aria-invalid={Boolean(problem && !type)}
                  onChange={(e) => setType(e.target.value)}
                >
                  <option value="">Choose a type</option>
                  {options.data?.types.map((t) => (
                    <option key={t.job_title} value={t.job_title}>
                      {t.job_title_plural}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label className="form-label" htmlFor={`${formId}-location`}>
                  Location
                </label>
                <select
                  id={`${formId}-location`}
                  className={`form-select${problem && !location ? ' is-invalid' : ''}`}
                  value={location}
                  disabled={options.isPending}
                  aria-describedby={problem ? `${formId}-problem` : undefined}
                  aria-invalid={Boolean(problem && !location)}
                  onChange={(e) => setLocation(e.target.value)}
                >
                  <option value="">Choose a location</option>
                  {options.data?.locations.map((l) => (
                    <option key={l} value={l}>
                      {l}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className="btn btn-primary mq-directory__go" disabled={options.isPending}>
                Search
              </button>
            </div>
          )}
          {problem && (
            <p id={`${formId}-problem`} role="alert" className="mq-directory__invalid">
              {problem}
            </p>
          )}
        </div>
      </form>

      <section className="mq-directory__results" aria-labelledby={`${formId}-results`}>
        {!searching ? (
          <div className="mq-directory__note">
            <h2 id={`${formId}-results`} className="h5">
              Who are you looking for?
            </h2>
            <p className="mb-0">Choose a type of member and a location, then Search.</p>
          </div>
        ) : results.isPending ? (
          <>
            <h2 id={`${formId}-results`} className="visually-hidden">
              Results
            </h2>
            <PageLoading label="Searching the directory…" />
          </>
        ) : results.isError ? (
          <div className="card mq-directory__note" role="alert">
            <h2 id={`${formId}-results`} className="h5" ref={heading} tabIndex={-1}>
              The search did not work
            </h2>
            <p className="mb-3">{results.error.message}</p>
            <button type="button" className="btn btn-primary" onClick={() => void results.refetch()}>
              Try again
            </button>
          </div>
        ) : (
          <>
            <div className="mq-directory__summary">
              <h2 id={`${formId}-results`} className="h5 mb-0" ref={heading} tabIndex={-1}>
                {typeName ?? asked.type} in {asked.location}
              </h2>
              {results.data.pageCount > 1 && (
                <span className="text-body-secondary small">
                  Page {Math.min(asked.page, results.data.pageCount - 1) + 1} of {results.data.pageCount}
                </span>
              )}
            </div>
            {results.data.pageCount === 0 ? (
              <p className="card mq-directory__empty">{directory.DIRECTORY_EMPTY}</p>
            ) : (
              <ul className="mq-directory__list" aria-label="Members found" aria-busy={results.isFetching}>
                {results.data.users.map((u) => (
                  <li key={u.id} className="mq-directory__member">
                    <Avatar src={u.avatar} size={80} alt="" />
                    <div className="mq-directory__who">
                      <Link to={`/profile/${u.id}`} className="mq-directory__name stretched-link">
                        {u.full_name}
                      </Link>
                      {u.desc_line && <span className="mq-directory__desc">{u.desc_line}</span>}
                    </div>
                  </li>
                ))}
              </ul>
            )}
            {results.data.pageCount > 1 && (
              <Pager
                label="Directory pages"
                className="mq-directory__pager"
                current={Math.min(asked.page, results.data.pageCount - 1)}
                pageCount={results.data.pageCount}
                hrefOf={(page) => hrefOf({ ...asked, page })}
                onGo={() => {
                  focusOnResults.current = true;
                }}
              />
            )}
          </>
        )}
      </section>
    </CommunityLayout>
  );
}
