import { inject } from 'vitest';
import { getServices } from '../../functions/src/firebase.ts';

/**
 * Admin access to the stack's Firestore and Auth, to read back what the API
 * stored (the global setup points this process at the emulators).
 */
export function admin() {
  const stack = inject('stack');
  process.env.GCLOUD_PROJECT ??= 'demo-brainboard';
  process.env.FIREBASE_AUTH_EMULATOR_HOST = new URL(stack.authEmulator).host;
  process.env.FIRESTORE_EMULATOR_HOST = stack.firestoreHost;
  return getServices();
}
