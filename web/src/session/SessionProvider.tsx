import type { UserProfile } from '@brainboard/domain';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { readUserCache, writeUserCache } from '../data/userCache.ts';
import { api } from '../data/api.ts';
import { SessionContext, type SessionValue } from './sessionContext.ts';

function loadSession(): Promise<UserProfile | null> {
  return api.getSession().catch((err: unknown) => {
    // A session fetch failure sets the user to null (logged).
    console.error('Session fetch failed', err);
    return null;
  });
}

/** The cached copy never holds the CSRF token: the API client fetches it when it needs one. */
const withoutSecrets = (user: UserProfile): UserProfile => ({ ...user, csrf_token: '' });

/**
 * Loads GET /api/session once the Firebase user is known, and shares it. Until the answer
 * comes, a returning student gets this browser's last copy of their profile (not `fresh`), so
 * the board can show at once. Render it with `key={uid}` so a different user starts clean.
 */
export function SessionProvider({ uid, children }: { uid: string; children: ReactNode }) {
  const [state, setState] = useState<{ user: UserProfile | null | undefined; fresh: boolean }>(
    () => ({ user: readUserCache<UserProfile>('session', uid) ?? undefined, fresh: false }),
  );

  useEffect(() => {
    let live = true;
    let latest = 0;
    const load = () => {
      const ask = ++latest;
      const sentOffline = !navigator.onLine;
      api.clearSession();
      void loadSession().then((user) => {
        // Only the latest ask is answered: one sent before the connection returned must not
        // undo the one the returning connection sent.
        if (!live || ask !== latest) return;
        // Asked or answered offline, this device's copy stays until the connection returns and
        // asks again (an ask sent offline may fail only once the browser is back online).
        const offline = sentOffline || !navigator.onLine;
        setState((current) =>
          user === null && offline && current.user ? current : { user, fresh: true },
        );
      });
    };
    load();
    window.addEventListener('online', load);
    return () => {
      live = false;
      window.removeEventListener('online', load);
    };
  }, []);

  // Keep the copy in step with every fresh answer and merged change.
  const { user, fresh } = state;
  useEffect(() => {
    if (fresh && user && user.id === uid) writeUserCache('session', uid, withoutSecrets(user));
  }, [uid, user, fresh]);

  const refresh = useCallback(async () => {
    const next = await loadSession();
    setState({ user: next, fresh: true });
  }, []);

  const mergeUser = useCallback((fields: Partial<UserProfile>) => {
    setState((current) =>
      current.user ? { ...current, user: { ...current.user, ...fields } } : current,
    );
  }, []);

  const value = useMemo<SessionValue>(
    () => ({ user, fresh, refresh, mergeUser }),
    [user, fresh, refresh, mergeUser],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
