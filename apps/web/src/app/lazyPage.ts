import { lazy, type ComponentType } from 'react';

const RELOADED_AT = 'marquee-reloaded-for-new-version';
/** A page that still fails this soon after such a reload is a real error, not an old build. */
const RELOAD_WINDOW_MS = 60_000;

/**
 * A page loaded on first use. After a new release the old build's chunks are gone from the server;
 * a failed load then reloads the page once to pick up the new build. A failure again within a
 * minute goes to the error boundary.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same constraint as React.lazy's
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() =>
    load().catch((error: unknown) => {
      const last = Number(window.sessionStorage.getItem(RELOADED_AT) ?? 0);
      if (Date.now() - last < RELOAD_WINDOW_MS) throw error;
      window.sessionStorage.setItem(RELOADED_AT, String(Date.now()));
      window.location.reload();
      return new Promise<never>(() => {});
    }),
  );
}
