/**
 * The HTTP contract of the API, one entry per JSON endpoint, keyed "<METHOD> <path>" with the
 * path's ids as Express writes them (":id"): the request body it takes, its query and its
 * answer. The web app calls every endpoint by its key (web/src/api/call.ts), the server types
 * each answer with `satisfies AnswerOf<key>`, and functions/src/contract.test.ts fails when the
 * router serves a route the contract lacks or the other way round. Request bodies are the input
 * types of the zod schemas the server validates them with. Types only: it costs nothing at run
 * time beyond the keys themselves (docs/decisions/0010-typed-contract.md).
 */
import type { z } from 'zod';
import type {
  AcceptanceAnswer,
  AttachedFile,
  CalendarSaveAnswer,
  FocusEventAnswer,
  GrantAnswer,
  ItemAnswer,
  LmsFeed,
  LmsFeedPreview,
  OkAnswer,
  PushDevice,
  ReminderActionAnswer,
  SuggestedSubtask,
  UserUpdateAnswer,
} from './apiShapes.ts';
import type { DeepDiveTool } from './constants.ts';
import type { PlanEndpoints } from './planApi.ts';
import type { CaptureAnswer, SyllabusImportCounts, SyllabusPreview } from './quickAddShapes.ts';
import type { repeatScopeSchema } from './recurrence.ts';
import type {
  acceptanceSchema,
  assignmentCreateSchema,
  assignmentPatchSchema,
  noteCreateSchema,
  skipSchema,
  userPatchSchema,
} from './schemas.ts';
import type { ImportReport, importBodySchema } from './dataTransfer.ts';
import type { Cheer, SharedBoard, SharedBoardEntry, ShareView } from './shares.ts';
import type {
  cheerSchema,
  shareAcceptSchema,
  shareCreateSchema,
  sharePatchSchema,
} from './shareSchemas.ts';
import type { Assignment, ChatMessage, UserProfile } from './types.ts';
import type { WhatNow } from './whatNow.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What one endpoint takes and answers; a `never` query means it takes none. */
interface Route<Body, Answer, Query = never> {
  body: Body;
  answer: Answer;
  query: Query;
}

/** An empty JSON object, the body of a POST that needs none. */
type NoFields = Record<string, never>;

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

/** A chat turn as it is sent and saved (system messages are never sent). */
interface ChatTurn {
  role: ChatMessage['role'];
  content: string;
}

/** The body of both chats: the new prompt, optional context, and the earlier turns. */
interface ChatBody {
  prompt: string;
  file_id?: string;
  assignment_id?: string;
  /** Earlier turns, oldest first. */
  messages?: ChatTurn[];
}

/**
 * A Server-Sent-Events answer: `data` events carry the reply's text as it comes, one `error`
 * event a sentence to show, and `done` ends it.
 */
export interface EventStream {
  readonly eventStream: true;
}

/** The signed-in student, their profile and consent. */
interface UserEndpoints {
  /** Whether the API and its database answer (no sign-in). */
  'GET /api/health': Route<
    undefined,
    { ok: boolean; database: 'reachable' | 'unreachable'; error?: string }
  >;
  /** The caller's profile, created on the first call; its CSRF token travels with it. */
  'GET /api/session': Route<undefined, { user: UserProfile }>;
  /** Ends this device's sign-in; other devices stay signed in. */
  'POST /api/auth/logout': Route<undefined, OkAnswer>;
  'POST /api/auth/google/grant': Route<NoFields, GrantAnswer>;
  /** At least one field; answers the fields stored. */
  'PATCH /api/user/:id': Route<z.input<typeof userPatchSchema>, UserUpdateAnswer>;
  /** Deletes the account and everything in it. */
  'DELETE /api/user/:id': Route<undefined, OkAnswer>;
  'POST /api/acceptance': Route<z.input<typeof acceptanceSchema>, AcceptanceAnswer>;
}

