import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
  type User,
} from 'firebase/auth';
import { config, USE_EMULATORS } from '../config.ts';

/**
 * The one module that initialises Firebase. It runs once, when first
 * imported; emulators are connected here and nowhere else. Landing, login and
 * legal pages never import it, so they load no Firebase code.
 */
export const firebaseApp = initializeApp(config.firebase);

/**
 * Auth keeps the signed-in user as `getAuth` would (IndexedDB, else localStorage), but without
 * a popup/redirect resolver: with one, every page start loads Google's iframe script
 * (apis.google.com) to look for a pending redirect. Only the Google sign-in page needs it, and
 * it passes `browserPopupRedirectResolver` itself.
 */
export const auth = initializeAuth(firebaseApp, {
  persistence: [indexedDBLocalPersistence, browserLocalPersistence],
});
if (USE_EMULATORS) {
  const url = import.meta.env.VITE_AUTH_EMULATOR_URL ?? 'http://127.0.0.1:9099';
  connectAuthEmulator(auth, url, { disableWarnings: true });
}

/** Calls `listener` with the signed-in user (or null) now and after every change; returns the stop. */
export function watchUser(listener: (user: User | null) => void): () => void {
  return onAuthStateChanged(auth, listener);
}
