import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import { hasAcceptedBoth } from '../consent/hasAccepted.ts';
import { ChunkLoadError } from '../loading/chunk.ts';
import { PageSkeleton } from '../loading/PageSkeleton.tsx';
import { useAuthState, useUid } from '../firebase/authContext.ts';
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
    if (user) writeSessionHint(hasAcceptedBoth(user) ? 'accepted' : 'signed-in', user.id);
  }, [user]);
  return null;
}

/**
 * The guard of every protected path: the board's skeleton while the user is unknown, /login
 * without a user, otherwise the session and the page. While Auth loads, a student remembered
 * here is shown their page from this browser's copy; Auth's answer then keeps it (the same id),
 * starts clean (another id) or goes to /login (no user).
 */
export function Protected({ children }: { children: ReactNode }) {
  const state = useAuthState();
  const uid = useUid();
  if (!uid) {
    // Auth's code did not arrive and nobody is remembered here: the ChunkBoundary's "Try again".
    // With a remembered student the page stays up and its calls wait, as offline.
    if (state.status === 'failed') throw new ChunkLoadError('Firebase Auth');
    return state.status === 'loading' ? <PageSkeleton board /> : <ToLogin />;
  }
  return (
    <SessionProvider key={uid} uid={uid}>
      <SessionHintSync />
      {children}
    </SessionProvider>
  );
}
