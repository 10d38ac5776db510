import { MarqueeMark } from './Wordmark';

/** Shown while the app starts and while a page's code loads (spec 4 §2). */
export function Preloader() {
  return (
    <div className="mq-backdrop" role="status" aria-label="Loading Marquee">
      <MarqueeMark size={56} />
      <div className="mq-lights mt-4" aria-hidden="true">
        <span />
        <span />
        <span />
        <span />
        <span />
      </div>
    </div>
  );
}

/** A quieter loading mark inside a page, where the top bar stays in place. */
export function PageLoading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="d-flex justify-content-center py-5" role="status">
      <span className="spinner-border text-primary" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
