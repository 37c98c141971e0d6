import {
  rankForNewCard,
  type Assignment,
  type Note,
  type PathOf,
  type Status,
  type Subtask,
} from '@brainboard/domain';
import { ApiError, type HttpMethod } from '../api/client.ts';
import { sortByRank } from '../../board/columns.ts';
import type { WriteRequest } from './pending.ts';

/**
 * What the queue of writes kept on this device does, with no storage and no clock of its own:
 * which assignment a write changes, how the board shows it before the server has seen it, and
 * what to do with a waiting write given the server's answer when it is sent.
 */

/** One waiting write: the same call the online path makes, plus what names it to the student. */
export interface QueuedWrite extends WriteRequest {
  /** Unique per entry; entries are sent in the order they were kept. */
  key: string;
  /** The assignment it changes (for a create, the id the device chose). */
  assignmentId: string;
  /** The assignment's title when the write was kept, to name it in a message. */
  title: string;
  /** When it was kept (ISO). */
  keptAt: string;
}

type EntryRoute = {
  kind: 'subtask' | 'note';
  id: string;
  entry: string | null;
  method: HttpMethod;
};
type Route = { kind: 'create' | 'update' | 'delete'; id: string } | EntryRoute;

type Body = Record<string, unknown>;
const bodyOf = (w: WriteRequest): Body =>
  typeof w.body === 'object' && w.body !== null ? (w.body as Body) : {};

const ENTRY_PATH = /^\/api\/assignment\/([^/]+)\/(subtasks|notes)(?:\/([^/]+))?$/;

function routeOf(w: WriteRequest): Route | null {
  if (w.path === ('/api/assignment' satisfies PathOf<'PATCH /api/assignment'>)) {
    const id = bodyOf(w).id;
    if (typeof id !== 'string' || id === '') return null;
    if (w.method === 'POST') return { kind: 'create', id };
    if (w.method === 'PATCH') return { kind: 'update', id };
    if (w.method === 'DELETE') return { kind: 'delete', id };
    return null;
  }
  const m = ENTRY_PATH.exec(w.path);
  if (!m) return null;
  return {
    kind: m[2] === 'subtasks' ? 'subtask' : 'note',
    id: decodeURIComponent(m[1] as string),
    entry: m[3] === undefined ? null : decodeURIComponent(m[3]),
    method: w.method,
  };
}

/** The assignment a write changes, or null when it is not one the queue can keep. */
export function assignmentOf(w: WriteRequest): string | null {
  return routeOf(w)?.id ?? null;
}

const str = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);
const num = (v: unknown, fallback: number) => (typeof v === 'number' ? v : fallback);

function subtasksOf(list: unknown, today: string, before: readonly Subtask[]): Subtask[] {
  if (!Array.isArray(list)) return [...before];
  return (list as Body[]).map((s, i) => {
    const old = before.find((b) => b.id === s.id);
    return {
      id: str(s.id, `local-${i}`),
      title: str(s.title, ''),
      completed: s.completed === true,
      created_date: str(s.created_date, old?.created_date ?? today),
      estimate_minutes: typeof s.estimate_minutes === 'number' ? s.estimate_minutes : null,
    };
  });
}

function notesOf(list: unknown, today: string, before: readonly Note[]): Note[] {
  if (!Array.isArray(list)) return [...before];
  return (list as unknown[]).map((n, i) => {
    const entry = typeof n === 'string' ? { text: n } : (n as Body);
    const id = str(entry.id, `local-note-${i}`);
    const old = before.find((b) => b.id === id);
    return { id, text: str(entry.text, ''), created_date: old?.created_date ?? today };
  });
}

