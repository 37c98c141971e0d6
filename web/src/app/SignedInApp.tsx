import { DashboardPage } from '../dashboard/DashboardPage.tsx';
import { AuthProvider } from '../firebase/AuthProvider.tsx';
import { auth } from '../firebase/firebase.ts';
import { MessageHost } from '../ui/MessageHost.tsx';
import { Protected } from './Protected.tsx';
import { Navigate } from '../router/router.tsx';
import { useLocation } from '../router/routerContext.ts';

function SignedInRoutes() {
  const { pathname } = useLocation();
  if (pathname.replace(/\/+$/, '') === '/dashboard') return <DashboardPage />;
  return <Navigate to="/dashboard" />;
}

/** Signed-in pages (lazy-loaded: all Firebase code lives behind this module). */
export default function SignedInApp() {
  return (
    <>
      <AuthProvider auth={auth}>
        <Protected>
          <SignedInRoutes />
        </Protected>
      </AuthProvider>
      <MessageHost />
    </>
  );
}
