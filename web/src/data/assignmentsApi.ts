import type {
  Assignment,
  AttachedFile,
  PathOf,
  Repeat,
  RepeatScope,
  Status,
} from '@brainboard/domain';
import { NEW_ASSIGNMENT_WITHOUT_ID } from '@brainboard/domain';
import { callEndpoint } from './api/call.ts';
import { API_MESSAGES, ApiError, type ApiClient } from './api/client.ts';

/**
 * Data access for assignments, named by intent (docs/architecture.md). Every
 * function takes the API client so tests can pass a fake one. Subtasks and
 * notes change one at a time, so two devices never overwrite each other.
 */

export interface AssignmentInput {
  /** Chosen here, so that sending the same create again never makes a second one. */
  id?: string;
  title: string;
  description?: string;
  due_date?: string;
  status?: Status;
  subtasks?: {
    id: string;
    title: string;
    completed: boolean;
    estimate_minutes?: number | null;
  }[];
  notes?: string[];
  rank?: number;
  /** How it repeats (the rule, its end, the student's zone), or null. */
  repeat?: (Repeat & { zone?: string }) | null;
  /** Minutes before the due time; null means the student's defaults. */
  reminders?: number[] | null;
}

export type AssignmentChanges = Partial<
  Pick<Assignment, 'title' | 'description' | 'due_date' | 'status' | 'rank' | 'reminders'>
> & {
  /** The version the whole lists below were based on (required with them). */
  version?: number;
  subtasks?: {
    id: string;
    title: string;
    completed: boolean;
    created_date?: string;
    estimate_minutes?: number | null;
  }[];
  notes?: (string | { id: string; text: string })[];
  /** A new rule (null stops the repeat; the cards that exist stay). */
  repeat?: (Repeat & { zone?: string }) | null;
  /** For a repeating card: this card only, or the series from here on. */
  scope?: RepeatScope;
};

/** One subtask's change: ticked, renamed or estimated. */
const SUBTASK = 'PATCH /api/assignment/:id/subtasks/:subtaskId';

export async function fetchAssignments(api: ApiClient, signal?: AbortSignal) {
  return callEndpoint(api, 'GET /api/assignments', {}, undefined, { signal });
}

export type AssignmentsIfChanged =
  { changed: false } | { changed: true; assignments: Assignment[]; etag: string | null };

/**
 * GET /api/assignments for cheap polling: sends the last ETag, and a 304 answer means nothing
 * changed.
 */
export async function fetchAssignmentsIfChanged(
  api: Pick<ApiClient, 'conditionalGet'>,
  etag: string | null,
  signal?: AbortSignal,
): Promise<AssignmentsIfChanged> {
  const answer = await api.conditionalGet<unknown>(
    '/api/assignments' satisfies PathOf<'GET /api/assignments'>,
    etag,
    signal ? { signal } : {},
  );
  if (answer.notModified) return { changed: false };
  if (!Array.isArray(answer.body)) {
    throw new ApiError('bad-response', API_MESSAGES.unreadable);
  }
  return { changed: true, assignments: answer.body as Assignment[], etag: answer.etag };
}

export async function fetchAssignment(api: ApiClient, id: string) {
  return (await callEndpoint(api, 'GET /api/assignment/:id', { id })).item;
}

/** POST /api/assignment; the answer must carry the new id. */
export async function createAssignment(api: ApiClient, input: AssignmentInput) {
  const res = await callEndpoint(api, 'POST /api/assignment', {}, input);
  if (!res?.item?.id) throw new Error(NEW_ASSIGNMENT_WITHOUT_ID);
  return res.item;
}

/** PATCH /api/assignment with only the changed fields. */
export async function updateAssignment(api: ApiClient, id: string, changes: AssignmentChanges) {
  return (await callEndpoint(api, 'PATCH /api/assignment', {}, { id, ...changes })).item;
}

