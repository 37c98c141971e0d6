import { signOut, type Auth } from 'firebase/auth';
import { writeSessionHint } from '../app/sessionHint.ts';
import { clearUserCaches } from '../app/userCache.ts';
import { api } from '../firebase/api.ts';

/**
 * Ends the session in this browser after logout or account deletion: forget the
 * public pages' hint and the cached board, go to `/`, sign out of Firebase and drop the API client's
 * cached session. Leaving first means the protected area never flashes /login.
 */
export async function leaveApp(auth: Auth, navigate: (to: string) => void): Promise<void> {
  writeSessionHint(null);
  clearUserCaches();
  navigate('/');
  try {
    await signOut(auth);
  } catch (err) {
    console.error('Brainboard: Firebase sign-out failed.', err);
  }
  api.clearSession();
}
