import { Link, useLocation } from 'react-router';
import Container from 'react-bootstrap/Container';
import { usePageTitle } from '../../ui/usePageTitle';

/** Any address that is not one of Marquee's pages. */
export default function NotFoundPage() {
  usePageTitle('Page not found');
  const { pathname } = useLocation();
  return (
    <Container fluid="xl">
      <div className="card mq-soon mx-auto">
        <p className="display-5 fw-bold text-primary mb-1" aria-hidden="true">
          404
        </p>
        <h1 className="mb-3">Page not found</h1>
        <p className="mb-4">
          There is no page at <code className="text-break">{pathname}</code>. The link may be mistyped, or the
          page may have moved.
        </p>
        <div>
          <Link to="/home" className="btn btn-primary">
            Go to the News Feed
          </Link>
        </div>
      </div>
    </Container>
  );
}
