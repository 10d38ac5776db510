import { FullScreenState } from '../../ui/FullScreenState';

/** Marquee keeps the session in the browser's local storage; without it nobody can stay signed in. */
export function StorageDisabledScreen() {
  return (
    <FullScreenState title="Marquee needs local storage">
      <div role="alert">
        <p>
          Your browser is not letting Marquee save anything on this device, so we cannot keep you signed in.
          This usually happens in private or incognito windows, or when site data (cookies and local storage)
          is blocked in your browser’s privacy settings.
        </p>
        <p>Please allow site data for Marquee, or open it in a normal window, then reload this page.</p>
      </div>
      <button type="button" className="btn btn-accent btn-lg mt-2" onClick={() => window.location.reload()}>
        Reload
      </button>
    </FullScreenState>
  );
}
