import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { deleteGoogleGrant } from '../auth/grant.ts';
import { deleteUserFiles } from '../files/records.ts';
import { deleteFeed } from '../calendarFeed/store.ts';
import { pushUsers } from '../reminderSchedule/deviceList.ts';
import { DELETING_FIELD } from '../profile/liveAccount.ts';
import { profileRef } from '../profile/profile.ts';
import { deleteSharesOf } from '../shares/store.ts';

/** The student's calendar feeds (their links are credentials to the school's calendar). */
async function deleteFeedsOf(db: Firestore, uid: string): Promise<void> {
  const snap = await db.collection('lms_feeds').where('uid', '==', uid).get();
  await Promise.all(snap.docs.map((d) => d.ref.delete()));
}

/**
 * Deletes everything the user owns: every document under `users/{uid}` at any depth
 * (assignments, chats, file records, reminder schedule, tokens, whatever a feature adds), the
 * stored files, the Google grant, the school feeds, the supporter links (the supporters' views
 * end), the profile and the Auth account. Only the consent log stays (kept 6 years by the legal
 * terms). The one routine of "Delete Account" and of a deletion in the Firebase console (the
 * Auth trigger in index.ts, which finds the Auth account already gone); running it twice is
 * harmless.
 *
 * Another device may be writing meanwhile. The profile is flagged first, and every create under
 * the user checks the flag in its transaction, so nothing new starts; then everything is swept.
 * Once the Auth account is gone no request gets past sign-in, and a last sweep removes what a
 * request that was already past it wrote.
 */
export async function deleteAccount(auth: Auth, db: Firestore, uid: string): Promise<void> {
  const profile = profileRef(db, uid);
  if ((await profile.get()).exists) await profile.update({ [DELETING_FIELD]: true });
  // Revoke the Google grant at Google before its encrypted copy goes.
  await deleteGoogleGrant(db, uid);
  // Stored PDF bytes live outside Firestore (local folder or bucket).
  await deleteUserFiles(db, uid);
  // Top-level lookups that point at the student: the feed link and the reminder list.
  await deleteFeed(db, uid);
  await pushUsers(db).doc(uid).delete();
  await deleteSharesOf(db, uid);
  await db.recursiveDelete(profile);
  await deleteFeedsOf(db, uid);
  try {
    await auth.deleteUser(uid);
  } catch (err) {
    if ((err as { code?: string }).code !== 'auth/user-not-found') throw err;
  }
  await db.recursiveDelete(profile);
}
