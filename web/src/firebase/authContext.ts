import type { User } from 'firebase/auth';
import { createContext, useContext } from 'react';

/**
 * Who is signed in. While Firebase Auth loads (its code is fetched after the board's first
 * frame), `remembered` is the student last signed in on this browser with both accepted, whose
 * board can already show from this browser's copy; Auth's answer then confirms or replaces it.
 */
export type AuthState =
  | { status: 'loading'; user: undefined; remembered: string | null }
  /** Auth's code could not be fetched (offline on a first visit, or replaced by a release). */
  | { status: 'failed'; user: undefined; remembered: string | null }
  | { status: 'ready'; user: User | null };

export const AuthContext = createContext<{ state: AuthState } | null>(null);

function useAuthContext() {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuthState must be used inside <AuthProvider>.');
  return value;
}

/** The signed-in user: `loading` until Firebase knows, then the user or null. */
export function useAuthState(): AuthState {
  return useAuthContext().state;
}

/** The student whose data to show: Auth's user, or the remembered one until Auth answers. */
export function useUid(): string | null {
  const state = useAuthState();
  return state.status === 'ready' ? (state.user?.uid ?? null) : state.remembered;
}
