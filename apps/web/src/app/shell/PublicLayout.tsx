import { Suspense, type ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import Container from 'react-bootstrap/Container';
import { PageLoading } from '../../ui/Preloader';
import { Wordmark } from '../../ui/Wordmark';
import { Footer } from './Footer';

/** The frame of the pages anyone may read (policies, outbox, not found) for visitors who are not signed in. */
export default function PublicLayout({ children }: { children?: ReactNode }) {
  return (
    <div className="mq-app">
      <a className="mq-skip-link" href="#main">
        Skip to content
      </a>
      <header className="mq-topbar navbar navbar-dark py-2">
        <Container fluid="xl">
          <Link className="navbar-brand" to="/" aria-label="Marquee home">
            <Wordmark />
          </Link>
          <nav aria-label="Account" className="d-flex gap-2">
            <Link className="btn btn-sm btn-outline-light" to="/login">
              Log In
            </Link>
            <Link className="btn btn-sm btn-accent" to="/signup">
              Join Marquee
            </Link>
          </nav>
        </Container>
      </header>
      <main id="main" className="mq-main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>{children ?? <Outlet />}</Suspense>
      </main>
      <Footer />
    </div>
  );
}
