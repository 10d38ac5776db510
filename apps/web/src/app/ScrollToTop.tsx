import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Pages scroll to the top on navigation (spec 4 §2). */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}
