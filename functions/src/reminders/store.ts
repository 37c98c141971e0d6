import { Timestamp, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { planChange } from '../assignments/change.ts';
import { readInTransaction } from '../assignments/store.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { requireLiveAccount } from '../profile/liveAccount.ts';
import { readForSchedule, type ScheduleEntry } from '../reminderSchedule/schedule.ts';
import type { VerifiedAction } from './actionToken.ts';
import type { DeviceCopy } from '../reminderSchedule/deviceList.ts';
import { removeSubscription } from '../push/subscriptions.ts';
import type { ReminderStore, ScheduledReminder } from './dispatcher.ts';

const deliveriesOf = (db: Firestore, uid: string) =>
  db.collection('users').doc(uid).collection('reminder_deliveries');

/**
 * Notification buttons already used: `{useId}` (actionToken.ts) -> { action, assignment_id,
 * used_at, expires_at }. Kept until the token expires; `expires_at` is the field of a Firestore
 * TTL policy on the collection group (firestore.indexes.json), which deletes them afterwards.
 */
const actionUsesOf = (db: Firestore, uid: string) =>
  db.collection('users').doc(uid).collection('reminder_action_uses');

/** Firestore's answer to create() of a document that exists. */
function isAlreadyExists(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return code === 6 || code === 'already-exists' || code === 'ALREADY_EXISTS';
}

const CARD_NOT_FOUND = 'That assignment does not exist.';
const ACTION_USED =
  'This notification button was already used. Open Brainboard to see the assignment.';

/**
 * Does what a notification's button asks (its verified token), once: Snooze makes `fireAt` the
 * card's next reminder (its schedule entry), Done moves the card to Done the way the board does
 * (planChange: completed_date, a repeating card's next card), focus only records the use.
 *
 * One transaction reads the card and the token's use record, then writes the action and the
 * record (a create): a token pressed on two devices at once acts once, and a token whose action
 * was not saved can be pressed again. A used token answers 410, a card that is gone (or was
 * deleted and created again with the same id) 404.
 */
export async function useReminderAction(
  db: Firestore,
  claims: VerifiedAction,
  now: Date,
  fireAt: Date,
): Promise<void> {
  const { uid, assignmentId, action } = claims;
  const use = actionUsesOf(db, uid).doc(claims.useId);
  try {
    await db.runTransaction(async (tx) => {
      const doc = await readInTransaction(tx, db, uid, assignmentId);
      // A card deleted and created again with the same id is another card.
      const card = typeof doc?.created_at === 'string' ? doc.created_at : '';
      if (!doc || card !== claims.card) throw notFound(CARD_NOT_FOUND);
      if ((await tx.get(use)).exists) throw new HttpError(410, ACTION_USED);
      // The use record (and a snooze) are new documents under the user.
      await requireLiveAccount(tx, db, uid);
      const done =
        action === 'done' && doc.status !== 'done'
          ? await planChange(tx, db, uid, doc, { id: assignmentId, status: 'done' }, now)
          : null;
      const schedule =
        action === 'snooze' ? await readForSchedule(tx, db, uid, [assignmentId]) : null;
      tx.create(use, {
        action,
        assignment_id: assignmentId,
        used_at: now.toISOString(),
        expires_at: new Date(claims.exp),
      });
      // The snooze is the card's next reminder (its schedule entry), until it fires.
      schedule?.write(tx, assignmentId, doc, now, fireAt);
      done?.(tx);
    });
  } catch (err) {
    // Another press of the same token saved first (where Firestore reports the create rather
    // than retrying the transaction).
    if (isAlreadyExists(err) && (await use.get()).exists) throw new HttpError(410, ACTION_USED);
    throw err;
  }
}

const NOT_FOUND = 5;
const FAILED_PRECONDITION = 9;

const isDevice = (d: unknown): d is DeviceCopy => {
  const c = d as Partial<DeviceCopy> | null;
  return (
    typeof c?.id === 'string' &&
    typeof c.endpoint === 'string' &&
    typeof c.keys?.p256dh === 'string' &&
    typeof c.keys.auth === 'string'
  );
};

/** A stored entry as the dispatcher takes it; null for one that is not a student's. */
function scheduledFrom(snap: DocumentSnapshot): ScheduledReminder | null {
  const owner = snap.ref.parent.parent;
  if (owner?.parent.id !== 'users') return null;
  const e = snap.data() as Partial<ScheduleEntry>;
  if (!(e.fire_at instanceof Timestamp) || typeof e.fire_key !== 'string') return null;
  return {
    uid: owner.id,
    // A planned session's entry names its assignment; an assignment's entry is keyed by it.
    assignmentId:
      typeof e.assignment_id === 'string' && e.assignment_id ? e.assignment_id : snap.id,
    title: e.title ?? '',
    due_date: e.due_date ?? '',
    zone: e.zone ?? 'UTC',
    card: e.card ?? '',
    minutes: Array.isArray(e.minutes) ? e.minutes : [],
    snoozeAt: e.snooze_at instanceof Timestamp ? e.snooze_at.toDate() : null,
    fireAt: e.fire_at.toDate(),
    fireKey: e.fire_key,
    devices: Array.isArray(e.devices) ? e.devices.filter(isDevice) : [],
    text: typeof e.text === 'string' ? e.text : undefined,
  };
}

/**
 * The dispatcher's data in Firestore: one collection-group query over the schedule for what
 * is due (indexed on `fire_at`, firestore.indexes.json), each entry with its copy of the
 * student's devices, so nothing else is read; a claim is a `create()`, which fails if
 * it exists; moving an entry on is an update with a precondition on the entry's last update,
 * so a student's write that came between wins and nothing is read again.
 */
export function firestoreReminderStore(db: Firestore): ReminderStore {
  const read = new WeakMap<ScheduledReminder, DocumentSnapshot>();
  return {
    async due(now, limit) {
      const snap = await db
        .collectionGroup('reminder_schedule')
        .where('fire_at', '<=', Timestamp.fromDate(now))
        .orderBy('fire_at')
        .limit(limit)
        .get();
      return snap.docs.flatMap((d) => {
        const entry = scheduledFrom(d);
        if (!entry) return [];
        read.set(entry, d);
        return [entry];
      });
    },
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
    async advance(entry, next, snoozeAt) {
      const snap = read.get(entry);
      if (!snap?.updateTime) return;
      try {
        await snap.ref.update(
          {
            fire_at: next ? Timestamp.fromDate(next.at) : null,
            fire_key: next?.key ?? null,
            snooze_at: snoozeAt ? Timestamp.fromDate(snoozeAt) : null,
          },
          { lastUpdateTime: snap.updateTime },
        );
      } catch (err) {
        const code = (err as { code?: unknown })?.code;
        if (code !== FAILED_PRECONDITION && code !== NOT_FOUND) throw err;
      }
    },
  };
}
