import {
  completedDateAfter,
  isStaleVersion,
  newSubtaskId,
  type Assignment,
  type AssignmentPatchInput,
  type RepeatScope,
} from '@brainboard/domain';
import type { Firestore, Transaction, UpdateData } from 'firebase-admin/firestore';
import { randomBytes } from 'node:crypto';
import { touchBoard } from '../board/stamp.ts';
import { planRepeatDelete, planRepeatEdit } from './seriesEdit.ts';
import { readForSchedule, scheduleOf, writeEntry } from '../reminderSchedule/schedule.ts';
import { mustReadIn } from './lookup.ts';
import {
  assignmentRef,
  isoDate,
  noteMap,
  subtaskMap,
  toAssignment,
  writeStamp,
  type AssignmentDoc,
} from './store.ts';

/**
 * The one place a change of an assignment is worked out, its status above all. Every way a card
 * changes column goes through here, inside the caller's transaction: the board's edit and drag
 * (`PATCH /api/assignment`, also what Focus Mode's "Mark as done" and the offline queue send) and
 * a notification's Done button (`POST /api/reminders/action`). So wherever Done comes from, it
 * stamps `completed_date`, and a repeating card brings its next card (docs/product.md,
 * Assignments that repeat).
 */

export const newNoteId = (now: number) => `note-${now}-${randomBytes(4).toString('hex')}`;

/**
 * Plans the change `input` of the stored assignment `before` in transaction `tx`: every read
 * (the series, the next card's place) happens here, and the answer is the write, for the caller
 * to make after its own reads. The caller has read `before` in the same transaction and made its
 * own checks (the version, a notification token). The write includes the card's reminder
 * schedule when the change moves it, and the board's stamp.
 */
export async function planChange(
  tx: Transaction,
  db: Firestore,
  uid: string,
  before: AssignmentDoc,
  input: AssignmentPatchInput,
  now: Date,
): Promise<(tx: Transaction) => void> {
  const today = isoDate(now);
  const fields: UpdateData<AssignmentDoc> = {};
  if (input.title !== undefined) fields.title = input.title;
  if (input.description !== undefined) fields.description = input.description;
  if (input.due_date !== undefined) fields.due_date = input.due_date;
  if (input.rank !== undefined) fields.rank = input.rank;
  if (input.reminders !== undefined) fields.reminders = input.reminders;
  if (input.status !== undefined) {
    fields.status = input.status;
    fields.completed_date = completedDateAfter(before, input.status, now.toISOString());
  }
  if (input.subtasks !== undefined) {
    fields.subtasks = subtaskMap(
      input.subtasks.map((s) => ({ ...s, id: s.id ?? newSubtaskId(now.getTime()) })),
      today,
    );
  }
  if (input.notes !== undefined) {
    fields.notes = noteMap(
      input.notes.map((n) => ({ ...n, id: n.id ?? newNoteId(now.getTime()) })),
      today,
    );
  }
  const repeat = await planRepeatEdit(
    tx,
    db,
    uid,
    input.id,
    before,
    input,
    { subtasks: fields.subtasks as AssignmentDoc['subtasks'] | undefined },
    now,
  );
  // What its reminders depend on: then its schedule entry is written again with the change.
  const remindersMove =
    input.title !== undefined ||
    input.due_date !== undefined ||
    input.reminders !== undefined ||
    input.status !== undefined;
  const schedule = remindersMove ? await readForSchedule(tx, db, uid, [input.id]) : null;
  return (t) => {
    t.update(assignmentRef(db, uid, input.id), {
      ...fields,
      ...repeat.fields,
      ...writeStamp(now),
    } as UpdateData<AssignmentDoc>);
    schedule?.write(
      t,
      input.id,
      {
        title: input.title ?? before.title,
        due_date: input.due_date ?? before.due_date,
        reminders: input.reminders !== undefined ? input.reminders : before.reminders,
        status: input.status ?? before.status,
        created_at: before.created_at,
      },
      now,
    );
    repeat.write(t);
    touchBoard(t, db, uid);
  };
}

/** A write based on an older copy: nothing was written, and `item` is the current copy. */
export class StaleVersion extends Error {
  constructor(readonly item: Assignment) {
    super('stale version');
  }
}

/**
 * Changes an assignment in one transaction: the version check, completed_date and a repeat's
 * next card all depend on the stored copy (planChange, shared with a notification's Done). A
 * stale `version` writes nothing and throws StaleVersion with the current copy; a missing
 * assignment answers 404.
 */
export async function updateAssignment(
  db: Firestore,
  uid: string,
  input: AssignmentPatchInput,
  now = new Date(),
): Promise<void> {
  await db.runTransaction(async (tx) => {
    const before = await mustReadIn(tx, db, uid, input.id);
    if (isStaleVersion(input.version, toAssignment(input.id, before).version)) {
      throw new StaleVersion(toAssignment(input.id, before));
    }
    const write = await planChange(tx, db, uid, before, input, now);
    write(tx);
  });
}

/**
 * Deletes an assignment, its reminder schedule entry and its planned sessions' reminders (Plan my
 * week; the plan itself drops the sessions when next read), and (for the open card of a repeat,
 * scope "this") brings the series' next card, which it answers; "following" stops the repeat.
 */
export async function deleteAssignment(
  db: Firestore,
  uid: string,
  id: string,
  scope: RepeatScope,
  now = new Date(),
): Promise<Assignment | null> {
  const next = await db.runTransaction(async (tx) => {
    const doc = await mustReadIn(tx, db, uid, id);
    const plan = await planRepeatDelete(tx, db, uid, id, doc, scope, now);
    const sessionReminders = await tx.get(
      scheduleOf(db, uid).where('assignment_id', '==', id).select(),
    );
    tx.delete(assignmentRef(db, uid, id));
    for (const entry of sessionReminders.docs) {
      if (entry.id.startsWith('session-')) tx.delete(entry.ref);
    }
    writeEntry(tx, db, uid, id, null);
    touchBoard(tx, db, uid);
    plan.write(tx);
    return plan.next;
  });
  return next ? toAssignment(next.id, next.doc) : null;
}
