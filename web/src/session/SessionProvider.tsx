import type { UserProfile } from '@brainboard/domain';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { api } from '../firebase/api.ts';
import { SessionContext, type SessionValue } from './sessionContext.ts';

function loadSession(): Promise<UserProfile | null> {
  return api.getSession().catch((err: unknown) => {
    // SPEC §8: a session fetch failure sets the user to null (logged).
    console.error('Session fetch failed', err);
    return null;
  });
}

/**
 * Loads GET /api/session once the Firebase user is known, and shares it.
 * Render it with `key={uid}` so a different user starts from a clean slate.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<UserProfile | null | undefined>(undefined);

  useEffect(() => {
    let live = true;
    api.clearSession();
    void loadSession().then((next) => {
      if (live) setUser(next);
    });
    return () => {
      live = false;
    };
  }, []);

  const refresh = useCallback(async () => {
    setUser(await loadSession());
  }, []);

  const mergeUser = useCallback((fields: Partial<UserProfile>) => {
    setUser((current) => (current ? { ...current, ...fields } : current));
  }, []);

  const value = useMemo<SessionValue>(
    () => ({ user, refresh, mergeUser }),
    [user, refresh, mergeUser],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
