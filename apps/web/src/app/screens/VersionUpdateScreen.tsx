import { FullScreenState } from '../../ui/FullScreenState';

/** The server runs a newer Marquee than this page (spec 4 §4, §8): reload, and clear the cache if needed. */
export function VersionUpdateScreen({
  userVersion,
  correctVersion,
}: {
  userVersion: string;
  correctVersion: string;
}) {
  return (
    <FullScreenState title="Marquee has been updated">
      <p>
        You are using version {userVersion} of Marquee, and version {correctVersion} is now live. Please
        reload the page to get the new version.
      </p>
      <p>
        If this message comes back after reloading, clear your browser’s cache (or do a hard refresh with
        Ctrl+Shift+R, or Cmd+Shift+R on a Mac) and reload again.
      </p>
      <button type="button" className="btn btn-accent btn-lg mt-2" onClick={() => window.location.reload()}>
        Reload
      </button>
    </FullScreenState>
  );
}
