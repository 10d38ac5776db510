import { useEffect } from 'react';

/** Names the browser tab after the page, so history and tabs read well. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Marquee` : 'Marquee';
  }, [title]);
}
