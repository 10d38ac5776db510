import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** An Exchange page's heading, with the way back to the Exchange's landing page. */
export function ExchangeHead({ title, children }: { title: string; children: ReactNode }) {
  return (
    <header className="mq-page-head mq-exchange-head">
      <nav aria-label="Breadcrumb">
        <ol className="mq-exchange-crumbs">
          <li>
            <Link to="/exchange">Exchange</Link>
          </li>
          <li aria-current="page">{title}</li>
        </ol>
      </nav>
      <h1>{title}</h1>
      <p className="text-body-secondary mb-0">{children}</p>
    </header>
  );
}
