import { signOut } from 'firebase/auth';
import { clearPerUserStorage, writeSessionHint } from '../data/storage.ts';
import { api } from '../data/api.ts';
import { loadAuth } from '../firebase/loadAuth.ts';

/** Forgets the writes kept on this device for want of a connection (IndexedDB, every user). */
async function forgetWaitingWrites(): Promise<void> {
  try {
    const { forgetAllWaiting } = await import('../data/outbox/offlineQueue.ts');
    await forgetAllWaiting();
  } catch (err) {
    console.error('Brainboard: could not forget the changes kept on this device.', err);
  }
}

/**
 * Ends the session in this browser after logout or account deletion, in an order a reload
 * cannot overtake: forget every per-user copy in storage (board, session hint, Focus Mode's
 * cache and timer, the changes waiting to be sent), wait until Firebase has signed out (its
 * stored user is gone), forget again anything written meanwhile, drop the API client's
 * session, and only then go to `/`.
 */
export async function leaveApp(navigate: (to: string) => void): Promise<void> {
  writeSessionHint(null);
  clearPerUserStorage();
  await forgetWaitingWrites();
  try {
    await signOut(await loadAuth());
  } catch (err) {
    console.error('Brainboard: Firebase sign-out failed.', err);
  }
  clearPerUserStorage();
  api.clearSession();
  navigate('/');
}
