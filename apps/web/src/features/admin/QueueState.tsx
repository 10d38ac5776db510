import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';

/**
 * A staff list's loading, error and empty states (spec 4 §8's empty texts), and the list itself once
 * it has anything in it.
 */
export function QueueState<T extends { count: number }>({
  query,
  what,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  /** 'the disabled listings': what is loading, in words. */
  what: string;
  empty: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending)
    return (
      <p role="status" className="text-body-secondary">
        <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
        Loading {what}…
      </p>
    );
  if (query.isError)
    return (
      <div className="card mq-admin-card" role="alert">
        <div className="card-body">
          <p>We had an issue loading {what}...</p>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      </div>
    );
  if (query.data.count === 0)
    return (
      <div className="card mq-admin-card">
        <div className="card-body">
          <p className="mb-0 mq-queue__empty">{empty}</p>
        </div>
      </div>
    );
  return <>{children(query.data)}</>;
}
