import { useEffect, type ComponentType, type ReactNode } from 'react';
import { Navigate, Outlet, Route, Routes, useParams } from 'react-router';
import { lazyPage } from './lazyPage';
import { bothForms } from './paths';
import { useSession } from './session';
import { rememberReferrer } from './storage';
import { StartGate } from '../features/onboarding/StartGate';

const AppLayout = lazyPage(() => import('./shell/AppLayout'));
const PublicLayout = lazyPage(() => import('./shell/PublicLayout'));
const DashboardPage = lazyPage(() => import('../features/dashboard/DashboardPage'));
const HomePage = lazyPage(() => import('../features/home/HomePage'));
const NotFoundPage = lazyPage(() => import('./pages/NotFoundPage'));
const HistoryPage = lazyPage(() => import('../features/history/HistoryPage'));
const MembershipPage = lazyPage(() => import('../features/membership/MembershipPage'));
const ReferralsPage = lazyPage(() => import('../features/referrals/ReferralsPage'));
const LoginPage = lazyPage(() => import('../features/login/LoginPage'));
const SignupPage = lazyPage(() => import('../features/login/SignupPage'));
const ResetPasswordPage = lazyPage(() => import('../features/login/ResetPasswordPage'));
const ConfirmEmailPage = lazyPage(() => import('../features/login/ConfirmEmailPage'));
const LogoutPage = lazyPage(() => import('../features/login/LogoutPage'));
const LandingPage = lazyPage(() => import('../features/landing/LandingPage'));
const OutboxPage = lazyPage(() => import('../features/devmail/OutboxPage'));
const PrivacyPage = lazyPage(() => import('../features/legal/PrivacyPage'));
const TermsPage = lazyPage(() => import('../features/legal/TermsPage'));
const BoardThreadPage = lazyPage(() => import('../features/board/ThreadPage'));
const ManagedUnsubscribePage = lazyPage(() => import('../features/managed/ManagedUnsubscribePage'));
const ProExtensionPage = lazyPage(() => import('../features/pro-extension/ProExtensionPage'));

/** The start route: a new member goes through Getting Started first (docs/domain.md G5). */
function StartPage() {
  return (
    <StartGate>
      <HomePage />
    </StartGate>
  );
}

/**
 * The member pages of spec 4 §2, each named after its feature, with its lazily loaded page.
 */
const MEMBER_PAGES: [path: string, feature: string, page: ComponentType][] = [
  ['/home/:id?', 'News Feed', StartPage],
  ['/dashboard/:ltype?', 'Dashboard', DashboardPage],
  ['/history/:filter?', 'History', HistoryPage],
  ['/profile/:uid?', 'Profile', lazyPage(() => import('../features/profile/ProfilePage'))],
  ['/messages/:uid?', 'Messages', lazyPage(() => import('../features/messages/MessagesPage'))],
  ['/account', 'Account', lazyPage(() => import('../features/account/AccountPage'))],
  ['/membership', 'Membership', MembershipPage],
  ['/referrals', 'Referrals', ReferralsPage],
  ['/help/:tid?', 'Help Center', lazyPage(() => import('../features/help/HelpPage'))],
  ['/exchange', 'Exchange', lazyPage(() => import('../features/exchange/ExchangePage'))],
  [
    '/exchange/instagram',
    'Instagram Follows',
    lazyPage(() => import('../features/exchange/InstagramExchangePage')),
  ],
  ['/exchange/imdb', 'IMDb Views', lazyPage(() => import('../features/exchange/ImdbExchangePage'))],
  ['/community/board/:category/:tid/:page', 'Message Board', BoardThreadPage],
  ['/community/board/:category/:tid', 'Message Board', BoardThreadPage],
  ['/community/board/:category', 'Message Board', lazyPage(() => import('../features/board/CategoryPage'))],
  ['/community/board', 'Message Board', lazyPage(() => import('../features/board/BoardPage'))],
  ['/community/directory', 'Member Directory', lazyPage(() => import('../features/directory/DirectoryPage'))],
  ['/community/watch', 'When To Watch', lazyPage(() => import('../features/watch/WatchPage'))],
  ['/community', 'Community', lazyPage(() => import('../features/community/CommunityPage'))],
  [
    '/getting-started',
    'Getting Started',
    lazyPage(() => import('../features/onboarding/GettingStartedPage')),
  ],
  ['/managed', 'Managed Rank', lazyPage(() => import('../features/managed/ManagedPage'))],
  [
    '/managed/subscribe',
    'Managed Rank Subscription',
    lazyPage(() => import('../features/managed/SubscribePage')),
  ],
  [
    '/managed/subscribed',
    'Managed Rank Subscription Check',
    lazyPage(() => import('../features/managed/SubscribedPage')),
  ],
];