/** The assignment a create makes, as the server would answer it (placed by due date). */
function created(body: Body, at: string, list: readonly Assignment[]): Assignment {
  const today = at.slice(0, 10);
  const status = (body.status as Status | undefined) ?? 'new';
  const dueDate = str(body.due_date, '');
  const rank = num(
    body.rank,
    rankForNewCard(
      list.filter((a) => a.status === status),
      dueDate,
    ),
  );
  const repeat = body.repeat as Body | null | undefined;
  return {
    id: str(body.id, ''),
    title: str(body.title, ''),
    description: str(body.description, ''),
    due_date: dueDate,
    status,
    subtasks: subtasksOf(body.subtasks ?? [], today, []),
    notes: notesOf(body.notes ?? [], today, []),
    completed_date: status === 'done' ? at : null,
    deep_dive: {},
    rank,
    reminders: (body.reminders as number[] | null | undefined) ?? null,
    version: 1,
    series_id: null,
    repeat: repeat
      ? { rrule: str(repeat.rrule, ''), until: (repeat.until as string) ?? null }
      : null,
    created_at: at,
    updated_at: at,
    source: null,
    due_moved_from: null,
    source_gone: false,
  };
}

/** The assignment after a field-level PATCH: only the fields the write names. */
function updated(a: Assignment, body: Body, at: string): Assignment {
  const today = at.slice(0, 10);
  const next: Assignment = { ...a };
  if (typeof body.title === 'string') next.title = body.title;
  if (typeof body.description === 'string') next.description = body.description;
  if (typeof body.due_date === 'string') next.due_date = body.due_date;
  if (typeof body.rank === 'number') next.rank = body.rank;
  if (body.reminders !== undefined) next.reminders = body.reminders as number[] | null;
  if (typeof body.status === 'string') {
    const status = body.status as Status;
    next.completed_date =
      status !== 'done' ? null : a.status === 'done' ? a.completed_date : (a.completed_date ?? at);
    next.status = status;
  }
  if (body.subtasks !== undefined) next.subtasks = subtasksOf(body.subtasks, today, a.subtasks);
  if (body.notes !== undefined) next.notes = notesOf(body.notes, today, a.notes);
  if (body.repeat !== undefined) {
    const r = body.repeat as Body | null;
    next.repeat = r ? { rrule: str(r.rrule, ''), until: (r.until as string) ?? null } : null;
  }
  return next;
}

function entryChanged<E extends { id: string }>(
  list: readonly E[],
  method: HttpMethod,
  entryId: string | null,
  body: Body,
  make: (b: Body) => E,
  edit: (e: E, b: Body) => E,
): E[] {
  if (method === 'POST') {
    const made = make(body);
    return list.some((e) => e.id === made.id) ? [...list] : [...list, made];
  }
  if (method === 'DELETE') return list.filter((e) => e.id !== entryId);
  return list.map((e) => (e.id === entryId ? edit(e, body) : e));
}

/** One assignment after a subtask or note write. */
function entryWritten(a: Assignment, route: EntryRoute, body: Body, at: string) {
  const today = at.slice(0, 10);
  if (route.kind === 'subtask') {
    const subtasks = entryChanged<Subtask>(
      a.subtasks,
      route.method,
      route.entry,
      body,
      (b) => ({
        id: str(b.id, `local-${at}`),
        title: str(b.title, ''),
        completed: b.completed === true,
        created_date: today,
        estimate_minutes: typeof b.estimate_minutes === 'number' ? b.estimate_minutes : null,
      }),
      (s, b) => ({
        ...s,
        ...(typeof b.completed === 'boolean' ? { completed: b.completed } : {}),
        ...(typeof b.title === 'string' ? { title: b.title } : {}),
        ...(b.estimate_minutes !== undefined
          ? { estimate_minutes: b.estimate_minutes as number | null }
          : {}),
      }),
    );
    return { ...a, subtasks };
  }
  const notes = entryChanged<Note>(
    a.notes,
    route.method,
    route.entry,
    body,
    (b) => ({ id: str(b.id, `local-${at}`), text: str(b.text, ''), created_date: today }),
    (n, b) => (typeof b.text === 'string' ? { ...n, text: b.text } : n),
  );
  return { ...a, notes };
}

/**
 * The board with one waiting write applied as the server would apply it. Applying the same
 * write twice gives the same board (a create or an added entry that is there already stays
 * once), so the writes can be laid over a copy that already shows some of them. Each write
 * raises the version by one, as every write on the server does.
 */
