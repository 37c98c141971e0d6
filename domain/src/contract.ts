/**
 * The HTTP contract of the API, one entry per endpoint, keyed "<METHOD> <path>" with the path's
 * ids as Express writes them (":id"): the request body it takes, its query and its answer. The
 * web app calls every endpoint listed here by its key, so a path or an answer's shape cannot
 * drift between the modules that use it. Request bodies are the input types of the zod schemas
 * the server validates them with. The contract is types only: it costs nothing at run time
 * beyond the keys themselves.
 */
import type { z } from 'zod';
import type { repeatScopeSchema } from './recurrence.ts';
import type { assignmentCreateSchema, assignmentPatchSchema, noteCreateSchema } from './schemas.ts';
import type { Assignment } from './types.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What one endpoint takes and answers; a `never` query means it takes none. */
interface Route<Body, Answer, Query = never> {
  body: Body;
  answer: Answer;
  query: Query;
}

/** The answer of every write to one assignment: the assignment as stored after it. */
interface ItemAnswer {
  item: Assignment;
}

/** A change to one subtask: at least one of its fields. */
interface SubtaskChange {
  completed?: boolean;
  title?: string;
  /** Whole minutes, or null to clear it. */
  estimate_minutes?: number | null;
}

/** A multipart form (the browser's FormData), as a file upload sends it. */
interface MultipartForm {
  append(name: string, value: unknown, fileName?: string): void;
}

/** A PDF attached to an assignment. */
export interface AttachedFile {
  id: string;
  name: string;
  /** Bytes. */
  size: number;
  uploaded_at: string;
}

export interface ApiContract {
  /** Every assignment of the caller, in board order. */
  'GET /api/assignments': Route<undefined, Assignment[]>;
  'GET /api/assignment/:id': Route<undefined, ItemAnswer>;
  /** A client-chosen `id` makes it idempotent. */
  'POST /api/assignment': Route<z.input<typeof assignmentCreateSchema>, ItemAnswer>;
  /** Only the fields that changed; a whole list names the version it was based on. */
  'PATCH /api/assignment': Route<z.input<typeof assignmentPatchSchema>, ItemAnswer>;
  /** For the open card of a repeat, the series' next card is answered (scope "this"). */
  'DELETE /api/assignment': Route<
    { id: string; scope?: z.input<typeof repeatScopeSchema> },
    { next?: Assignment | null } | undefined
  >;
  'POST /api/assignment/:id/subtasks': Route<
    { id: string; title: string; completed?: boolean; estimate_minutes?: number },
    ItemAnswer
  >;
  'PATCH /api/assignment/:id/subtasks/:subtaskId': Route<SubtaskChange, ItemAnswer>;
  'DELETE /api/assignment/:id/subtasks/:subtaskId': Route<undefined, ItemAnswer>;
  'POST /api/assignment/:id/notes': Route<z.input<typeof noteCreateSchema>, ItemAnswer>;
  'PATCH /api/assignment/:id/notes/:noteId': Route<{ text: string }, ItemAnswer>;
  'DELETE /api/assignment/:id/notes/:noteId': Route<undefined, ItemAnswer>;
  /** Multipart (field `file`); with `assignment_id` the file is attached to that assignment. */
  'POST /api/upload-pdf': Route<MultipartForm, { file_id?: string }, { assignment_id?: string }>;
  /** The PDFs attached, oldest first. */
  'GET /api/assignment/:id/files': Route<undefined, { files?: AttachedFile[] }>;
  /** Removes one file; answers the files still attached. */
  'DELETE /api/assignment/:id/files/:fileId': Route<undefined, { files?: AttachedFile[] }>;
  /** The task to focus on; no answer (204) when nothing is pending. */
  'GET /api/tasks/next-due': Route<
    undefined,
    Assignment | undefined,
    { userId: string; t: string }
  >;
  /** Records a completed focus session on the student's local date; answers the streak. */
  'POST /api/focus/complete': Route<{ date: string }, { streak: number }>;
  /**
   * The task after `current`, skipping the ids in `seen` (comma-separated); no answer (204)
   * when no other task is pending.
   */
  'GET /api/focus/next': Route<
    undefined,
    Assignment | undefined,
    { current: string; seen: string; t: string }
  >;
}

export type EndpointKey = keyof ApiContract;

/** The ids a path names (":id" becomes `{ id: string }`). */
export type PathParams<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Record<Name, string> & PathParams<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Record<Name, string>
    : Record<never, string>;

/** The method and the path of an endpoint, its ids filled in (each URI-encoded). */
export function requestOf<K extends EndpointKey>(
  key: K,
  params: PathParams<K>,
): { method: HttpMethod; path: string } {
  const [method, template] = key.split(' ') as [HttpMethod, string];
  const ids = params as Record<string, string>;
  return {
    method,
    path: template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(ids[name] as string)),
  };
}
