import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import { hasAcceptedBoth } from '../consent/hasAccepted.ts';
import { PageSkeleton } from '../loading/PageSkeleton.tsx';
import { useAuthState } from '../firebase/authContext.ts';
import { SessionProvider } from '../session/SessionProvider.tsx';
import { useSession } from '../session/sessionContext.ts';
import { useNavigate } from '../router/routerContext.ts';
import { writeSessionHint } from '../data/storage.ts';
import { clearUserCaches } from '../data/userCache.ts';

/**
 * No user: forget the public pages' hint first (else /login would bounce back) and what this
 * browser cached of anyone's board, then go.
 */
function ToLogin() {
  const navigate = useNavigate();
  useLayoutEffect(() => {
    writeSessionHint(null);
    clearUserCaches();
    navigate('/login', { replace: true });
  }, [navigate]);
  return null;
}

/** Keeps the public pages' hint in step with the real session. */
function SessionHintSync() {
  const { user } = useSession();
  useEffect(() => {
    if (user) writeSessionHint(hasAcceptedBoth(user) ? 'accepted' : 'signed-in');
  }, [user]);
  return null;
}

/**
 * The guard of every protected path: the board's skeleton while the user is unknown, /login
 * without a user, otherwise the session and the page.
 */
export function Protected({ children }: { children: ReactNode }) {
  const state = useAuthState();
  if (state.status === 'loading') return <PageSkeleton board />;
  if (!state.user) return <ToLogin />;
  return (
    <SessionProvider key={state.user.uid} uid={state.user.uid}>
      <SessionHintSync />
      {children}
    </SessionProvider>
  );
}
