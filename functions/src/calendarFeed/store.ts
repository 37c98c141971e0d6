import { createHash, randomBytes } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { profileRef } from '../profile/profile.ts';
import { profileReminders } from '../reminderSchedule/schedule.ts';

/**
 * A feed link carries 256 random bits. The token is kept only on the server: in the student's
 * server-only `private/calendar_feed`, and as its SHA-256 in `calendar_feeds/{hash}` → uid, the
 * lookup of the public feed URL.
 */
const feedLookups = (db: Firestore) => db.collection('calendar_feeds');
const feedRecord = (db: Firestore, uid: string) =>
  db.collection('users').doc(uid).collection('private').doc('calendar_feed');

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

/** What names one link among a student's links (its rate-limit counters): a hash prefix. */
export const linkKey = (token: string) => hashToken(token).slice(0, 32);

/** The student's feed token, made on first use. */
export async function feedTokenOf(db: Firestore, uid: string, now: Date): Promise<string> {
  const existing = (await feedRecord(db, uid).get()).get('token') as unknown;
  if (typeof existing === 'string' && existing) return existing;
  return rotateFeedToken(db, uid, now);
}

/** A new token; the old one stops working in the same write. */
export async function rotateFeedToken(db: Firestore, uid: string, now: Date): Promise<string> {
  const ref = feedRecord(db, uid);
  const token = newToken();
  await db.runTransaction(async (tx) => {
    const old = (await tx.get(ref)).get('token') as unknown;
    if (typeof old === 'string' && old) tx.delete(feedLookups(db).doc(hashToken(old)));
    tx.set(feedLookups(db).doc(hashToken(token)), { uid, created_at: now.toISOString() });
    tx.set(ref, { token, created_at: now.toISOString() });
  });
  return token;
}

/** The owner of a feed token, or null. */
export async function feedOwner(db: Firestore, token: string): Promise<string | null> {
  const uid = (await feedLookups(db).doc(hashToken(token)).get()).get('uid') as unknown;
  return typeof uid === 'string' ? uid : null;
}

/** Removes the student's feed link (account deletion). */
export async function deleteFeed(db: Firestore, uid: string): Promise<void> {
  const old = (await feedRecord(db, uid).get()).get('token') as unknown;
  if (typeof old === 'string' && old) await feedLookups(db).doc(hashToken(old)).delete();
}

/** The student's reminder defaults and zone, which the feed's alarms and times follow. */
export async function reminderSettingsOf(db: Firestore, uid: string) {
  return profileReminders(await profileRef(db, uid).get());
}
