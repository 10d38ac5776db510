import type { ReactNode } from 'react';
import Container from 'react-bootstrap/Container';
import { usePageTitle } from '../../ui/usePageTitle';

/** The frame of a policy text: a title, a short summary, then the sections. */
export function PolicyPage({
  title,
  summary,
  children,
}: {
  title: string;
  summary: string;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <Container fluid="xl">
      <article className="card mx-auto mq-prose">
        <div className="card-body p-4 p-md-5">
          <h1 className="mb-3">{title}</h1>
          <p className="lead">{summary}</p>
          {children}
        </div>
      </article>
    </Container>
  );
}
