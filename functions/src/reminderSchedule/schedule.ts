import { firstFiring, reminderPlan, type RemindableAssignment } from '@brainboard/domain';
import {
  Timestamp,
  type DocumentReference,
  type Firestore,
  type QueryDocumentSnapshot,
  type QuerySnapshot,
  type Transaction,
  type WriteBatch,
} from 'firebase-admin/firestore';
import {
  devicesOf,
  pushUsers,
  readDeviceCopies,
  sameDevices,
  type DeviceCopy,
} from './deviceList.ts';
import { profileRef, profileZone } from '../profile/profile.ts';

/**
 * `users/{uid}/reminder_schedule/{assignmentId}`: the next reminder of one assignment, stored
 * so the dispatcher finds what is due with one indexed collection-group query on `fire_at`
 * instead of visiting every student (docs/decisions/0017-reminder-schedule.md). It holds what
 * sending needs (title, due date, zone, the card's `created_at`, and a copy of the student's
 * devices: id, endpoint and keys) and what telling the reminder after it needs (the reminder
 * times in force, a pending snooze), so firing one and moving to the next reads nothing else.
 * `fire_at` is null when none is left.
 *
 * Every write that changes what an assignment's reminders are (its due date, reminder list,
 * title, status, a delete, the student's defaults or zone, a snooze) writes the entry in the
 * same transaction or batch, through `readForSchedule`, which also reads the student's device
 * list (`push_users/{uid}`, one document); every change of the devices copies the new list onto
 * the pending entries (`refreshScheduledDevices`).
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
  /** Where it is sent: the student's devices when the entry was last written. */
  devices: DeviceCopy[];
  /** Set on a planned work session's entry (functions/src/plan): the line it shows. */
  text?: string;
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

/** What every entry of one student is made with: the profile's defaults and zone, the devices. */
export interface StudentSchedule {
  defaults: readonly number[] | null;
  zone: string;
  devices: DeviceCopy[];
}

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
  student: StudentSchedule,
  snoozeAt: Date | null,
  now: Date,
): ScheduleEntry | null {
  const plan = reminderPlan(doc, student.defaults, student.zone, snoozeAt, now);
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
    devices: student.devices,
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
 * Reads, in transaction `tx`, what rescheduling needs: the profile (defaults, zone), the device
 * list and the current entries of `ids` (their pending snoozes). A transaction reads before it
 * writes, so callers call this with their other reads; a new assignment has no entry to read.
 */
export async function readForSchedule(
  tx: Transaction,
  db: Firestore,
  uid: string,
  ids: string[],
): Promise<Rescheduler> {
  const [profile, devices, ...entries] = await Promise.all([
    tx.get(profileRef(db, uid)),
    tx.get(pushUsers(db).doc(uid)),
    ...ids.map((id) => tx.get(scheduleOf(db, uid).doc(id))),
  ]);
  const snoozes = new Map(ids.map((id, i) => [id, snoozeOf(entries[i]!)]));
  const student = { ...profileReminders(profile!), devices: devicesOf(devices!) };
  return reschedulerFrom(db, uid, student, snoozes);
}

/** A Rescheduler from what was read (a batch's writer reads outside a transaction). */
export function reschedulerFrom(
  db: Firestore,
  uid: string,
  student: StudentSchedule,
  snoozes: ReadonlyMap<string, Date | null>,
): Rescheduler {
  return {
    write(w, id, doc, now, snoozeAt) {
      const entry = doc
        ? scheduleEntry(uid, id, doc, student, snoozeAt ?? snoozes.get(id) ?? null, now)
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
      const [profile, devices, ...rest] = await Promise.all([
        tx.get(profileRef(db, uid)),
        readDeviceCopies(tx, db, uid),
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
        { ...(withProfile ? merged : stored), devices: devices as DeviceCopy[] },
        new Map(page.map((id, i) => [id, snoozeOf(entries[i]!)])),
      );
      if (withProfile) tx.update(profileRef(db, uid), changes);
      docs.forEach((d, i) => {
        if (d?.exists) schedule.write(tx, page[i]!, d.data() as SchedulableDoc, now);
      });
    });
  } while (pending.length > 0);
}

/**
 * What a batch writer (a school feed's sync) reads outside a transaction: the device list and
 * when it last changed. After its batches it asks `devicesChangedSince`; a device change that
 * came between the read and the commit may have missed the entries it wrote.
 */
export async function readDevicesForBatch(db: Firestore, uid: string) {
  const snap = await pushUsers(db).doc(uid).get();
  return { devices: devicesOf(snap), readAt: snap.exists ? (snap.updateTime ?? null) : null };
}

/** Copies the device list again when it changed since `readDevicesForBatch`. */
export async function refreshIfDevicesChanged(
  db: Firestore,
  uid: string,
  readAt: Timestamp | null,
): Promise<void> {
  const now = await pushUsers(db).doc(uid).get();
  const at = now.exists ? (now.updateTime ?? null) : null;
  const same = at === null || readAt === null ? at === readAt : at.isEqual(readAt);
  if (!same) await refreshScheduledDevices(db, uid);
}

interface PageResult {
  page: QuerySnapshot;
  stale: number;
}

/** Pending entries rewritten in one transaction when the student's devices change. */
const DEVICES_PAGE = 200;

/**
 * Copies the student's device list (as `push_users/{uid}` holds it now) onto their pending
 * entries (`fire_at` set), a page at a time, each page one transaction that reads the list and
 * the page: only this student's data is read. Called after every change of the devices has
 * committed. Races end with the newest list (docs/decisions/0017-reminder-schedule.md): a
 * schedule write reads the list in its own transaction, so it conflicts with a device change
 * and either comes after it (it copies the new list) or before it (this then finds its entry);
 * each page copies the list it reads in its transaction, never an older one. An entry the
 * dispatcher moves on only moves later, so paging by `fire_at` does not miss it. Answers how
 * many entries it changed.
 */
export async function refreshScheduledDevices(db: Firestore, uid: string): Promise<number> {
  const pending = scheduleOf(db, uid)
    .where('fire_at', '>=', Timestamp.fromMillis(0))
    .orderBy('fire_at')
    .limit(DEVICES_PAGE);
  let after: QueryDocumentSnapshot | null = null;
  let changed = 0;
  for (;;) {
    const from: QueryDocumentSnapshot | null = after;
    const { page, stale } = await db.runTransaction(async (tx): Promise<PageResult> => {
      const [devices, snap] = await Promise.all([
        readDeviceCopies(tx, db, uid),
        tx.get(from ? pending.startAfter(from) : pending),
      ]);
      const old = snap.docs.filter((entry) => !sameDevices(entry.get('devices'), devices));
      for (const entry of old) tx.update(entry.ref, { devices });
      return { page: snap, stale: old.length };
    });
    changed += stale;
    if (page.size < DEVICES_PAGE) return changed;
    after = page.docs.at(-1)!;
  }
}
