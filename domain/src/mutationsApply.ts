/**
 * `apply`: the assignment after any mutation, as the server will store it, built from the rules
 * defined once in mutationRules.ts (docs/decisions/0020-one-write-pipeline.md). Apart from
 * mutations.ts so that code that only updates (the board's drag) does not load creates and
 * entries.
 */
import { compareAssignments, rankForNewCard, type PlacedCard } from './boardOrder.ts';
import type { Status } from './constants.ts';
import { completedDateAfter, entryCreatedDate, FIRST_VERSION } from './mutationRules.ts';
import {
  applyUpdate,
  noteList,
  repeatOf,
  stamped,
  subtaskList,
  type Mutation,
} from './mutations.ts';
import type { Assignment, Note, Subtask } from './types.ts';

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
 * a change to an entry that is gone, a skip from a due date the card has left) answers `current` itself, so applying a mutation twice
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
  if (m.kind === 'update') return applyUpdate(m, current, now);
  // A skip moves the card once: a copy that has moved on from `from` already shows it.
  if (m.kind === 'skip') {
    return current.due_date === m.from
      ? stamped(current, { ...current, due_date: m.to }, now)
      : current;
  }
  const entries = entryWritten(current, m, now);
  return entries ? stamped(current, { ...current, ...entries }, now) : current;
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
