/**
 * The sign-in flow after `GET /api/auth/google` hands the browser to the web
 * app's `/auth/google` page:
 *
 * 1. No user yet: Firebase `signInWithRedirect` with Google, asking for the
 *    Calendar events scope. Locally that is the Auth emulator's account
 *    chooser; in production Google's.
 * 2. Back on this page: `getRedirectResult` completes the sign-in.
 * 3. The server is asked whether it holds a working offline Google grant
 *    (`POST /api/auth/google/grant`). If not, the browser goes to Google's
 *    consent page once (the stand-in approves at once locally) and Google
 *    returns it through `/api/auth/google/callback` to `/dashboard`.
 * 4. Otherwise straight to `/dashboard`.
 *
 * Written against small seams so it can be tested without Firebase.
 */
import type { GrantAnswer } from '@brainboard/domain';

export const GOOGLE_SIGN_IN_PATH = '/api/auth/google';
export const CALENDAR_SCOPE = 'https://www.googleapis.com/auth/calendar.events';
export const SIGN_IN_INCOMPLETE = 'Sign-in did not finish. Please try again.';
export const SIGN_IN_FAILED = 'Sign-in with Google failed. Please try again.';

export interface SignInSeams {
  /** The user returned by a finished redirect, or null (throws when Google refused). */
  redirectResult(): Promise<{ uid: string } | null>;
  /** The user already signed in on this browser, or null. */
  currentUser(): Promise<{ uid: string } | null>;
  /** Leaves the page for the identity provider. */
  startRedirect(): Promise<void>;
  /** Asks the server about the offline grant. */
  requestGrant(): Promise<GrantAnswer>;
  /** Full-page navigation (to Google's consent page). */
  leaveTo(url: string): void;
  /** In-app navigation to the dashboard. */
  goToDashboard(): void;
  /** Remembers across the redirect that this tab already went to the provider. */
  pending: { get(): boolean; set(value: boolean): void };
}

export type SignInOutcome =
  | { kind: 'redirecting' }
  | { kind: 'granting' }
  | { kind: 'signed-in' }
  | { kind: 'error'; message: string };

function messageOf(err: unknown): string {
  const code = (err as { code?: unknown })?.code;
  if (code === 'auth/network-request-failed') {
    return 'Could not reach the sign-in service. Check your internet connection and try again.';
  }
  if (code === 'auth/user-cancelled' || code === 'auth/web-storage-unsupported') {
    return SIGN_IN_INCOMPLETE;
  }
  return SIGN_IN_FAILED;
}

export async function continueGoogleSignIn(seams: SignInSeams): Promise<SignInOutcome> {
  let user: { uid: string } | null;
  try {
    user = (await seams.redirectResult()) ?? (await seams.currentUser());
  } catch (err) {
    console.error('Brainboard: Google sign-in failed.', err);
    seams.pending.set(false);
    return { kind: 'error', message: messageOf(err) };
  }

  if (!user) {
    if (seams.pending.get()) {
      // We went to the provider and came back without a user: do not loop.
      seams.pending.set(false);
      return { kind: 'error', message: SIGN_IN_INCOMPLETE };
    }
    return startGoogleRedirect(seams);
  }

  seams.pending.set(false);
  try {
    const grant = await seams.requestGrant();
    if (!grant.granted && grant.url) {
      seams.leaveTo(grant.url);
      return { kind: 'granting' };
    }
  } catch (err) {
    // Signing in still worked; calendar saving will say that access is missing.
    console.warn('Brainboard: could not set up calendar access.', err);
  }
  seams.goToDashboard();
  return { kind: 'signed-in' };
}

export async function startGoogleRedirect(
  seams: Pick<SignInSeams, 'startRedirect' | 'pending'>,
): Promise<SignInOutcome> {
  seams.pending.set(true);
  try {
    await seams.startRedirect();
    return { kind: 'redirecting' };
  } catch (err) {
    console.error('Brainboard: could not start Google sign-in.', err);
    seams.pending.set(false);
    return { kind: 'error', message: messageOf(err) };
  }
}
