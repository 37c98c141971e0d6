/**
 * A small local hint of who was last seen in this browser, so the public pages
 * (landing, login) can redirect or point their buttons without loading Firebase.
 * It is only a hint: the protected area checks the real user and corrects it.
 *
 * - 'accepted': signed in and has accepted both privacy and terms.
 * - 'signed-in': signed in, consent still open.
 */
export type SessionHint = 'accepted' | 'signed-in';

const KEY = 'brainboard.session-hint';

export function readSessionHint(): SessionHint | null {
  try {
    const value = window.localStorage.getItem(KEY);
    return value === 'accepted' || value === 'signed-in' ? value : null;
  } catch {
    return null;
  }
}

/** Remember the hint, or forget it with null (logout, sign-out, no user). */
export function writeSessionHint(hint: SessionHint | null): void {
  try {
    if (hint) window.localStorage.setItem(KEY, hint);
    else window.localStorage.removeItem(KEY);
  } catch {
    // Private mode without storage: the public pages simply do not redirect.
  }
}