/** A fresh client-chosen id ("<kind>-<timestamp>-<random>") for an idempotent create. */
export function newClientId(kind: 'assignment' | 'note', now: number = Date.now()): string {
  return `${kind}-${now}-${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
}

/** The 409 of a whole-list write based on an old version: the current copy to start again from. */
function staleCopy(err: unknown): Assignment | null {
  if (!(err instanceof ApiError) || err.status !== 409) return null;
  const item = (err.body as { item?: Assignment } | undefined)?.item;
  return item && typeof item.version === 'number' ? item : null;
}

/**
 * A write that replaces a whole list (subtasks or notes): `change` builds it from a copy of
 * the assignment and the write names that copy's version. When another write came first
 * (409), the change is made again on the current copy the server answered, once.
 */
export async function replaceLists(
  api: ApiClient,
  current: Assignment,
  change: (a: Assignment) => Pick<AssignmentChanges, 'subtasks' | 'notes'>,
): Promise<Assignment> {
  const attempt = (a: Assignment) =>
    updateAssignment(api, a.id, { ...change(a), version: a.version });
  try {
    return await attempt(current);
  } catch (err) {
    const fresh = staleCopy(err);
    if (!fresh) throw err;
    return attempt(fresh);
  }
}

/** A drag: the new column and the new place in it (`rank`, smaller first). */
export async function moveAssignment(api: ApiClient, id: string, status: Status, rank: number) {
  return updateAssignment(api, id, { status, rank });
}

/** A neighbour renumbered by a drag: its place only, never its column. */
export async function rerankAssignment(api: ApiClient, id: string, rank: number) {
  return updateAssignment(api, id, { rank });
}

/**
 * Deletes an assignment. For the open card of a repeat, `scope` says whether only this one goes
 * (the series' next card comes, and is answered) or the repeat stops too.
 */
export async function deleteAssignment(
  api: ApiClient,
  id: string,
  scope?: RepeatScope,
): Promise<Assignment | null> {
  const body = await callEndpoint(
    api,
    'DELETE /api/assignment',
    {},
    scope ? { id, scope } : { id },
  );
  return body?.next ?? null;
}

export async function addSubtask(
  api: ApiClient,
  assignmentId: string,
  subtask: { id: string; title: string; estimate_minutes?: number },
) {
  return (
    await callEndpoint(api, 'POST /api/assignment/:id/subtasks', { id: assignmentId }, subtask)
  ).item;
}

export async function toggleSubtask(
  api: ApiClient,
  assignmentId: string,
  subtaskId: string,
  completed: boolean,
) {
  return (await callEndpoint(api, SUBTASK, { id: assignmentId, subtaskId }, { completed })).item;
}

export async function renameSubtask(
  api: ApiClient,
  assignmentId: string,
  subtaskId: string,
  title: string,
) {
  return (await callEndpoint(api, SUBTASK, { id: assignmentId, subtaskId }, { title })).item;
}

/** One subtask's estimate in whole minutes, or null to clear it. */
export async function estimateSubtask(
  api: ApiClient,
  assignmentId: string,
  subtaskId: string,
  minutes: number | null,
) {
  return (
    await callEndpoint(
      api,
      SUBTASK,
      { id: assignmentId, subtaskId },
      {
        estimate_minutes: minutes,
      },
    )
  ).item;
}

export async function removeSubtask(api: ApiClient, assignmentId: string, subtaskId: string) {
  return (
    await callEndpoint(api, 'DELETE /api/assignment/:id/subtasks/:subtaskId', {
      id: assignmentId,
      subtaskId,
    })
  ).item;
}

export async function addNote(
  api: ApiClient,
  assignmentId: string,
  text: string,
  id: string = newClientId('note'),
) {
  return (
    await callEndpoint(api, 'POST /api/assignment/:id/notes', { id: assignmentId }, { id, text })
  ).item;
}

export async function editNote(api: ApiClient, assignmentId: string, noteId: string, text: string) {
  return (
    await callEndpoint(
      api,
      'PATCH /api/assignment/:id/notes/:noteId',
      { id: assignmentId, noteId },
      { text },
    )
  ).item;
}

export async function removeNote(api: ApiClient, assignmentId: string, noteId: string) {
  return (
    await callEndpoint(api, 'DELETE /api/assignment/:id/notes/:noteId', {
      id: assignmentId,
      noteId,
    })
  ).item;
}

/**
 * POST /api/upload-pdf (multipart field `file`): the stored file's id. With `assignmentId` the
 * file is attached to that assignment (also to one about to be created with that id). A
 * missing id is an error carrying the server's `error`, if any.
 */
export async function uploadPdf(
  api: ApiClient,
  file: File,
  assignmentId?: string,
): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const res: { file_id?: unknown; error?: unknown } | undefined = await callEndpoint(
    api,
    'POST /api/upload-pdf',
    {},
    form,
    { query: assignmentId ? { assignment_id: assignmentId } : {} },
  );
  if (typeof res?.file_id === 'string' && res.file_id !== '') return res.file_id;
  throw new Error(typeof res?.error === 'string' && res.error ? res.error : 'Unknown error');
}

export type { AttachedFile };

/** GET /api/assignment/{id}/files: the PDFs attached to the assignment, oldest first. */
export async function listAttachedFiles(
  api: ApiClient,
  assignmentId: string,
): Promise<AttachedFile[]> {
  const res = await callEndpoint(api, 'GET /api/assignment/:id/files', { id: assignmentId });
  return Array.isArray(res?.files) ? res.files : [];
}

/** DELETE /api/assignment/{id}/files/{fileId}: removes the file; the files still attached. */
export async function removeAttachedFile(
  api: ApiClient,
  assignmentId: string,
  fileId: string,
): Promise<AttachedFile[]> {
  const res = await callEndpoint(api, 'DELETE /api/assignment/:id/files/:fileId', {
    id: assignmentId,
    fileId,
  });
  return Array.isArray(res?.files) ? res.files : [];
}

/**
 * Removes files uploaded for a new assignment that was never created (its editor closed
 * without Create). Only when the server answers that the assignment does not exist: when it
 * does (a create that went through after all) or cannot be asked, the files stay.
 */
export async function dropUploadsOfUncreated(
  api: ApiClient,
  assignmentId: string,
  fileIds: readonly string[],
): Promise<void> {
  try {
    await fetchAssignment(api, assignmentId);
    return;
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404)) return;
  }
  for (const fileId of fileIds) {
    await removeAttachedFile(api, assignmentId, fileId).catch(() => undefined);
  }
}

/** GET /api/tasks/next-due: the task to focus on, or null when nothing is pending (204). */
export async function fetchNextDueTask(api: ApiClient, userId: string) {
  const task = await callEndpoint(api, 'GET /api/tasks/next-due', {}, undefined, {
    query: { userId, t: String(Date.now()) },
  });
  return task ?? null;
}
