import { firstFiring, reminderPlan, type RemindableAssignment } from '@brainboard/domain';
import {
  Timestamp,
  type DocumentReference,
  type Firestore,
  type Transaction,
  type WriteBatch,
} from 'firebase-admin/firestore';
import { profileRef } from '../users/profile.ts';
import { profileZone } from './dispatcher.ts';

/**
 * `users/{uid}/reminder_schedule/{assignmentId}`: the next reminder of one assignment, stored
 * so the dispatcher finds what is due with one indexed collection-group query on `fire_at`
 * instead of visiting every student (docs/decisions/0017-reminder-schedule.md). It holds what
 * sending needs (title, due date, zone, the card's `created_at`) and what telling the reminder
 * after it needs (the reminder times in force, a pending snooze), so firing one and moving to
 * the next reads nothing else. `fire_at` is null when none is left.
 *
 * Every write that changes what an assignment's reminders are (its due date, reminder list,
 * title, status, a delete, the student's defaults or zone, a snooze) writes the entry in the
 * same transaction or batch, through `readForSchedule`.
 */
export interface ScheduleEntry {
  uid: string;
  assignment_id: string;
  title: string;
  due_date: string;
  zone: string;
  /** The card's `created_at`: a notification's buttons are bound to it. */
  card: string;
  minutes: number[];
  snooze_at: Timestamp | null;
  fire_at: Timestamp | null;
  /** What fires at `fire_at` (see ReminderFiring.key); null with `fire_at`. */
  fire_key: string | null;
}

export const scheduleOf = (db: Firestore, uid: string) =>
  db.collection('users').doc(uid).collection('reminder_schedule');

/** What an assignment's schedule entry is made from. */
export type SchedulableDoc = RemindableAssignment & {
  title?: string | undefined;
  created_at?: string | undefined;
};

/** Both a transaction and a batch write a document this way. */
interface Writes {
  set(ref: DocumentReference, data: ScheduleEntry): unknown;
  delete(ref: DocumentReference): unknown;
}

const asWrites = (w: Transaction | WriteBatch): Writes => w as unknown as Writes;

/** The student's reminder defaults and zone, as the profile holds them. */
export function profileReminders(profile: { get(field: string): unknown }) {
  const defaults = profile.get('reminder_defaults');
  return {
    defaults: Array.isArray(defaults) ? (defaults as number[]) : null,
    zone: profileZone(profile.get('time_zone')),
  };
}

/**
 * The entry of assignment `id` (null: it has no reminders, so no entry). Pure but for the
 * Timestamp type: the plan and its first firing come from @brainboard/domain.
 */
export function scheduleEntry(
  uid: string,
  id: string,
  doc: SchedulableDoc,
  defaults: readonly number[] | null,
  zone: string,
  snoozeAt: Date | null,
  now: Date,
): ScheduleEntry | null {
  const plan = reminderPlan(doc, defaults, zone, snoozeAt, now);
  if (!plan) return null;
  const fire = firstFiring(plan, now);
  return {
    uid,
    assignment_id: id,
    title: doc.title ?? '',
    due_date: plan.due_date,
    zone: plan.zone,
    card: doc.created_at ?? '',
    minutes: plan.minutes,
    snooze_at: plan.snooze_at ? Timestamp.fromDate(plan.snooze_at) : null,
    fire_at: fire ? Timestamp.fromDate(fire.at) : null,
    fire_key: fire?.key ?? null,
  };
}

/** Writes (or removes) the entry. */
export function writeEntry(
  w: Transaction | WriteBatch,
  db: Firestore,
  uid: string,
  id: string,
  entry: ScheduleEntry | null,
): void {
  const ref = scheduleOf(db, uid).doc(id);
  if (entry) asWrites(w).set(ref, entry);
  else asWrites(w).delete(ref);
}

/** Reschedules assignments inside the transaction (or batch) that changes them. */
export interface Rescheduler {
  /**
   * Writes the entry of `id` as `doc` leaves it (null: deleted). A pending snooze is kept,
   * unless `snoozeAt` sets a new one.
   */
  write(
    w: Transaction | WriteBatch,
    id: string,
    doc: SchedulableDoc | null,
    now: Date,
    snoozeAt?: Date,
  ): void;
}