/** Assignments, their subtasks, notes and files. */
interface AssignmentEndpoints {
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
    (OkAnswer & { next: Assignment | null }) | undefined
  >;
  /** Moves an open repeating card's due date to its rule's next date, once from `from`. */
  'POST /api/assignment/:id/skip': Route<z.input<typeof skipSchema>, ItemAnswer>;
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
  'POST /api/upload-pdf': Route<
    MultipartForm,
    { file_id: string; name: string; size: number; pages: number },
    { assignment_id?: string }
  >;
  /** The PDFs attached, oldest first. */
  'GET /api/assignment/:id/files': Route<undefined, { files: AttachedFile[] }>;
  /** Removes one file; answers the files still attached. */
  'DELETE /api/assignment/:id/files/:fileId': Route<undefined, { files: AttachedFile[] }>;
  /** Adds or updates the assignment's event, placed at its due time in `time_zone`. */
  'POST /api/assignment/:id/save-to-calendar': Route<{ time_zone?: string }, CalendarSaveAnswer>;
}

/** Focus Mode and what to do next. */
interface FocusEndpoints {
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
  /** One event of a focus session; the server counts the minutes with its own clock. */
  'POST /api/assignment/:id/focus-sessions': Route<
    { session_id: string; event: 'start' | 'pause' | 'resume' | 'finish' },
    FocusEventAnswer
  >;
  /**
   * The next step at the student's wall-clock time in `tz` (UTC when left out), passing over
   * the ids in `skip`; no answer (204) when nothing is pending.
   */
  'GET /api/what-now': Route<undefined, WhatNow | undefined, { tz?: string; skip?: string }>;
}

/** AI Help, its saved chats, suggested steps and the Deep Dive tools. */
interface AiEndpoints {
  'POST /api/ai-help-chat': Route<ChatBody, EventStream>;
  /** The same chat in brainstorming mode. */
  'POST /api/ai-idea-chat': Route<ChatBody, EventStream>;
  /** The saved chat of an assignment. */
  'GET /api/ai-help-load': Route<undefined, { ai_help: ChatMessage[] }, { assignment_id: string }>;
  /** Replaces the saved chat; answers how many messages were kept. */
  'POST /api/ai-help-save': Route<
    { assignment_id: string; messages: ChatTurn[] },
    OkAnswer & { saved: number }
  >;
  'POST /api/ai-suggest-subtasks': Route<
    { prompt: string; file_id?: string },
    { subtasks: SuggestedSubtask[] }
  >;
  /** One tool's text, which the server also stores on the assignment. */
  'POST /api/ai-deep-dive': Route<
    { assignment_id: string; prompt: string; feature: DeepDiveTool; file_id?: string },
    { deep_dive: string }
  >;
}

/** Deadlines imported from the school's calendar feeds. */
interface LmsEndpoints {
  /** What importing the link would add; stores nothing. */
  'POST /api/lms-feeds/preview': Route<{ url: string }, LmsFeedPreview>;
  /** Imports the feed (the same link twice keeps one feed). */
  'POST /api/lms-feeds': Route<{ url: string }, LmsFeed>;
  'GET /api/lms-feeds': Route<undefined, { feeds: LmsFeed[] }>;
  'POST /api/lms-feeds/:id/sync': Route<undefined, LmsFeed>;
  /** Stops importing; the assignments already imported stay. */
  'DELETE /api/lms-feeds/:id': Route<undefined, OkAnswer>;
}

/** Quick add, the brain dump and syllabus import (docs/product.md, Quick add). */
interface CaptureEndpoints {
  /** Reads plain words into proposed assignments; writes nothing. */
  'POST /api/capture/parse': Route<
    { text: string; mode?: 'one' | 'many'; locale?: string },
    CaptureAnswer
  >;
  /** The dated items of an uploaded syllabus PDF; stores the preview for the import. */
  'POST /api/syllabus/preview': Route<{ file_id: string; locale?: string }, SyllabusPreview>;
  /** Adds (or brings up to date) the chosen items; deletes nothing. */
  'POST /api/syllabus/import': Route<
    {
      file_id: string;
      keys: string[];
      /** The student's own changes made in the preview, by key. */
      edits?: Record<string, { title?: string; due_date?: string }>;
    },
    SyllabusImportCounts
  >;
}

