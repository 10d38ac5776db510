import { ApiError } from '../app/api';

/** The line a section shows while its read is under way, announced to screen readers. */
export function Loading({ what }: { what: string }) {
  return (
    <p role="status" className="text-body-secondary mb-0">
      <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
      Loading {what}…
    </p>
  );
}

/** A read that failed: the server's words when it gave some, and Try again. */
export function LoadFailed({
  what,
  error,
  retrying = false,
  onRetry,
  className,
}: {
  /** 'your Instagram listing': what could not be loaded, in words. */
  what: string;
  error: unknown;
  retrying?: boolean;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div className={`alert alert-danger${className ? ` ${className}` : ''}`} role="alert">
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
