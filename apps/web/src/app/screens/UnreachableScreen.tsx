import { FullScreenState } from '../../ui/FullScreenState';

/** The start check got no usable answer: offer to try again rather than guess who is signed in. */
export function UnreachableScreen({ onRetry }: { onRetry: () => void }) {
  return (
    <FullScreenState title="We could not reach Marquee">
      <p role="alert">
        Marquee did not answer while we checked your sign-in. Please check your internet connection and try
        again in a moment.
      </p>
      <button type="button" className="btn btn-accent btn-lg mt-2" onClick={onRetry}>
        Try Again
      </button>
    </FullScreenState>
  );
}
