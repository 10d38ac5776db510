import { Suspense, useEffect, useState } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { ToastContainer } from 'react-toastify';
import { Preloader } from '../ui/Preloader';
import { setApiNavigator } from './api';
import { createQueryClient } from './queryClient';
import { AppRoutes } from './routes';
import { ScrollToTop } from './ScrollToTop';
import { SessionProvider, useSession } from './session';
import { StorageDisabledScreen } from './screens/StorageDisabledScreen';
import { UnreachableScreen } from './screens/UnreachableScreen';
import { VersionUpdateScreen } from './screens/VersionUpdateScreen';
import { isLocalStorageUsable } from './storage';

/** App start (spec 4 §4): storage check, then the token check, then the app, the login screen or the update screen. */
export function App() {
  const [storageUsable] = useState(isLocalStorageUsable);
  const [queryClient] = useState(createQueryClient);
  if (!storageUsable) return <StorageDisabledScreen />;

  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <BrowserRouter>
          <ApiNavigator />
          <ScrollToTop />
          <SessionScreens />
        </BrowserRouter>
      </SessionProvider>
      <ToastContainer position="top-right" newestOnTop theme="light" />
    </QueryClientProvider>
  );
}

function SessionScreens() {
  const { phase, recheck } = useSession();
  switch (phase.kind) {
    case 'checking':
      return <Preloader />;
    case 'versionError':
      return <VersionUpdateScreen userVersion={phase.userVersion} correctVersion={phase.correctVersion} />;
    case 'unreachable':
      return <UnreachableScreen onRetry={recheck} />;
    default:
      return (
        <Suspense fallback={<Preloader />}>
          <AppRoutes />
        </Suspense>
      );
  }
}

/** Lets the API client move within the app (a 'not_admin' answer goes to /v4, spec 4 §6). */
function ApiNavigator() {
  const navigate = useNavigate();
  useEffect(() => setApiNavigator((path) => void navigate(path)), [navigate]);
  return null;
}