const snoozeOf = (snap: { exists: boolean; get(field: string): unknown }): Date | null => {
  const at = snap.exists ? snap.get('snooze_at') : null;
  return at instanceof Timestamp ? at.toDate() : null;
};

/**
 * Reads, in transaction `tx`, what rescheduling needs: the profile (defaults, zone) and the
 * current entries of `ids` (their pending snoozes). A transaction reads before it writes, so
 * callers call this with their other reads; a new assignment has no entry to read.
 */
export async function readForSchedule(
  tx: Transaction,
  db: Firestore,
  uid: string,
  ids: string[],
): Promise<Rescheduler> {
  const [profile, ...entries] = await Promise.all([
    tx.get(profileRef(db, uid)),
    ...ids.map((id) => tx.get(scheduleOf(db, uid).doc(id))),
  ]);
  const snoozes = new Map(ids.map((id, i) => [id, snoozeOf(entries[i]!)]));
  return reschedulerFrom(db, uid, profileReminders(profile!), snoozes);
}

/** A Rescheduler from what was read (a batch's writer reads outside a transaction). */
export function reschedulerFrom(
  db: Firestore,
  uid: string,
  profile: { defaults: readonly number[] | null; zone: string },
  snoozes: ReadonlyMap<string, Date | null>,
): Rescheduler {
  return {
    write(w, id, doc, now, snoozeAt) {
      const entry = doc
        ? scheduleEntry(
            uid,
            id,
            doc,
            profile.defaults,
            profile.zone,
            snoozeAt ?? snoozes.get(id) ?? null,
            now,
          )
        : null;
      writeEntry(w, db, uid, id, entry);
    },
  };
}

/** The pending snoozes of all of a student's entries (a feed sync writes many at once). */
export async function readSnoozes(db: Firestore, uid: string): Promise<Map<string, Date | null>> {
  const snap = await scheduleOf(db, uid).get();
  return new Map(snap.docs.map((d) => [d.id, snoozeOf(d)]));
}

/** Assignments rescheduled in one transaction (well inside Firestore's 500 writes a commit). */
const SETTINGS_PAGE = 200;

/**
 * Saves profile fields that include the student's reminder defaults or time zone, and
 * reschedules their pending assignments with them. The profile change and the first page of
 * entries share one transaction; a student with more pending cards than a page has the rest
 * rescheduled page by page, each page reading the profile again in its own transaction, so the
 * schedule ends as the saved profile says even when other writes come between. Only this
 * student's data is read.
 */
export async function saveReminderSettings(
  db: Firestore,
  uid: string,
  changes: Record<string, unknown>,
  now: Date,
): Promise<void> {
  const assignments = db.collection('users').doc(uid).collection('assignments');
  const all = await assignments.get();
  const pending = all.docs.filter((d) => d.get('status') !== 'done').map((d) => d.id);
  let first = true;
  do {
    const page = pending.splice(0, SETTINGS_PAGE);
    const withProfile = first;
    first = false;
    await db.runTransaction(async (tx) => {
      const refs = page.map((id) => assignments.doc(id));
      const [profile, ...rest] = await Promise.all([
        tx.get(profileRef(db, uid)),
        ...refs.map((r) => tx.get(r)),
        ...page.map((id) => tx.get(scheduleOf(db, uid).doc(id))),
      ]);
      const stored = profileReminders(profile!);
      const merged = {
        defaults:
          'reminder_defaults' in changes
            ? (changes.reminder_defaults as number[] | null)
            : stored.defaults,
        zone: 'time_zone' in changes ? profileZone(changes.time_zone) : stored.zone,
      };
      const docs = rest.slice(0, page.length);
      const entries = rest.slice(page.length);
      const schedule = reschedulerFrom(
        db,
        uid,
        withProfile ? merged : stored,
        new Map(page.map((id, i) => [id, snoozeOf(entries[i]!)])),
      );
      if (withProfile) tx.update(profileRef(db, uid), changes);
      docs.forEach((d, i) => {
        if (d?.exists) schedule.write(tx, page[i]!, d.data() as SchedulableDoc, now);
      });
    });
  } while (pending.length > 0);
}
