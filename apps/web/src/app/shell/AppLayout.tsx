import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { PageLoading } from '../../ui/Preloader';
import { Footer } from './Footer';
import { TopBar } from './TopBar';
import { StaffViewBanner } from './StaffViewBanner';
import { ExpiryBanner } from '../../features/membership/ExpiryBanner';
import { EmailConfirmNotice } from '../../features/login/EmailConfirmNotice';
import { LiveUpdates } from '../LiveUpdates';

/** The frame of every signed-in page: top bar, the page, footer. */
export default function AppLayout({ children }: { children?: ReactNode }) {
  return (
    <div className="mq-app">
      <a className="mq-skip-link" href="#main">
        Skip to content
      </a>
      <LiveUpdates />
      <TopBar />
      <StaffViewBanner />
      <ExpiryBanner />
      <EmailConfirmNotice />
      <main id="main" className="mq-main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>{children ?? <Outlet />}</Suspense>
      </main>
      <Footer />
    </div>
  );
}
