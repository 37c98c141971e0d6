import {
  assignmentFromDoc,
  completedDateAfter,
  entryCreatedDate,
  FIRST_VERSION,
  listEntryOrder,
  VERSION_STEP,
  compareAssignments,
  isDateOnly,
  migrateDateOnly,
  nextVersion,
  rankForNewCard,
  type Assignment,
  type AssignmentCreateInput,
  type Repeat,
  type Status,
} from '@brainboard/domain';
import {
  FieldPath,
  FieldValue,
  type DocumentReference,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { touchBoard } from '../board/stamp.ts';
import { readForSchedule } from '../reminderSchedule/schedule.ts';
import { requireLiveAccount } from '../profile/liveAccount.ts';

/**
 * Storage layout of `users/{uid}/assignments/{id}` (docs/architecture.md, The data model).
 *
 * Subtasks and notes are maps keyed by id with an `order` field, so one
 * device can toggle, edit, add or remove a single entry with a field-path
 * write, and two devices never overwrite each other; a removed entry is
 * deleted from its map (FieldValue.delete()). The API answers them as ordered
 * lists (docs/architecture.md). Every write raises `version` by one, so a write that
 * replaces a whole list can tell that it is based on an older copy.
 */

export interface StoredSubtask {
  title: string;
  completed: boolean;
  created_date: string;
  order: number;
  /** Whole minutes from 1 to 600; absent or null when there is no estimate. */
  estimate_minutes?: number | null;
}

export interface StoredNote {
  text: string;
  created_date: string;
  order: number;
}

export interface AssignmentDoc {
  title: string;
  description: string;
  due_date: string;
  status: Status;
  subtasks: Record<string, StoredSubtask>;
  notes: Record<string, StoredNote>;
  completed_date: string | null;
  deep_dive: Record<string, string>;
  /** Place inside its column: smaller comes first. */
  rank: number;
  /** Minutes before the due time; null (or absent) means the student's defaults. */
  reminders?: number[] | null;
  /** Raised by one on every write (FieldValue.increment). */
  version: number;
  /** The series it is an instance of (absent or null when it does not repeat). */
  series_id?: string | null;
  /** A copy of its series' rule, so the board can say how it repeats. */
  repeat?: Repeat | null;
  created_at: string;
  updated_at: string;
}

export function assignmentsOf(db: Firestore, uid: string) {
  return db.collection('users').doc(uid).collection('assignments');
}

/** The API shape of a stored assignment (the shared mapper in @brainboard/domain). */
export function toAssignment(id: string, doc: AssignmentDoc): Assignment {
  return assignmentFromDoc(id, doc as unknown as Record<string, unknown>);
}

/** The calendar day (UTC) an entry made at `d` is dated. */
export const isoDate = (d: Date) => entryCreatedDate(d);

/**
 * What createAssignment stores: the create body as the contract's schema parses it (fields left
 * out take their defaults here too), each subtask and note with its id, and the series the card
 * belongs to.
 */
export type NewAssignment = Partial<
  Omit<AssignmentCreateInput, 'id' | 'subtasks' | 'notes' | 'repeat'>
> &
  Pick<AssignmentCreateInput, 'title'> & {
    subtasks?: (Omit<AssignmentCreateInput['subtasks'][number], 'completed'> & {
      id: string;
      completed?: boolean;
    })[];
    notes?: (AssignmentCreateInput['notes'][number] & { id: string })[];
    series_id?: string | null;
    repeat?: Repeat | null;
    /** A place in its column (seeded boards); without one the card goes in by due date. */
    rank?: number;
  };

/**
 * Stores a new assignment; the caller has validated the input. With a client-chosen `id` the
 * create is idempotent: when that assignment exists already, it is answered and nothing is
 * written. Without a rank the card goes into its column by due date (soonest first, no date
 * last), between its neighbours. Refused while the account is being deleted.
 */
export async function createAssignment(
  db: Firestore,
  uid: string,
  input: NewAssignment & { id?: string | undefined },
  now = new Date(),
  onCreate?: (tx: Transaction) => void,
): Promise<{ item: Assignment; created: boolean }> {
  const ref = input.id ? assignmentsOf(db, uid).doc(input.id) : assignmentsOf(db, uid).doc();
  const today = isoDate(now);
  const status = input.status ?? 'new';
  return db.runTransaction(async (tx) => {
    await requireLiveAccount(tx, db, uid);
    const existing = await tx.get(ref);
    if (existing.exists) {
      return { item: toAssignment(ref.id, existing.data() as AssignmentDoc), created: false };
    }
    const schedule = await readForSchedule(tx, db, uid, []);
    let rank = input.rank;
    if (rank === undefined) {
      const column = await tx.get(assignmentsOf(db, uid).where('status', '==', status));
      rank = rankForNewCard(
        column.docs.map((d) => ({ id: d.id, ...d.data() })),
        input.due_date ?? '',
      );
    }
    const doc: AssignmentDoc = {
      title: input.title,
      description: input.description ?? '',
      due_date: input.due_date ?? '',
      status,
      subtasks: subtaskMap(
        (input.subtasks ?? []).map((s) => ({ ...s, completed: s.completed ?? false })),
        today,
      ),
      notes: noteMap(input.notes ?? [], today),
      completed_date: completedDateAfter(null, status, now.toISOString()),
      deep_dive: {},
      rank,
      reminders: input.reminders ?? null,
      version: FIRST_VERSION,
      series_id: input.series_id ?? null,
      repeat: input.repeat ?? null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    };
    tx.create(ref, doc);
    schedule.write(tx, ref.id, doc, now);
    touchBoard(tx, db, uid);
    onCreate?.(tx);
    return { item: toAssignment(ref.id, doc), created: true };
  });
}

/**
 * The caller's assignments, each column in its saved order. Legacy date-only
 * due dates are migrated to T08:00:00 on the way (docs/product.md, Behaviour); a failed
 * migration is logged and skipped, never fatal.
 */
export async function listAssignments(db: Firestore, uid: string): Promise<Assignment[]> {
  // The shared board order (no orderBy: a document without a numeric rank still belongs on
  // the board, and the board's live listener sorts the same way).
  const snap = await assignmentsOf(db, uid).get();
  const docs = [...snap.docs].sort((a, b) =>
    compareAssignments({ id: a.id, ...a.data() }, { id: b.id, ...b.data() }),
  );
  return Promise.all(
    docs.map(async (d) => {
      const item = toAssignment(d.id, d.data() as AssignmentDoc);
      if (!isDateOnly(item.due_date)) return item;
      const migrated = migrateDateOnly(item.due_date);
      try {
        // The new due time has reminders: written with its schedule entry and board stamp.
        await db.runTransaction(async (tx) => {
          const schedule = await readForSchedule(tx, db, uid, [d.id]);
          const now = new Date();
          tx.update(d.ref, { due_date: migrated, version: FieldValue.increment(VERSION_STEP) });
          schedule.write(tx, d.id, { ...item, due_date: migrated }, now);
          touchBoard(tx, db, uid);
        });
        return { ...item, due_date: migrated, version: nextVersion(item.version) };
      } catch (err) {
        console.warn(`Could not migrate the due date of assignment ${d.id}`, err);
        return item;
      }
    }),
  );
}

/** A field path inside a subtask or note map; ids may hold characters such as '-'. */
export const entryPath = (map: 'subtasks' | 'notes', id: string, field?: string) =>
  field ? new FieldPath(map, id, field) : new FieldPath(map, id);

export function assignmentRef(db: Firestore, uid: string, id: string): DocumentReference {
  return assignmentsOf(db, uid).doc(id);
}

/** The stored document, or null when it does not exist (or is not the caller's). */
export async function readAssignmentDoc(
  db: Firestore,
  uid: string,
  id: string,
): Promise<AssignmentDoc | null> {
  const snap = await assignmentRef(db, uid, id).get();
  return snap.exists ? (snap.data() as AssignmentDoc) : null;
}

export async function getAssignment(
  db: Firestore,
  uid: string,
  id: string,
): Promise<Assignment | null> {
  const doc = await readAssignmentDoc(db, uid, id);
  return doc ? toAssignment(id, doc) : null;
}

/** True when the map holds an entry with that id. */
export function hasEntry(doc: AssignmentDoc, map: 'subtasks' | 'notes', id: string): boolean {
  return Object.prototype.hasOwnProperty.call(doc[map] ?? {}, id);
}

/** How many entries the map holds. */
export const entryCount = (doc: AssignmentDoc, map: 'subtasks' | 'notes'): number =>
  Object.keys(doc[map] ?? {}).length;

/** What every write to an assignment adds: the time and a raised version. */
export const writeStamp = (now: Date) => ({
  updated_at: now.toISOString(),
  version: FieldValue.increment(VERSION_STEP),
});

/** Reads the assignment in a transaction; null when it does not exist. */
export async function readInTransaction(
  tx: Transaction,
  db: Firestore,
  uid: string,
  id: string,
): Promise<AssignmentDoc | null> {
  const snap = await tx.get(assignmentRef(db, uid, id));
  return snap.exists ? (snap.data() as AssignmentDoc) : null;
}

/**
 * Field-path writes: `[path, value]` pairs, so two devices never overwrite each other. In a
 * transaction when one is given (a read there decided the write). The board's stamp changes
 * with them. Only for fields reminders do not depend on (the schedule is not rewritten).
 */
export async function writePaths(
  db: Firestore,
  uid: string,
  id: string,
  pairs: [FieldPath, unknown][],
  now = new Date(),
  tx?: Transaction,
): Promise<void> {
  const [first, ...rest] = pairs;
  if (!first) return;
  const ref = assignmentRef(db, uid, id);
  const stamp = writeStamp(now);
  const more = [...rest.flat(), 'updated_at', stamp.updated_at, 'version', stamp.version];
  if (tx) {
    tx.update(ref, first[0], first[1], ...more);
    touchBoard(tx, db, uid);
    return;
  }
  const batch = db.batch();
  batch.update(ref, first[0], first[1], ...more);
  touchBoard(batch, db, uid);
  await batch.commit();
}

/** Stored maps from API lists: the list order becomes `order`. */
export function subtaskMap(
  items: {
    id: string;
    title: string;
    completed: boolean;
    created_date?: string | undefined;
    estimate_minutes?: number | null | undefined;
  }[],
  today: string,
): Record<string, StoredSubtask> {
  return Object.fromEntries(
    items.map((s, i) => [
      s.id,
      {
        title: s.title,
        completed: s.completed,
        created_date: s.created_date ?? today,
        order: listEntryOrder(i),
        estimate_minutes: s.estimate_minutes ?? null,
      },
    ]),
  );
}

export function noteMap(
  items: { id: string; text: string; created_date?: string | undefined }[],
  today: string,
): Record<string, StoredNote> {
  return Object.fromEntries(
    items.map((n, i) => [
      n.id,
      { text: n.text, created_date: n.created_date ?? today, order: listEntryOrder(i) },
    ]),
  );
}

/**
 * The not-done assignment due soonest (overdue first),
 * then those without a due date by creation order.
 */
export function pickNextDue(items: Assignment[]): Assignment | null {
  const pending = items.filter((a) => a.status !== 'done');
  const key = (a: Assignment) =>
    isDateOnly(a.due_date) ? migrateDateOnly(a.due_date) : a.due_date;
  const dated = pending.filter((a) => a.due_date).sort((a, b) => key(a).localeCompare(key(b)));
  const undated = pending
    .filter((a) => !a.due_date)
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
  return dated[0] ?? undated[0] ?? null;
}
