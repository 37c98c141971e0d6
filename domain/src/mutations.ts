/**
 * Every write of an assignment as a typed mutation (what it does, to which card, with which
 * arguments), how each is sent (one endpoint of the contract), and how an update changes a card
 * (`applyUpdate`; every kind: `apply` in mutationsApply.ts, which the board's first paint does
 * not load). The web app's data tier shows `apply`'s result at once and
 * lays the mutations still waiting over every copy the server sends; the server's store uses the
 * same rules (mutationRules.ts) for its field writes (docs/decisions/0020-one-write-pipeline.md).
 */
import type { z } from 'zod';
import type { Status } from './constants.ts';
import { requestOf, type BodyOf, type HttpMethod } from './contract.ts';
import {
  completedDateAfter,
  entryCreatedDate,
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
  /**
   * "Skip to next …" on an open repeating card: from the due date `from` to the rule's next date,
   * `to` as this device reads it (the server works it out again from the repeat it holds).
   */
  | { kind: 'skip'; id: string; from: string; to: string }
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
    case 'skip':
      return call('POST /api/assignment/:id/skip', one, { from: m.from });
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
export function subtaskList(list: readonly SubtaskInput[], now: Date): Subtask[] {
  return list.map((s, i) => ({
    id: s.id ?? `local-${i}`,
    title: s.title ?? s.text ?? '',
    completed: s.completed === true,
    created_date: entryCreatedDate(now, s.created_date),
    estimate_minutes: s.estimate_minutes ?? null,
  }));
}

export function noteList(list: readonly unknown[], now: Date): Note[] {
  return (list as NoteInput[]).map((n, i) => {
    const note = typeof n === 'string' ? { text: n } : n;
    return {
      id: ('id' in note && note.id) || `local-note-${i}`,
      text: note.text,
      created_date: entryCreatedDate(now, 'created_date' in note ? note.created_date : undefined),
    };
  });
}

export const repeatOf = (
  r: { rrule: string; until?: string | null | undefined } | null,
): Repeat | null => (r ? { rrule: r.rrule, until: r.until ?? null } : null);

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

/** `next` as a write at `now` stores it: one version after `current`. */
export const stamped = (current: Assignment, next: Assignment, now: Date): Assignment => ({
  ...next,
  version: nextVersion(current.version),
  updated_at: now.toISOString(),
});

/**
 * `apply` of an update alone (fields, a move, a rank, lists with their version), for callers
 * that make no other kind: the board's drag needs no more code in its first paint.
 */
export function applyUpdate(
  m: Extract<Mutation, { kind: 'update' }>,
  current: Assignment,
  now: Date,
): Assignment {
  if (isStaleVersion(m.changes.version, current.version)) return current;
  return stamped(current, updated(current, m.changes, now), now);
}
