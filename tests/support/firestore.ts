import { getServices } from '../../functions/src/firebase.ts';

/**
 * Admin access to the stack's Firestore and Auth, to read back what the API
 * stored (the global setup points this process at the emulators).
 */
export function admin() {
  process.env.GCLOUD_PROJECT ??= 'demo-brainboard';
  process.env.FIREBASE_AUTH_EMULATOR_HOST ??= '127.0.0.1:9099';
  process.env.FIRESTORE_EMULATOR_HOST ??= '127.0.0.1:8080';
  return getServices();
}