export function applyWrite(
  list: readonly Assignment[],
  w: WriteRequest,
  at: string,
): readonly Assignment[] {
  const route = routeOf(w);
  if (!route) return list;
  const body = bodyOf(w);
  if (route.kind === 'delete') return list.filter((a) => a.id !== route.id);
  if (route.kind === 'create') {
    if (list.some((a) => a.id === route.id)) return list;
    return sortByRank([...list, created(body, at, list)]);
  }
  const current = list.find((a) => a.id === route.id);
  if (!current) return list;
  const next =
    route.kind === 'update'
      ? updated(current, body, at)
      : route.kind === 'subtask' || route.kind === 'note'
        ? entryWritten(current, route, body, at)
        : current;
  const stamped: Assignment = {
    ...next,
    version: current.version + 1,
    updated_at: current.updated_at > at ? current.updated_at : at,
  };
  return sortByRank(list.map((a) => (a.id === route.id ? stamped : a)));
}

/** The board with every waiting write applied, in order. */
export function applyWrites(
  list: readonly Assignment[],
  writes: readonly QueuedWrite[],
): readonly Assignment[] {
  return writes.reduce((l, w) => applyWrite(l, w, w.keptAt), list);
}

/** What the caller of a kept write receives: the answer the server would have given. */
export function answerFor(w: WriteRequest, list: readonly Assignment[]): unknown {
  const route = routeOf(w);
  if (!route || route.kind === 'delete') return { ok: true };
  return { item: list.find((a) => a.id === route.id) };
}

/** What to do with a waiting write once it has been sent. */
export type Outcome =
  /** Saved (or already as asked): drop it, show the server's answer. */
  | { kind: 'sent' }
  /** Still no connection, or the server cannot take it now: keep it and every later one. */
  | { kind: 'wait' }
  /**
   * The server refused it: drop it and tell the student. `cardGone` drops the other waiting
   * writes of that assignment too (the server no longer has it).
   */
  | { kind: 'refused'; message: string; cardGone: boolean };

/** The server's text for an assignment that no longer exists. */
const ASSIGNMENT_GONE = 'That assignment does not exist.';

function refusedMessage(title: string, status: number, detail: string): string {
  const name = `“${title}”`;
  if (status === 404) {
    return `${name} was deleted on another device, so the change you made to it offline was not saved. If you still need it, add it again.`;
  }
  if (status === 409) {
    return `${name} was changed on another device while you were offline, so your change to its list was not saved. Open it to see the latest copy and make the change again.`;
  }
  return `A change you made offline to ${name} was not saved: ${detail} Open it to see the saved copy and try again.`;
}

/** The outcome of sending `w`: `err` is what the send threw, or null when it was answered ok. */
export function outcomeOf(w: QueuedWrite, err: unknown, online: boolean): Outcome {
  if (err === null) return { kind: 'sent' };
  if (!(err instanceof ApiError) || err.status === undefined || !online) return { kind: 'wait' };
  const status = err.status;
  // Not signed in right now, too many requests, or the server is down: try again later.
  if (status === 401 || status === 408 || status === 429 || status >= 500) return { kind: 'wait' };
  const route = routeOf(w);
  // Deleting what is gone already (an earlier send whose answer was lost) is done.
  if (status === 404 && w.method === 'DELETE') return { kind: 'sent' };
  const cardGone =
    status === 404 &&
    (route?.kind === 'update' || route?.kind === 'delete' || err.serverError === ASSIGNMENT_GONE);
  const detail = err.serverError ?? err.message;
  const entryGone = status === 404 && !cardGone;
  return {
    kind: 'refused',
    message: entryGone
      ? `A step or note of “${w.title}” was deleted on another device, so the change you made to it offline was not saved. Open it to see the latest copy.`
      : refusedMessage(w.title, status, detail),
    cardGone,
  };
}

/** The waiting writes after `w` was refused. */
export function withoutRefused(
  writes: readonly QueuedWrite[],
  w: QueuedWrite,
  cardGone: boolean,
): QueuedWrite[] {
  return writes.filter((x) => x.key !== w.key && !(cardGone && x.assignmentId === w.assignmentId));
}
