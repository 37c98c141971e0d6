/**
 * Every write of an assignment as a typed mutation (what it does, to which card, with which
 * arguments), how each is sent (one endpoint of the contract), and `apply`: the assignment after
 * it, as the server will store it. The web app's data tier shows `apply`'s result at once and
 * lays the mutations still waiting over every copy the server sends; the server's store uses the
 * same rules (mutationRules.ts) for its field writes (docs/decisions/0020-one-write-pipeline.md).
 */
import type { z } from 'zod';
import { compareAssignments, rankForNewCard, type PlacedCard } from './boardOrder.ts';
import type { Status } from './constants.ts';
import { requestOf, type BodyOf, type HttpMethod } from './contract.ts';
import {
  completedDateAfter,
  entryCreatedDate,
  FIRST_VERSION,
  isStaleVersion,
  nextVersion,
} from './mutationRules.ts';
import type { Repeat, RepeatScope } from './recurrence.ts';
import type { assignmentCreateSchema } from './schemas.ts';
import type { Assignment, Note, Subtask } from './types.ts';

/**
 * POST /api/assignment as the contract types it (the input of the server's schema), with the
 * status narrowed to the three columns (the schema also takes '' for 'new').
 */
export type AssignmentCreateBody = Omit<BodyOf<'POST /api/assignment'>, 'status'> & {
  status?: Status;
};
/** The create body as the server's schema parses it (every default filled in). */
export type AssignmentCreateInput = z.output<typeof assignmentCreateSchema>;
/** PATCH /api/assignment: only the fields that change (a whole list names its version). */
export type AssignmentPatchBody = Omit<BodyOf<'PATCH /api/assignment'>, 'status'> & {
  status?: Status;
};
type SubtaskAdd = BodyOf<'POST /api/assignment/:id/subtasks'>;
type SubtaskChange = BodyOf<'PATCH /api/assignment/:id/subtasks/:subtaskId'>;

export type Mutation =
  | { kind: 'create'; id: string; body: AssignmentCreateBody & { id: string } }
  /** Field edits, a move (status and rank), a renumbered neighbour (rank), lists, the repeat. */
  | { kind: 'update'; id: string; changes: Omit<AssignmentPatchBody, 'id'> }
  | { kind: 'delete'; id: string; scope?: RepeatScope | undefined }
  | { kind: 'addSubtask'; id: string; subtask: SubtaskAdd }
  | { kind: 'changeSubtask'; id: string; subtaskId: string; changes: SubtaskChange }
  | { kind: 'removeSubtask'; id: string; subtaskId: string }
  | { kind: 'addNote'; id: string; note: { id: string; text: string } }
  | { kind: 'editNote'; id: string; noteId: string; text: string }
  | { kind: 'removeNote'; id: string; noteId: string };

/** The HTTP call that carries a mutation: the contract's endpoint, its path and its body. */
export function requestOfMutation(m: Mutation): {
  method: HttpMethod;
  path: string;
  body: unknown;
} {
  const call = (key: Parameters<typeof requestOf>[0], params: object, body: unknown) => ({
    ...requestOf(key, params as never),
    body,
  });
  const one = { id: m.id };
  switch (m.kind) {
    case 'create':
      return call('POST /api/assignment', {}, m.body);
    case 'update':
      return call('PATCH /api/assignment', {}, { id: m.id, ...m.changes });
    case 'delete':
      return call('DELETE /api/assignment', {}, m.scope ? { id: m.id, scope: m.scope } : one);
    case 'addSubtask':
      return call('POST /api/assignment/:id/subtasks', one, m.subtask);
    case 'changeSubtask':
      return call(
        'PATCH /api/assignment/:id/subtasks/:subtaskId',
        { id: m.id, subtaskId: m.subtaskId },
        m.changes,
      );
    case 'removeSubtask':
      return call(
        'DELETE /api/assignment/:id/subtasks/:subtaskId',
        { id: m.id, subtaskId: m.subtaskId },
        undefined,
      );
    case 'addNote':
      return call('POST /api/assignment/:id/notes', one, m.note);
    case 'editNote':
      return call(
        'PATCH /api/assignment/:id/notes/:noteId',
        { id: m.id, noteId: m.noteId },
        { text: m.text },
      );
    case 'removeNote':
      return call(
        'DELETE /api/assignment/:id/notes/:noteId',
        { id: m.id, noteId: m.noteId },
        undefined,
      );
  }
}

type SubtaskInput = NonNullable<AssignmentCreateBody['subtasks']>[number];
type NoteInput = string | { id?: string | undefined; text: string; created_date?: string };

/** A list sent whole, as the server stores it: in its order, a missing date is today's. */
function subtaskList(list: readonly SubtaskInput[], now: Date): Subtask[] {
  return list.map((s, i) => ({
    id: s.id ?? `local-${i}`,
    title: s.title ?? s.text ?? '',
    completed: s.completed === true,
    created_date: entryCreatedDate(now, s.created_date),
    estimate_minutes: s.estimate_minutes ?? null,
  }));
}

function noteList(list: readonly unknown[], now: Date): Note[] {
  return (list as NoteInput[]).map((n, i) => {
    const note = typeof n === 'string' ? { text: n } : n;
    return {
      id: ('id' in note && note.id) || `local-note-${i}`,
      text: note.text,
      created_date: entryCreatedDate(now, 'created_date' in note ? note.created_date : undefined),
    };
  });
}

const repeatOf = (r: { rrule: string; until?: string | null | undefined } | null): Repeat | null =>
  r ? { rrule: r.rrule, until: r.until ?? null } : null;

