import { FieldPath, type Firestore } from 'firebase-admin/firestore';

/**
 * Sign-ins ended with Logout, by their `auth_time` (seconds), at
 * `users/{uid}/private/signins`. Every ID token of one sign-in carries the same
 * `auth_time`, so recording it refuses that device's tokens, refreshed ones included,
 * while the student's other devices (other sign-ins) stay signed in.
 */
const signinsOf = (db: Firestore, uid: string) =>
  db.collection('users').doc(uid).collection('private').doc('signins');

/** The map key of one sign-in: `t` and its auth_time, a plain identifier in field paths. */
const keyOf = (authTime: number) => `t${Math.trunc(authTime)}`;

export async function endSignIn(
  db: Firestore,
  uid: string,
  authTime: number,
  now = new Date(),
): Promise<void> {
  await signinsOf(db, uid).set({ ended: { [keyOf(authTime)]: now } }, { merge: true });
}

export async function signInEnded(db: Firestore, uid: string, authTime: number): Promise<boolean> {
  const snap = await signinsOf(db, uid).get();
  return snap.exists && snap.get(new FieldPath('ended', keyOf(authTime))) !== undefined;
}
