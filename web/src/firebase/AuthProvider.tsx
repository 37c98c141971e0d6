import { useEffect, useState, type ReactNode } from 'react';
import { readRememberedUid } from '../data/storage.ts';
import { ChunkLoadError } from '../loading/chunk.ts';
import { AuthContext, type AuthState } from './authContext.ts';
import { loadFirebase } from './loadAuth.ts';

/**
 * Follows the signed-in user and hands it to the tree. Firebase Auth is fetched here, after the
 * first render, so a returning student's board does not wait for it (authContext.ts). (reactfire's
 * AuthProvider does the same, but its bundle pulls in every Firebase SDK, which the dashboard's
 * size budget cannot carry.)
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>(() => ({
    status: 'loading',
    user: undefined,
    remembered: readRememberedUid(),
  }));
  const [failed, setFailed] = useState<ChunkLoadError | null>(null);
  useEffect(() => {
    let stop: (() => void) | null = null;
    let live = true;
    loadFirebase().then(
      ({ watchUser }) => {
        if (!live) return;
        stop = watchUser((user) => setState({ status: 'ready', user }));
      },
      (cause: unknown) => {
        if (live) setFailed(new ChunkLoadError(cause));
      },
    );
    return () => {
      live = false;
      stop?.();
    };
  }, []);
  // Auth's code did not arrive (offline on a first visit, or a newer release replaced it): the
  // ChunkBoundary's "Try again", unless a remembered board can show meanwhile (it then works as
  // offline does, its calls waiting).
  if (failed && state.status === 'loading' && !state.remembered) throw failed;
  return <AuthContext.Provider value={{ state }}>{children}</AuthContext.Provider>;
}