/** Reminders: Web Push devices, a notification's buttons, and the calendar feed's link. */
interface ReminderEndpoints {
  /** The VAPID public key a browser subscribes with. */
  'GET /api/push/public-key': Route<undefined, { publicKey: string }>;
  'GET /api/push/subscriptions': Route<undefined, PushDevice[]>;
  /** The browser's PushSubscription.toJSON() and a name for the device. */
  'POST /api/push/subscriptions': Route<
    {
      subscription: {
        endpoint: string;
        expirationTime?: number | null;
        keys: { p256dh: string; auth: string };
      };
      device_name: string;
    },
    { id: string }
  >;
  'DELETE /api/push/subscriptions/:id': Route<undefined, OkAnswer>;
  /** Sends a test reminder to one device. */
  'POST /api/push/subscriptions/:id/test': Route<NoFields, OkAnswer>;
  /** A notification's button, pressed with no page open: the signed token is the authority. */
  'POST /api/reminders/action': Route<{ token: string }, ReminderActionAnswer>;
  /** The link of the student's calendar feed (made on the first call). */
  'GET /api/calendar-feed': Route<undefined, { url: string }>;
  /** A new link; the old one stops working. */
  'POST /api/calendar-feed/rotate': Route<NoFields, { url: string }>;
}

/** A supporter's view of a student's board, and the cheers they send (docs/product.md). */
interface ShareEndpoints {
  /** A new invitation link; its token is the link's last path segment, shown this once. */
  'POST /api/shares': Route<z.input<typeof shareCreateSchema>, { id: string; url: string }>;
  'GET /api/shares': Route<undefined, { shares: ShareView[] }>;
  'PATCH /api/shares/:id': Route<z.input<typeof sharePatchSchema>, ShareView>;
  /** Stop sharing: the supporter's next read answers that the board is no longer shared. */
  'DELETE /api/shares/:id': Route<undefined, OkAnswer>;
  /** The cheers left on the caller's board this week, newest first. */
  'GET /api/cheers': Route<undefined, { cheers: Cheer[] }>;
  'DELETE /api/cheers/:id': Route<undefined, OkAnswer>;
  /** Binds the link's share to the signed-in supporter (one account per link). */
  'POST /api/shared/accept': Route<z.input<typeof shareAcceptSchema>, SharedBoardEntry>;
  'GET /api/shared': Route<undefined, { boards: SharedBoardEntry[] }>;
  'GET /api/shared/:id/board': Route<undefined, SharedBoard>;
  'POST /api/shared/:id/cheers': Route<z.input<typeof cheerSchema>, Cheer>;
  /** Merges a Brainboard, Todoist or Trello file into the board; never deletes. */
  'POST /api/import': Route<z.input<typeof importBodySchema>, ImportReport>;
}

/**
 * Every JSON endpoint of the API. Not listed: the pages a browser navigates to (the Google
 * sign-in redirects and the emulator's account chooser) and the calendar feed a calendar app
 * reads (`GET /api/calendar-feed/:file`), which answer HTML, redirects or iCalendar, and the
 * data download (`GET /api/export`), an attachment.
 */
export interface ApiContract
  extends
    UserEndpoints,
    AssignmentEndpoints,
    FocusEndpoints,
    AiEndpoints,
    LmsEndpoints,
    ReminderEndpoints,
    PlanEndpoints,
    CaptureEndpoints,
    ShareEndpoints {}

/** The request body an endpoint takes. */
export type BodyOf<K extends EndpointKey> = ApiContract[K]['body'];
/** What an endpoint answers. */
export type AnswerOf<K extends EndpointKey> = ApiContract[K]['answer'];

export type EndpointKey = keyof ApiContract;

/** The path of an endpoint as its key writes it ("/api/assignment/:id"). */
export type PathOf<K extends EndpointKey> = K extends `${string} ${infer Path}` ? Path : never;

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
