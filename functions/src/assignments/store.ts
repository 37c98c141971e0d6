import type { Assignment, Status } from '@brainboard/domain';
import { FieldPath, type Firestore } from 'firebase-admin/firestore';

/**
 * Storage layout of `users/{uid}/assignments/{id}` (DESIGN §2).
 *
 * Subtasks and notes are maps keyed by id with an `order` field, so one
 * device can toggle, edit, add or remove a single entry with a field-path
 * update that needs no read first, and two devices never overwrite each
 * other. Removal writes a tombstone (`deleted: true`): the lite Firestore
 * ignores FieldValue.delete(), and a tombstone also survives a toggle that
 * races with the removal. The API answers them as ordered lists (SPEC §3).
 */

export interface StoredSubtask {
  title: string;
  completed: boolean;
  created_date: string;
  order: number;
  deleted?: boolean;
}

export interface StoredNote {
  text: string;
  created_date: string;
  order: number;
  deleted?: boolean;
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
  created_at: string;
  updated_at: string;
}

export function assignmentsOf(db: Firestore, uid: string) {
  return db.collection('users').doc(uid).collection('assignments');
}

function byOrder<T extends { order: number; deleted?: boolean }>(
  entries: Record<string, T> | undefined,
) {
  return Object.entries(entries ?? {})
    .filter(([, v]) => v && !v.deleted && typeof v.order === 'number')
    .sort(([, a], [, b]) => a.order - b.order);
}

/** The API shape of a stored assignment. */
export function toAssignment(id: string, doc: AssignmentDoc): Assignment {
  return {
    id,
    title: doc.title,
    description: doc.description ?? '',
    due_date: doc.due_date ?? '',
    status: doc.status ?? 'new',
    subtasks: byOrder(doc.subtasks)
      .filter(([, s]) => typeof s.title === 'string')
      .map(([sid, s]) => ({
        id: sid,
        title: s.title,
        completed: s.completed === true,
        created_date: s.created_date,
      })),
    notes: byOrder(doc.notes)
      .filter(([, n]) => typeof n.text === 'string')
      .map(([nid, n]) => ({ id: nid, text: n.text, created_date: n.created_date })),
    completed_date: doc.completed_date ?? null,
    deep_dive: doc.deep_dive ?? {},
    rank: doc.rank ?? 0,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
  };
}

export const isoDate = (d: Date) => d.toISOString().slice(0, 10);

export interface NewAssignment {
  title: string;
  description?: string;
  due_date?: string;
  status?: Status;
  subtasks?: { id: string; title: string; completed?: boolean; created_date?: string }[];
  notes?: { id: string; text: string; created_date?: string }[];
  rank?: number;
}

/** Stores a new assignment; the caller has validated the input. */
export async function createAssignment(
  db: Firestore,
  uid: string,
  input: NewAssignment,
  now = new Date(),
): Promise<Assignment> {
  const ref = assignmentsOf(db, uid).doc();
  const today = isoDate(now);
  const status = input.status ?? 'new';
  const doc: AssignmentDoc = {
    title: input.title,
    description: input.description ?? '',
    due_date: input.due_date ?? '',
    status,
    subtasks: Object.fromEntries(
      (input.subtasks ?? []).map((s, i) => [
        s.id,
        {
          title: s.title,
          completed: s.completed ?? false,
          created_date: s.created_date ?? today,
          order: i,
        },
      ]),
    ),
    notes: Object.fromEntries(
      (input.notes ?? []).map((n, i) => [
        n.id,
        { text: n.text, created_date: n.created_date ?? today, order: i },
      ]),
    ),
    completed_date: status === 'done' ? today : null,
    deep_dive: {},
    // New cards go to the top of their column unless a place was given.
    rank: input.rank ?? -now.getTime(),
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  await ref.set(doc);
  return toAssignment(ref.id, doc);
}

/** The caller's assignments, each column in its saved order. */
export async function listAssignments(db: Firestore, uid: string): Promise<Assignment[]> {
  const snap = await assignmentsOf(db, uid).orderBy('rank').get();
  return snap.docs.map((d) => toAssignment(d.id, d.data() as AssignmentDoc));
}

/** A field path inside a subtask or note map; ids may hold characters such as '-'. */
export const entryPath = (map: 'subtasks' | 'notes', id: string, field?: string) =>
  field ? new FieldPath(map, id, field) : new FieldPath(map, id);