/** The assignment a create makes: it goes into `column` by due date. */
function created(
  m: Extract<Mutation, { kind: 'create' }>,
  now: Date,
  column: readonly PlacedCard[],
): Assignment {
  const b = m.body;
  const at = now.toISOString();
  const status: Status = b.status ?? 'new';
  const dueDate = b.due_date ?? '';
  return {
    id: m.id,
    title: b.title,
    description: b.description ?? '',
    due_date: dueDate,
    status,
    subtasks: subtaskList(b.subtasks ?? [], now),
    notes: noteList(b.notes ?? [], now),
    completed_date: completedDateAfter(null, status, at),
    deep_dive: {},
    rank: rankForNewCard(column, dueDate),
    reminders: b.reminders ?? null,
    version: FIRST_VERSION,
    series_id: null,
    repeat: repeatOf(b.repeat ?? null),
    created_at: at,
    updated_at: at,
    source: null,
    due_moved_from: null,
    source_gone: false,
  };
}

/** The fields a PATCH names, changed; the others as they were. */
function updated(a: Assignment, c: Omit<AssignmentPatchBody, 'id'>, now: Date): Assignment {
  const next: Assignment = { ...a };
  if (c.title !== undefined) next.title = c.title;
  if (c.description !== undefined) next.description = c.description;
  if (c.due_date !== undefined) next.due_date = c.due_date;
  if (c.rank !== undefined) next.rank = c.rank;
  if (c.reminders !== undefined) next.reminders = c.reminders;
  if (c.status !== undefined) {
    next.completed_date = completedDateAfter(a, c.status, now.toISOString());
    next.status = c.status;
  }
  if (c.subtasks !== undefined) next.subtasks = subtaskList(c.subtasks, now);
  if (c.notes !== undefined) next.notes = noteList(c.notes, now);
  if (c.repeat !== undefined) next.repeat = repeatOf(c.repeat);
  return next;
}

/**
 * The entries after a write to one of them, or null when the server would change nothing: an
 * entry added again (a resent create) is there already, an entry changed or removed is gone.
 */
function entryWritten(a: Assignment, m: Mutation, now: Date): Partial<Assignment> | null {
  const has = (list: readonly { id: string }[], id: string) => list.some((e) => e.id === id);
  // Added alone, an entry goes last (its stored order is addedEntryOrder, mutationRules.ts).
  switch (m.kind) {
    case 'addSubtask': {
      if (has(a.subtasks, m.subtask.id)) return null;
      const s: Subtask = {
        id: m.subtask.id,
        title: m.subtask.title,
        completed: m.subtask.completed === true,
        created_date: entryCreatedDate(now),
        estimate_minutes: m.subtask.estimate_minutes ?? null,
      };
      return { subtasks: [...a.subtasks, s] };
    }
    case 'changeSubtask': {
      if (!has(a.subtasks, m.subtaskId)) return null;
      const { completed, title, estimate_minutes } = m.changes;
      return {
        subtasks: a.subtasks.map((s) =>
          s.id !== m.subtaskId
            ? s
            : {
                ...s,
                ...(completed !== undefined ? { completed } : {}),
                ...(title !== undefined ? { title } : {}),
                ...(estimate_minutes !== undefined ? { estimate_minutes } : {}),
              },
        ),
      };
    }
    case 'removeSubtask':
      if (!has(a.subtasks, m.subtaskId)) return null;
      return { subtasks: a.subtasks.filter((s) => s.id !== m.subtaskId) };
    case 'addNote': {
      if (has(a.notes, m.note.id)) return null;
      const n: Note = { id: m.note.id, text: m.note.text, created_date: entryCreatedDate(now) };
      return { notes: [...a.notes, n] };
    }
    case 'editNote':
      if (!has(a.notes, m.noteId)) return null;
      return { notes: a.notes.map((n) => (n.id === m.noteId ? { ...n, text: m.text } : n)) };
    case 'removeNote':
      if (!has(a.notes, m.noteId)) return null;
      return { notes: a.notes.filter((n) => n.id !== m.noteId) };
    default:
      return null;
  }
}

/**
 * The assignment after `m`, as the server will store it at `now`: `current` is the copy it is
 * applied to (null when there is none), and `column` the cards of a new card's column (a create
 * places it there by due date). Null when the assignment does not exist after it. A write the server
 * would refuse or find done already (a stale `version`, a create or an added entry that exists,
 * a change to an entry that is gone) answers `current` itself, so applying a mutation twice
 * gives what applying it once gives. Every other write raises the version by one.
 */
export function apply(
  m: Mutation,
  current: Assignment | null,
  now: Date,
  column: readonly PlacedCard[] = [],
): Assignment | null {
  if (m.kind === 'create') return current ?? created(m, now, column);
  if (m.kind === 'delete' || !current) return null;
  let next: Assignment;
  if (m.kind === 'update') {
    if (isStaleVersion(m.changes.version, current.version)) return current;
    next = updated(current, m.changes, now);
  } else {
    const entries = entryWritten(current, m, now);
    if (!entries) return current;
    next = { ...current, ...entries };
  }
  return { ...next, version: nextVersion(current.version), updated_at: now.toISOString() };
}

/** The board (every assignment, in board order) after `m`. */
export function applyToBoard(
  list: readonly Assignment[],
  m: Mutation,
  now: Date,
): readonly Assignment[] {
  const current = list.find((a) => a.id === m.id) ?? null;
  const status = m.kind === 'create' ? (m.body.status ?? 'new') : null;
  const next = apply(
    m,
    current,
    now,
    list.filter((a) => a.status === status),
  );
  if (next === current) return list;
  const rest = list.filter((a) => a.id !== m.id);
  return (next ? [...rest, next] : rest).sort(compareAssignments);
}
