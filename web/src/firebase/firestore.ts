import {
  connectFirestoreEmulator,
  initializeFirestore,
  persistentLocalCache,
  persistentMultipleTabManager,
  type Firestore,
} from 'firebase/firestore';
import { config, USE_EMULATORS } from '../config.ts';
import { firebaseApp } from './firebase.ts';

let db: Firestore | null = null;

/**
 * Firestore for live updates, or null where the browser cannot reach it
 * (the lite local stack: docs/decisions/0003-lite-mode.md). Loaded on demand by the board only.
 */
export function liveFirestore(): Firestore | null {
  if (!config.firestoreLive) return null;
  if (!db) {
    // The persistent cache keeps this device's copy in IndexedDB, shared by every open tab.
    db = initializeFirestore(firebaseApp, {
      localCache: persistentLocalCache({ tabManager: persistentMultipleTabManager() }),
    });
    if (USE_EMULATORS) {
      const emulatorHost = import.meta.env.VITE_FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080';
      const [host, port] = emulatorHost.split(':');
      connectFirestoreEmulator(db, host ?? '127.0.0.1', Number(port ?? 8080));
    }
  }
  return db;
}
