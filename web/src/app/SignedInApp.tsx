import { lazy, Suspense } from 'react';
import { hasAcceptedBoth } from '../consent/hasAccepted.ts';
import { PageSkeleton } from '../loading/PageSkeleton.tsx';
import { useSession } from '../session/sessionContext.ts';
import { readRememberedUid, readStored, STORAGE_KEYS } from '../data/storage.ts';
import { DashboardPage } from '../dashboard/DashboardPage.tsx';
import { AuthProvider } from '../firebase/AuthProvider.tsx';
import { MessageHost } from '../ui/MessageHost.tsx';
import { Protected } from './Protected.tsx';
import { Navigate } from '../router/router.tsx';
import { useLocation } from '../router/routerContext.ts';

// The supporter's pages load on their own, only when opened.
const SupporterApp = lazy(() => import('../shares/SupporterApp.tsx'));

function SignedInRoutes() {
  const { pathname } = useLocation();
  const { user } = useSession();
  const path = pathname.replace(/\/+$/, '');
  const accepted = Boolean(user && hasAcceptedBoth(user));
  // An invitation opened before signing in (or before consent) is taken up once both are done.
  if (accepted && readStored(STORAGE_KEYS.supporterInvite) && !path.startsWith('/supporter/')) {
    return <Navigate to="/supporter/open" />;
  }
  if (accepted && (path.startsWith('/supporter/') || /^\/shared(\/|$)/.test(path))) {
    return (
      <Suspense fallback={<PageSkeleton board={false} />}>
        <SupporterApp />
      </Suspense>
    );
  }
  if (path === '/dashboard' || path.startsWith('/supporter/') || path.startsWith('/shared')) {
    return <DashboardPage />;
  }
  return <Navigate to="/dashboard" />;
}

/** Signed-in pages (lazy-loaded; Firebase's code is fetched after their first frame). */
export default function SignedInApp() {
  return (
    <>
      <AuthProvider remembered={readRememberedUid()}>
        <Protected>
          <SignedInRoutes />
        </Protected>
      </AuthProvider>
      <MessageHost />
    </>
  );
}
