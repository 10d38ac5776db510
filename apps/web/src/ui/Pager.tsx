import { Link } from 'react-router';
import { pagerItems, pagerShape, useNarrowPager } from './pager';

interface PagerProps {
  /** The current page, counted from 0. */
  current: number;
  pageCount: number;
  /** The address of a page (counted from 0): every page is a link of its own. */
  hrefOf: (page: number) => string;
  /** The navigation's accessible name, such as 'Directory pages'. */
  label: string;
  className?: string;
  /** Called when a page is chosen, before the address changes. */
  onGo?: (page: number) => void;
}

/**
 * The one pager of the app (spec 3 §9): Previous, the pages `pagerItems` offers at the window's
 * width (2 margin and 3 range pages, 0 and 4 at 400 px or less), Next; each page a link.
 */
export function Pager({ current, pageCount, hrefOf, label, className, onGo }: PagerProps) {
  const narrow = useNarrowPager();
  const { range, margin } = pagerShape(narrow);
  const step = (page: number, name: string, text: string) =>
    page < 0 || page >= pageCount ? (
      <li className="page-item disabled">
        <span className="page-link" aria-hidden="true">
          {text}
        </span>
      </li>
    ) : (
      <li className="page-item">
        <Link className="page-link" to={hrefOf(page)} aria-label={name} onClick={() => onGo?.(page)}>
          {text}
        </Link>
      </li>
    );
  return (
    <nav aria-label={label} className={className}>
      <ul className="pagination mb-0">
        {step(current - 1, 'Previous page', '‹')}
        {pagerItems(current, pageCount, range, margin).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} className="page-item disabled" aria-hidden="true">
              <span className="page-link">…</span>
            </li>
          ) : p === current ? (
            <li key={p} className="page-item active">
              <span className="page-link" aria-current="page">
                <span className="visually-hidden">Page </span>
                {p + 1}
              </span>
            </li>
          ) : (
            <li key={p} className="page-item">
              <Link
                className="page-link"
                to={hrefOf(p)}
                aria-label={`Page ${p + 1}`}
                onClick={() => onGo?.(p)}
              >
                {p + 1}
              </Link>
            </li>
          ),
        )}
        {step(current + 1, 'Next page', '›')}
      </ul>
    </nav>
  );
}