/** Staff pages; the server checks the admin role on every admin call as well. */
const ADMIN_PAGES: [path: string, feature: string, page: ComponentType][] = [
  ['/admin', 'Admin Console', lazyPage(() => import('../features/admin/OverviewPage'))],
  ['/admin/audit', 'Admin: Audit Log', lazyPage(() => import('../features/admin/AuditLogPage'))],
  ['/admin/users/:uid?', 'Admin: Users', lazyPage(() => import('../features/admin/AdminUsersPage'))],
  ['/admin/credits', 'Admin: Credit Updates', lazyPage(() => import('../features/admin/CreditsPage'))],
  ['/admin/facebook', 'Admin: Facebook Pages', lazyPage(() => import('../features/admin/FacebookPagesPage'))],
  ['/admin/waitlist', 'Admin: Managed Waitlist', lazyPage(() => import('../features/admin/WaitlistPage'))],
  ['/admin/signals', 'Admin: Fair Play', lazyPage(() => import('../features/admin/SignalsPage'))],
  ['/admin/help/:tid?', 'Admin: Help Desk', lazyPage(() => import('../features/help/AdminHelpPage'))],
];

function pageRoutes(pages: [string, string, ComponentType][]) {
  return pages.flatMap(([path, , Page]) =>
    bothForms(path).map((form) => <Route key={form} path={form} element={<Page />} />),
  );
}

function publicRoutes(path: string, element: ReactNode) {
  return bothForms(path).map((form) => <Route key={form} path={form} element={element} />);
}

/** Signed out, every app route shows the login screen and keeps its URL (spec 4 §4). */
function MembersOnly() {
  const { user } = useSession();
  return user ? <AppLayout /> : <LoginPage />;
}

function AdminOnly() {
  const { user } = useSession();
  return user?.isAdmin ? <Outlet /> : <Navigate to="/v4" replace />;
}

/** The outbox is for admins; to anyone else the address does not exist (docs/domain.md R1). */
function AdminsOrNotFound({ children }: { children: ReactNode }) {
  const { user } = useSession();
  return user?.isAdmin ? children : <NotFoundPage />;
}

/** `/`: the News Feed inside the shell for members; for visitors, the public page saying what Marquee is. */
function HomeOrLanding() {
  const { user } = useSession();
  return user ? <AppLayout /> : <LandingPage />;
}

/** Pages anyone may read: inside the shell when signed in, in the public frame otherwise. */
function OpenToAll() {
  const { user } = useSession();
  return user ? <AppLayout /> : <PublicLayout />;
}

/** Log in and sign-up are for visitors; a signed-in member goes on to the News Feed. */
function VisitorsOnly({ children }: { children: ReactNode }) {
  const { user } = useSession();
  return user ? <Navigate to="/home" replace /> : children;
}

/** /r/{userId}: remember who referred the visitor, then show the sign-up. */
function ReferralSignup() {
  const { userId = '' } = useParams();
  useEffect(() => rememberReferrer(userId), [userId]);
  return <SignupPage />;
}

export function AppRoutes() {
  return (
    <Routes>
      {publicRoutes(
        '/login',
        <VisitorsOnly>
          <LoginPage />
        </VisitorsOnly>,
      )}
      {publicRoutes(
        '/signup',
        <VisitorsOnly>
          <SignupPage />
        </VisitorsOnly>,
      )}
      {publicRoutes(
        '/r/:userId',
        <VisitorsOnly>
          <ReferralSignup />
        </VisitorsOnly>,
      )}
      {publicRoutes('/reset-password', <ResetPasswordPage />)}
      {publicRoutes('/confirm-email', <ConfirmEmailPage />)}
      {publicRoutes('/logout', <LogoutPage />)}

      <Route element={<HomeOrLanding />}>
        {bothForms('/').map((form) => (
          <Route key={form} path={form} element={<StartPage />} />
        ))}
      </Route>

      <Route element={<OpenToAll />}>
        {publicRoutes(
          '/dev/mail',
          <AdminsOrNotFound>
            <OutboxPage />
          </AdminsOrNotFound>,
        )}
        {publicRoutes('/privacy', <PrivacyPage />)}
        {publicRoutes('/terms', <TermsPage />)}
        {publicRoutes('/managed/unsubscribe', <ManagedUnsubscribePage />)}
        <Route path="*" element={<NotFoundPage />} />
      </Route>

      <Route element={<MembersOnly />}>
        {pageRoutes(MEMBER_PAGES)}
        {/* The Pro extension's own page (spec 1 §2): a /v5 address, the one the extension opens. */}
        <Route path="/v5/pro" element={<ProExtensionPage />} />
        <Route element={<AdminOnly />}>{pageRoutes(ADMIN_PAGES)}</Route>
      </Route>
    </Routes>
  );
}
