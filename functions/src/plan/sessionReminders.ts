// The reminders of planned sessions, written in the same transaction as the plan.
import { wallClockIn } from '@brainboard/domain';
import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import type { DeviceCopy } from '../reminderSchedule/deviceList.ts';
import { scheduleOf, type ScheduleEntry } from '../reminderSchedule/schedule.ts';
import { sessionText } from './calendarEvents.ts';
import type { StoredSession, Student } from './planDoc.ts';

/** The reminder entry of a session: `users/{uid}/reminder_schedule/session-{id}`. */
const reminderRef = (db: Firestore, uid: string, sessionId: string) =>
  scheduleOf(db, uid).doc(`session-${sessionId}`);

/**
 * Writes the sessions' reminders in the transaction that writes the plan (the reminder
 * schedule of decision 0017): a session ahead fires at its start, "Time for Physics worksheet ·
 * 45 min", and opens Focus Mode on its assignment; a session removed, moved into the past or
 * of an assignment gone loses its entry.
 */
export function writeReminders(
  tx: Transaction,
  db: Firestore,
  uid: string,
  before: Record<string, StoredSession>,
  after: Record<string, StoredSession>,
  student: Student,
  devices: DeviceCopy[],
  now: number,
): void {
  for (const id of Object.keys(before)) if (!after[id]) tx.delete(reminderRef(db, uid, id));
  const byId = new Map(student.assignments.map((a) => [a.id, a]));
  for (const [id, s] of Object.entries(after)) {
    const start = Date.parse(s.start);
    const a = byId.get(s.assignment_id);
    if (!a || start <= now) {
      if (before[id]) tx.delete(reminderRef(db, uid, id));
      continue;
    }
    const due = wallClockIn(start, student.zone);
    const minutes = Math.round((Date.parse(s.end) - start) / 60_000);
    tx.set(reminderRef(db, uid, id), {
      uid,
      assignment_id: s.assignment_id,
      title: a.title,
      due_date: due,
      zone: student.zone,
      card: a.created_at,
      minutes: [0],
      snooze_at: null,
      fire_at: Timestamp.fromMillis(start),
      fire_key: `${due}|0`,
      devices,
      text: sessionText(a.title, minutes),
    } satisfies ScheduleEntry);
  }
}
