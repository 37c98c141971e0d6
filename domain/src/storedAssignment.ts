import { ASSIGNMENT_STATUSES, type Status } from './constants.ts';
import type { Repeat } from './recurrence.ts';
import { storedEstimate, storedFocusMinutes } from './estimates.ts';
import type { Assignment, AssignmentSource, Note, Subtask } from './types.ts';

/**
 * Maps a stored `users/{uid}/assignments/{id}` document to the shape the API
 * answers (docs/architecture.md, The data model): subtasks and notes are stored as maps keyed by id
 * with
 * an `order`; a removed entry is deleted from its map. The API
 * (functions/src/assignments/store.ts) and the board's live listener both use
 * it, so the two can never disagree.
 */

interface StoredEntry {
  order?: unknown;
  created_date?: unknown;
}
interface StoredSubtask extends StoredEntry {
  title?: unknown;
  completed?: unknown;
  estimate_minutes?: unknown;
}
interface StoredNote extends StoredEntry {
  text?: unknown;
}

const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);

function byOrder<T extends StoredEntry>(entries: unknown): [string, T][] {
  if (!entries || typeof entries !== 'object') return [];
  return (Object.entries(entries as Record<string, T>) as [string, T][])
    .filter(([, v]) => !!v && typeof v === 'object' && typeof v.order === 'number')
    .sort(([, a], [, b]) => (a.order as number) - (b.order as number));
}

/** The stored version; a document written before versions existed reads as 1. */
function storedVersion(v: unknown): number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 1 ? v : 1;
}

function storedRepeat(v: unknown): Repeat | null {
  if (!v || typeof v !== 'object') return null;
  const r = v as { rrule?: unknown; until?: unknown };
  if (typeof r.rrule !== 'string') return null;
  return { rrule: r.rrule, until: typeof r.until === 'string' ? r.until : null };
}

export function assignmentFromDoc(id: string, doc: Record<string, unknown>): Assignment {
  const status = (ASSIGNMENT_STATUSES as readonly unknown[]).includes(doc.status)
    ? (doc.status as Status)
    : 'new';
  const subtasks: Subtask[] = byOrder<StoredSubtask>(doc.subtasks)
    .filter(([, s]) => typeof s.title === 'string')
    .map(([sid, s]) => ({
      id: sid,
      title: s.title as string,
      completed: s.completed === true,
      created_date: str(s.created_date),
      estimate_minutes: storedEstimate(s.estimate_minutes),
    }));
  const notes: Note[] = byOrder<StoredNote>(doc.notes)
    .filter(([, n]) => typeof n.text === 'string')
    .map(([nid, n]) => ({ id: nid, text: n.text as string, created_date: str(n.created_date) }));
  const deepDive =
    doc.deep_dive && typeof doc.deep_dive === 'object'
      ? (doc.deep_dive as Record<string, string>)
      : {};
  return {
    id,
    title: str(doc.title),
    description: str(doc.description),
    due_date: str(doc.due_date),
    status,
    subtasks,
    notes,
    completed_date: typeof doc.completed_date === 'string' ? doc.completed_date : null,
    deep_dive: deepDive,
    rank: typeof doc.rank === 'number' ? doc.rank : 0,
    reminders: storedReminders(doc.reminders),
    version: storedVersion(doc.version),
    series_id: typeof doc.series_id === 'string' ? doc.series_id : null,
    repeat: storedRepeat(doc.repeat),
    focus_minutes: storedFocusMinutes(doc.focus_minutes),
    created_at: str(doc.created_at),
    updated_at: str(doc.updated_at),
    source: sourceFromDoc(doc.source),
    due_moved_from: typeof doc.due_moved_from === 'string' ? doc.due_moved_from : null,
    source_gone: doc.source_gone === true,
  };
}

function sourceFromDoc(value: unknown): AssignmentSource | null {
  if (!value || typeof value !== 'object') return null;
  const s = value as Record<string, unknown>;
  if (s.kind !== 'lms' && s.kind !== 'syllabus') return null;
  if (typeof s.feed_id !== 'string' || typeof s.uid !== 'string') return null;
  return {
    kind: s.kind,
    feed_id: s.feed_id,
    uid: s.uid,
    course: str(s.course),
    url: str(s.url),
    name: str(s.name),
  };
}

/** A stored reminder list: null (the student's defaults) unless it is a list of minutes. */
function storedReminders(value: unknown): number[] | null {
  return Array.isArray(value) ? value.filter((n): n is number => typeof n === 'number') : null;
}
