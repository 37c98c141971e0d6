import type { UserProfile } from '@brainboard/domain';
import { createContext, useContext } from 'react';

/**
 * The signed-in user's profile from GET /api/session:
 * undefined while loading, null when the session fetch failed or is not ok.
 */
export interface SessionValue {
  user: UserProfile | null | undefined;
  /**
   * False while `user` is this browser's last copy (userCache), before GET /api/session has
   * answered; decisions made once (What's New) wait for the fresh answer.
   */
  fresh: boolean;
  /** Fetch the session again. */
  refresh(): Promise<void>;
  /** Merge fields answered by the server (e.g. PATCH /api/user `updated`) into the user. */
  mergeUser(fields: Partial<UserProfile>): void;
}

export const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>.');
  return value;
}
