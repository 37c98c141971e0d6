import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { deleteGoogleGrant } from '../auth/grant.ts';
import { deleteUserFiles } from '../files/records.ts';
import { deleteFeed } from '../calendarFeed/store.ts';
import { pushUsers } from '../push/subscriptions.ts';
import { profileRef } from './profile.ts';

/**
 * Everything a user owns lives under `users/{uid}`, in these collections.
 * The lite Firestore cannot list collections or recursively delete, so they
 * are named here: a feature that adds one adds it to this list.
 */
export const USER_SUBCOLLECTIONS = [
  'assignments',
  'chats',
  'files',
  'private',
  'focus_days',
  'push_subscriptions',
  'reminder_deliveries',
  'reminder_snoozes',
] as const;

async function deleteCollection(db: Firestore, path: string): Promise<number> {
  let deleted = 0;
  for (;;) {
    const snap = await db.collection(path).limit(300).get();
    if (snap.empty) return deleted;
    const batch = db.batch();
    for (const doc of snap.docs) batch.delete(doc.ref);
    await batch.commit();
    deleted += snap.size;
  }
}

/**
 * Deletes everything the user owns (issue 3): every assignment, chat, file
 * record and stored file, server-side tokens, the profile, and the Auth
 * account. Only the consent log stays (kept 6 years by the legal terms).
 */
export async function deleteAccount(auth: Auth, db: Firestore, uid: string): Promise<void> {
  // Revoke the Google grant at Google before its encrypted copy goes.
  await deleteGoogleGrant(db, uid);
  // Stored PDF bytes live outside Firestore (local folder or bucket).
  await deleteUserFiles(db, uid);
  // Top-level lookups that point at the student: the feed link and the reminder list.
  await deleteFeed(db, uid);
  await pushUsers(db).doc(uid).delete();
  for (const name of USER_SUBCOLLECTIONS) await deleteCollection(db, `users/${uid}/${name}`);
  await profileRef(db, uid).delete();
  try {
    await auth.deleteUser(uid);
  } catch (err) {
    if ((err as { code?: string }).code !== 'auth/user-not-found') throw err;
  }
}
