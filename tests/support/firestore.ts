import { inject } from 'vitest';
import { getServices } from '../../functions/src/firebase.ts';
import {
  rateCounterPath,
  rateWindowIndex,
  type RateKind,
} from '../../functions/src/http/rateLimit.ts';

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

/**
 * Sets a user's per-minute counter of `kind` to `count`, in the current minute window and the
 * next (a check that starts near a minute's end still finds the counter there). Returns the
 * counter documents' paths.
 */
export async function fillRateWindow(
  uid: string,
  kind: RateKind,
  count: number,
): Promise<string[]> {
  const { db } = admin();
  const now = rateWindowIndex(60, Date.now());
  const paths = [now, now + 1].map((index) => rateCounterPath(uid, kind, 60, index));
  await Promise.all(paths.map((path) => db.doc(path).set({ count, limit: count })));
  return paths;
}
