import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, kept current as the window changes. */
function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Whether the window is at least `px` wide. */
export const useMinWidth = (px: number): boolean => useMediaQuery(`(min-width: ${px}px)`);

/** Whether the member asked for less motion: the carousel then changes without sliding. */
export const usePrefersReducedMotion = (): boolean => useMediaQuery('(prefers-reduced-motion: reduce)');
