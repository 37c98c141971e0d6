import { useEffect, useState, type ReactNode } from 'react';
import { AuthContext, type AuthState } from './authContext.ts';
import { loadFirebase } from './loadAuth.ts';

/**
 * Follows the signed-in user and hands it to the tree. Firebase Auth is fetched here, after the
 * first render, so a returning student's board does not wait for it (authContext.ts):
 * `remembered` is the student last signed in on this browser with both accepted, shown until Auth
 * answers. (reactfire's AuthProvider does the same, but its bundle pulls in every Firebase SDK,
 * which the dashboard's size budget cannot carry.)
 */
export function AuthProvider({
  remembered,
  children,
}: {
  remembered: string | null;
  children: ReactNode;
}) {
  const [state, setState] = useState<AuthState>({ status: 'loading', user: undefined, remembered });
  useEffect(() => {
    let stop: (() => void) | null = null;
    let live = true;
    loadFirebase().then(
      ({ watchUser }) => {
        if (!live) return;
        stop = watchUser((user) => setState({ status: 'ready', user }));
      },
      (err: unknown) => {
        console.error('Brainboard: Firebase Auth could not be loaded.', err);
        if (live) setState((s) => (s.status === 'ready' ? s : { ...s, status: 'failed' }));
      },
    );
    return () => {
      live = false;
      stop?.();
    };
  }, []);
  return <AuthContext.Provider value={{ state }}>{children}</AuthContext.Provider>;
}
