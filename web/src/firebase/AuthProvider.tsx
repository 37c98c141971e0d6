import { onAuthStateChanged, type Auth } from 'firebase/auth';
import { useEffect, useState, type ReactNode } from 'react';
import { AuthContext, type AuthState } from './authContext.ts';

/**
 * Hands the Auth instance from firebase.ts to the tree and follows the
 * signed-in user. (reactfire's AuthProvider does the same, but its bundle
 * pulls in every Firebase SDK, which the dashboard's size budget cannot carry.)
 */
export function AuthProvider({ auth, children }: { auth: Auth; children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: 'loading', user: undefined });
  useEffect(() => onAuthStateChanged(auth, (user) => setState({ status: 'ready', user })), [auth]);
  return <AuthContext.Provider value={{ auth, state }}>{children}</AuthContext.Provider>;
}
