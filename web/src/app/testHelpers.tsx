import { APP_VERSION, type UserProfile } from '@brainboard/domain';
import { render } from '@testing-library/react';
import type { Auth, User } from 'firebase/auth';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { AuthContext, type AuthState } from '../firebase/authContext.ts';
import { SessionContext, type SessionValue } from '../session/sessionContext.ts';
import { Router } from '../router/router.tsx';

/** A signed-in profile as GET /api/session answers it. */
export function makeUser(fields: Partial<UserProfile> = {}): UserProfile {
  return {
    id: 'u1',
    email: 'student@example.com',
    name: 'Student',
    csrf_token: 'csrf',
    ai_help_enabled: false,
    ai_deep_dive_enabled: false,
    privacy_accepted_at: '2026-11-01T10:00:00.000Z',
    tos_accepted_at: '2026-11-01T10:00:00.000Z',
    last_used_version: APP_VERSION,
    last_whats_new_version: APP_VERSION,
    ...fields,
  };
}

/** Sets the browser location before rendering (the Router reads it). */
export function at(path: string): void {
  window.history.replaceState(null, '', path);
}

export const fakeAuth = { name: 'fake-auth' } as unknown as Auth;

/** Renders inside Router, an Auth context and (when given) a session context. */
export function renderInApp(
  ui: ReactNode,
  opts: {
    auth?: AuthState;
    session?: Partial<SessionValue> & { user: SessionValue['user'] };
  } = {},
) {
  const auth: AuthState = opts.auth ?? {
    status: 'ready',
    user: { uid: 'u1' } as unknown as User,
  };
  const session: SessionValue | null = opts.session
    ? { fresh: true, refresh: vi.fn(async () => {}), mergeUser: vi.fn(), ...opts.session }
    : null;
  const inner = session ? (
    <SessionContext.Provider value={session}>{ui}</SessionContext.Provider>
  ) : (
    ui
  );
  return { ...render(withAuth(inner, auth)), session };
}

/** `ui` inside Router and an Auth context of `state` (for a rerender with another state). */
export function withAuth(ui: ReactNode, state: AuthState) {
  return (
    <Router>
      <AuthContext.Provider value={{ state }}>{ui}</AuthContext.Provider>
    </Router>
  );
}
