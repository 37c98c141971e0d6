import type { Auth, User } from 'firebase/auth';
import { createContext, useContext } from 'react';

export type AuthState =
  { status: 'loading'; user: undefined } | { status: 'ready'; user: User | null };

export const AuthContext = createContext<{ auth: Auth; state: AuthState } | null>(null);

function useAuthContext() {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuthState must be used inside <AuthProvider>.');
  return value;
}

/** The signed-in user: `loading` until Firebase knows, then the user or null. */
export function useAuthState(): AuthState {
  return useAuthContext().state;
}

export function useAuth(): Auth {
  return useAuthContext().auth;
}
