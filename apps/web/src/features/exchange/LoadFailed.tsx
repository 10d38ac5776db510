import { ApiError } from '../../app/api';

/** A read that failed: the server's words when it gave some, and Try again. */
export function LoadFailed({
  what,
  error,
  retrying,
  onRetry,
}: {
  /** 'your Instagram listing': what could not be loaded, in words. */
  what: string;
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <div className="alert alert-danger mq-exchange-failed" role="alert">
      <p className="mb-2">
        <strong>We could not load {what}.</strong>{' '}
        {error instanceof ApiError ? error.message : 'Something went wrong. Please try again in a moment.'}
      </p>
      <button type="button" className="btn btn-sm btn-outline-danger" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Trying again…' : 'Try again'}
      </button>
    </div>
  );
}
