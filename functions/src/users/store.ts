import type { Firestore } from 'firebase-admin/firestore';
import { profileRef } from '../profile/profile.ts';
import { saveReminderSettings } from '../reminderSchedule/schedule.ts';

/** Consent logs are kept 6 years (docs/product.md, Constants). */
const CONSENT_LOG_YEARS = 6;

/** Top-level, server-only: no client rule reaches it, and account deletion keeps it. */
const consentLogs = (db: Firestore) => db.collection('consent_logs');

/**
 * Saves the profile fields a student changed. The reminder defaults and the zone move the
 * student's reminders with them (their schedule entries, in the same writes).
 */
export async function updateProfile(
  db: Firestore,
  uid: string,
  changes: Record<string, unknown>,
  now: Date,
): Promise<void> {
  if ('reminder_defaults' in changes || 'time_zone' in changes) {
    await saveReminderSettings(db, uid, changes, now);
  } else {
    await profileRef(db, uid).update(changes);
  }
}

/**
 * Records that the student accepted the privacy notice and the terms at `now`: on the profile,
 * and in a consent log kept for CONSENT_LOG_YEARS, written together.
 */
export async function recordAcceptance(
  db: Firestore,
  who: { uid: string; email: string | null; userAgent: string },
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  const expires = new Date(now);
  expires.setFullYear(expires.getFullYear() + CONSENT_LOG_YEARS);
  const batch = db.batch();
  batch.update(profileRef(db, who.uid), { privacy_accepted_at: at, tos_accepted_at: at });
  batch.create(consentLogs(db).doc(), {
    uid: who.uid,
    email: who.email,
    privacy_accepted_at: at,
    tos_accepted_at: at,
    user_agent: who.userAgent.slice(0, 300),
    created_at: at,
    expires_at: expires.toISOString(),
  });
  await batch.commit();
}
