import type { Firestore } from 'firebase-admin/firestore';
import { assignmentsOf, type AssignmentDoc } from '../assignments/store.ts';
import { pushUsers, readSubscriptions, removeSubscription } from '../push/subscriptions.ts';
import { profileRef } from '../users/profile.ts';
import { profileZone, type ReminderStore } from './dispatcher.ts';

const deliveriesOf = (db: Firestore, uid: string) =>
  db.collection('users').doc(uid).collection('reminder_deliveries');
export const snoozesOf = (db: Firestore, uid: string) =>
  db.collection('users').doc(uid).collection('reminder_snoozes');

/**
 * Notification buttons already used: `{useId}` (actionToken.ts) -> { action, assignment_id,
 * used_at, expires_at }. Kept until the token expires; `expires_at` is the field of a Firestore
 * TTL policy on the collection group (firestore.indexes.json), which deletes them afterwards.
 */
export const actionUsesOf = (db: Firestore, uid: string) =>
  db.collection('users').doc(uid).collection('reminder_action_uses');

/** Firestore's answer to create() of a document that exists. */
export function isAlreadyExists(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return code === 6 || code === 'already-exists' || code === 'ALREADY_EXISTS';
}

/** The dispatcher's data in Firestore; a claim is a `create()`, which fails if it exists. */
export function firestoreReminderStore(db: Firestore): ReminderStore {
  return {
    async users() {
      const snap = await pushUsers(db).get();
      return snap.docs.map((d) => d.id);
    },
    async profile(uid) {
      const snap = await profileRef(db, uid).get();
      const defaults = snap.get('reminder_defaults') as unknown;
      return {
        defaults: Array.isArray(defaults) ? (defaults as number[]) : null,
        zone: profileZone(snap.get('time_zone')),
      };
    },
    async assignments(uid) {
      const snap = await assignmentsOf(db, uid).get();
      return snap.docs.map((d) => {
        const a = d.data() as Partial<AssignmentDoc>;
        return {
          id: d.id,
          title: a.title ?? '',
          due_date: a.due_date ?? '',
          status: a.status ?? 'new',
          reminders: Array.isArray(a.reminders) ? a.reminders : null,
          created_at: typeof a.created_at === 'string' ? a.created_at : '',
        };
      });
    },
    async snoozes(uid) {
      const snap = await snoozesOf(db, uid).get();
      return snap.docs.flatMap((d) => {
        const at = Date.parse(String(d.get('fire_at') ?? ''));
        return Number.isNaN(at) ? [] : [{ assignmentId: d.id, fireAt: new Date(at) }];
      });
    },
    devices: (uid) => readSubscriptions(db, uid),
    async claim(uid, id, record) {
      try {
        await deliveriesOf(db, uid).doc(id).create(record);
        return true;
      } catch (err) {
        if (isAlreadyExists(err)) return false;
        throw err;
      }
    },
    async release(uid, id) {
      await deliveriesOf(db, uid).doc(id).delete();
    },
    removeDevice: (uid, id) => removeSubscription(db, uid, id),
  };
}
