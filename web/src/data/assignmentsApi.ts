import type {
  Assignment,
  AssignmentCreateBody,
  AssignmentPatchBody,
  AttachedFile,
  Mutation,
  PathOf,
  RepeatScope,
} from '@brainboard/domain';
import { NEW_ASSIGNMENT_WITHOUT_ID } from '@brainboard/domain';
import { callEndpoint } from './api/call.ts';
import { API_MESSAGES, ApiError, type ApiClient } from './api/client.ts';
import { sendMutation } from './outbox/pending.ts';

/**
 * Data access for assignments, named by intent (docs/architecture.md). Every
 * function takes the API client so tests can pass a fake one. Every write is a typed mutation
 * (domain/src/mutations.ts) sent through the outbox. Subtasks and notes change one at a time,
 * so two devices never overwrite each other.
 */

/** A new assignment, as the contract types POST /api/assignment (its id chosen here). */
export type AssignmentInput = AssignmentCreateBody & { id: string };

/** A change of an assignment: only the fields that change, as PATCH /api/assignment takes them. */
export type AssignmentChanges = Omit<AssignmentPatchBody, 'id'>;

type Item = { item: Assignment };

/** Sends one mutation through the outbox; the assignment as the server answered it. */
const write = async (api: ApiClient, m: Mutation) => (await sendMutation<Item>(api, m)).item;

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
  const res = await sendMutation<Item | undefined>(api, {
    kind: 'create',
    id: input.id,
    body: input,
  });
  if (!res?.item?.id) throw new Error(NEW_ASSIGNMENT_WITHOUT_ID);
  return res.item;
}

/** PATCH /api/assignment with only the changed fields. */
export async function updateAssignment(api: ApiClient, id: string, changes: AssignmentChanges) {
  return write(api, { kind: 'update', id, changes });
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

/**
 * Deletes an assignment. For the open card of a repeat, `scope` says whether only this one goes
 * (the series' next card comes, and is answered) or the repeat stops too.
 */
export async function deleteAssignment(
  api: ApiClient,
  id: string,
  scope?: RepeatScope,
): Promise<Assignment | null> {
  const body = await sendMutation<{ next?: Assignment | null } | undefined>(api, {
    kind: 'delete',
    id,
    scope,
  });
  return body?.next ?? null;
}

export const addSubtask = (
  api: ApiClient,
  assignmentId: string,
  subtask: { id: string; title: string; estimate_minutes?: number },
) => write(api, { kind: 'addSubtask', id: assignmentId, subtask });

export const toggleSubtask = (
  api: ApiClient,
  assignmentId: string,
  subtaskId: string,
  completed: boolean,
) => write(api, { kind: 'changeSubtask', id: assignmentId, subtaskId, changes: { completed } });

export const renameSubtask = (
  api: ApiClient,
  assignmentId: string,
  subtaskId: string,
  title: string,
) => write(api, { kind: 'changeSubtask', id: assignmentId, subtaskId, changes: { title } });

/** One subtask's estimate in whole minutes, or null to clear it. */
export const estimateSubtask = (
  api: ApiClient,
  assignmentId: string,
  subtaskId: string,
  minutes: number | null,
) =>
  write(api, {
    kind: 'changeSubtask',
    id: assignmentId,
    subtaskId,
    changes: { estimate_minutes: minutes },
  });

export const removeSubtask = (api: ApiClient, assignmentId: string, subtaskId: string) =>
  write(api, { kind: 'removeSubtask', id: assignmentId, subtaskId });

export const addNote = (
  api: ApiClient,
  assignmentId: string,
  text: string,
  id: string = newClientId('note'),
) => write(api, { kind: 'addNote', id: assignmentId, note: { id, text } });

export const editNote = (api: ApiClient, assignmentId: string, noteId: string, text: string) =>
  write(api, { kind: 'editNote', id: assignmentId, noteId, text });

export const removeNote = (api: ApiClient, assignmentId: string, noteId: string) =>
  write(api, { kind: 'removeNote', id: assignmentId, noteId });

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
