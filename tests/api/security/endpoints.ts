import { createHash } from 'node:crypto';
import { inject } from 'vitest';
import {
  DEEP_DIVE_TOOLS,
  DESCRIPTION_MAX_LENGTH,
  ESTIMATE_ERROR,
  NOTE_MAX_LENGTH,
  NOTES_MAX_COUNT,
  PDF_MAX_BYTES,
  SUBTASK_MAX_LENGTH,
  SUBTASKS_MAX_COUNT,
  TITLE_MAX_LENGTH,
} from '@brainboard/domain';
import {
  HISTORY_MAX_MESSAGES,
  HISTORY_MESSAGE_MAX_CHARS,
  PROMPT_MAX_CHARS,
  SAVED_CHAT_MAX_CHARS,
  SAVED_CHAT_MAX_MESSAGES,
} from '../../../functions/src/ai/limits.ts';
import { samplePdf, type Ids, type Method, type Req } from '../../support/security.ts';

/**
 * Every endpoint the Express app serves behind sign-in (functions/src/app.ts mounts each
 * feature's routes.ts, such as functions/src/assignments/routes.ts), as data: a request its
 * owner may make, and the requests that must be refused. coverage.test.ts checks this list
 * against the app's own router, so a new route cannot be left out.
 */

/** A request with another student's id in it, by a caller who owns data of the same kinds. */
interface OtherCase {
  label: string;
  request: (own: Ids, other: Ids) => Req;
  status: number | number[];
  /** The exact error message, when the answer is an error. */
  error?: string;
  /** The exact body, when the answer is not an error. */
  body?: unknown;
}

/** A request by the owner with one value over its limit (or otherwise not valid). */
interface LimitCase {
  label: string;
  request: (own: Ids) => Req;
  status: number;
  error: string;
}

export interface Endpoint {
  method: Method;
  /** The path as the router declares it, under /api. */
  route: string;
  /** A request the owner of `own` may make. */
  request: (own: Ids) => Req;
  /** Statuses of a successful call. */
  ok: number[];
  /**
   * Whether a successful call stores something; by default every method but GET does. A POST
   * that only reads (a preview) says false, and still needs the CSRF header as every POST does.
   */
  stores?: boolean;
  others?: OtherCase[];
  limits?: LimitCase[];
}

export const nameOf = (e: Pick<Endpoint, 'method' | 'route'>) => `${e.method} /api${e.route}`;
export const changesState = (e: Endpoint) => e.method !== 'GET';
export const storesSomething = (e: Endpoint) => e.stores ?? changesState(e);
/** State-changing routes that take JSON (all but the multipart upload). */
export const takesJson = (e: Endpoint) => changesState(e) && e.route !== '/upload-pdf';

/** Public routes: browser navigations of the sign-in flow and the health check. */
export const PUBLIC_ROUTES = [
  'GET /api/health',
  'GET /api/auth/google',
  'GET /api/auth/google/callback',
  'GET /api/auth/google/emulator',
  // Signed-token routes (no sign-in): a notification's buttons and calendar apps.
  'POST /api/reminders/action',
  'GET /api/calendar-feed/:file',
];

const over = (n: number) => 'x'.repeat(n + 1);
const today = () => new Date().toISOString().slice(0, 10);
const j = (method: Method, path: string, json?: unknown): Req => ({ method, path, json });

const NOT_FOUND = 'That assignment does not exist.';
const DEVICE_NOT_FOUND = 'That device is not in your list.';
const P256DH = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
const AUTH = Buffer.alloc(16, 9).toString('base64url');
const subscribe = (endpoint: string, extra: object = {}) => ({
  subscription: { endpoint, keys: { p256dh: P256DH, auth: AUTH } },
  device_name: 'Laptop',
  ...extra,
});
const SUBTASK_NOT_FOUND = 'That subtask does not exist.';
const NOTE_NOT_FOUND = 'That note does not exist.';
const USER_NOT_FOUND = 'That user does not exist.';
const AI_ASSIGNMENT_NOT_FOUND = 'That assignment was not found. It may have been deleted.';
const FILE_NOT_FOUND = 'That file was not found. Please upload it again.';
const FEED_NOT_FOUND = 'That calendar feed does not exist.';
const emptyFeed = () => `${inject('stack').lms}feeds/security-empty.ics`;
const feedUrlLimits = (path: string): LimitCase[] => [
  {
    label: 'a url over 2048 characters',
    request: () => j('POST', path, { url: `https://example.edu/${over(2048)}` }),
    status: 400,
    error: 'url must be at most 2048 characters.',
  },
  {
    label: 'no url',
    request: () => j('POST', path, {}),
    status: 400,
    error: 'url is required.',
  },
];

/** The limits of an assignment's fields, for POST and PATCH /api/assignment. */
function assignmentLimits(body: (own: Ids, fields: object) => unknown, method: Method) {
  const cases: [string, object, string][] = [
    [
      `title over ${TITLE_MAX_LENGTH}`,
      { title: over(TITLE_MAX_LENGTH) },
      `title must be at most ${TITLE_MAX_LENGTH} characters.`,
    ],
    ['blank title', { title: '   ' }, 'title is required.'],
    [
      `description over ${DESCRIPTION_MAX_LENGTH}`,
      { description: over(DESCRIPTION_MAX_LENGTH) },
      `description must be at most ${DESCRIPTION_MAX_LENGTH} characters.`,
    ],
    [
      `more than ${SUBTASKS_MAX_COUNT} subtasks`,
      { subtasks: Array.from({ length: SUBTASKS_MAX_COUNT + 1 }, (_, i) => ({ title: `s${i}` })) },
      `subtasks must have at most ${SUBTASKS_MAX_COUNT} items.`,
    ],
    [
      `a subtask over ${SUBTASK_MAX_LENGTH}`,
      { subtasks: [{ title: 'ok' }, { title: over(SUBTASK_MAX_LENGTH) }] },
      `subtask title must be at most ${SUBTASK_MAX_LENGTH} characters.`,
    ],
    [
      `more than ${NOTES_MAX_COUNT} notes`,
      { notes: Array.from({ length: NOTES_MAX_COUNT + 1 }, (_, i) => `n${i}`) },
      `notes must have at most ${NOTES_MAX_COUNT} items.`,
    ],
    [
      `a note over ${NOTE_MAX_LENGTH}`,
      { notes: ['ok', over(NOTE_MAX_LENGTH)] },
      `note must be at most ${NOTE_MAX_LENGTH} characters.`,
    ],
  ];
  return cases.map(([label, fields, error]): LimitCase => ({
    label,
    request: (o) => j(method, '/api/assignment', body(o, fields)),
    status: 400,
    error,
  }));
}

/** The size caps of a chat request, for both chat routes. */
function chatLimits(path: string): LimitCase[] {
  return [
    {
      label: `prompt over ${PROMPT_MAX_CHARS}`,
      request: () => j('POST', path, { prompt: over(PROMPT_MAX_CHARS) }),
      status: 400,
      error: `prompt must be at most ${PROMPT_MAX_CHARS} characters.`,
    },
    {
      label: 'blank prompt',
      request: () => j('POST', path, { prompt: '  ' }),
      status: 400,
      error: 'prompt is required.',
    },
    {
      label: `more than ${HISTORY_MAX_MESSAGES} earlier messages`,
      request: () =>
        j('POST', path, {
          prompt: 'hi',
          messages: Array.from({ length: HISTORY_MAX_MESSAGES + 1 }, () => ({
            role: 'user',
            content: 'hi',
          })),
        }),
      status: 400,
      error: `messages must have at most ${HISTORY_MAX_MESSAGES} items.`,
    },
    {
      label: `an earlier message over ${HISTORY_MESSAGE_MAX_CHARS}`,
      request: () =>
        j('POST', path, {
          prompt: 'hi',
          messages: [{ role: 'user', content: over(HISTORY_MESSAGE_MAX_CHARS) }],
        }),
      status: 400,
      error: `Each message must be at most ${HISTORY_MESSAGE_MAX_CHARS} characters.`,
    },
  ];
}

const chatWithOthersFile = (path: string): OtherCase => ({
  label: "the other student's file_id",
  request: (_own, other) =>
    j('POST', path, { prompt: 'Summarise the brief', file_id: other.fileId }),
  status: 404,
  error: FILE_NOT_FOUND,
});

const pdfUpload = (name: string, bytes: Uint8Array, type = 'application/pdf', query = ''): Req => ({
  method: 'POST',
  path: `/api/upload-pdf${query}`,
  files: [{ name, bytes, type }],
});
const FILE_NOT_ATTACHED = 'That file is not attached to this assignment.';

/** The key of samplePdf's one dated item: course SEC 101, "Quiz 1". */
const SAMPLE_ITEM_KEY = `syl-${createHash('sha256').update('sec 101\nquiz 1').digest('hex').slice(0, 24)}`;
const NO_SUCH_SHARE = 'That supporter link does not exist.';
const NO_SUCH_BOARD = 'That shared board does not exist.';
const SCOPE = { steps: true, focus: false, descriptions: false };

/** Sharing with a supporter: the student's side and the supporter's. */
const SHARE_ENDPOINTS: Endpoint[] = [
  {
    method: 'POST',
    route: '/shares',
    request: () => j('POST', '/api/shares', { name: 'Tutor', scope: SCOPE }),
    ok: [201],
    limits: [
      {
        label: 'a name over 60 characters',
        request: () => j('POST', '/api/shares', { name: 'x'.repeat(61), scope: SCOPE }),
        status: 400,
        error: 'name must be at most 60 characters.',
      },
      {
        label: 'a scope with a field that is not shareable',
        request: () =>
          j('POST', '/api/shares', { name: 'Tutor', scope: { ...SCOPE, notes: true } }),
        status: 400,
        error: 'Unknown field: scope.notes.',
      },
    ],
  },
  { method: 'GET', route: '/shares', request: () => j('GET', '/api/shares'), ok: [200] },
  {
    method: 'PATCH',
    route: '/shares/:id',
    request: (o) => j('PATCH', `/api/shares/${o.shareId}`, { cheers: false }),
    ok: [200],
    others: [
      {
        label: "the other student's share id",
        request: (_own, other) => j('PATCH', `/api/shares/${other.shareId}`, { cheers: false }),
        status: 404,
        error: NO_SUCH_SHARE,
      },
    ],
  },
  {
    method: 'DELETE',
    route: '/shares/:id',
    request: (o) => j('DELETE', `/api/shares/${o.shareId}`),
    ok: [200],
    others: [
      {
        label: "the other student's share id",
        request: (_own, other) => j('DELETE', `/api/shares/${other.shareId}`),
        status: 404,
        error: NO_SUCH_SHARE,
      },
    ],
  },
  { method: 'GET', route: '/cheers', request: () => j('GET', '/api/cheers'), ok: [200] },
  {
    method: 'DELETE',
    route: '/cheers/:id',
    request: (o) => j('DELETE', `/api/cheers/${o.cheerId}`),
    ok: [200],
    others: [
      {
        label: "a cheer on the other student's board",
        request: (_own, other) => j('DELETE', `/api/cheers/${other.cheerId}`),
        status: 404,
        error: 'That cheer does not exist.',
      },
    ],
  },
  {
    method: 'POST',
    route: '/shared/accept',
    request: (o) => j('POST', '/api/shared/accept', { token: o.inviteToken }),
    ok: [200],
    limits: [
      {
        label: 'a token that is not a link of ours',
        request: () => j('POST', '/api/shared/accept', { token: 'x'.repeat(201) }),
        status: 400,
        error: 'That invitation link does not work. Ask for a new one.',
      },
    ],
  },
  { method: 'GET', route: '/shared', request: () => j('GET', '/api/shared'), ok: [200] },
  {
    method: 'GET',
    route: '/shared/:id/board',
    request: (o) => j('GET', `/api/shared/${o.sharedId}/board`),
    ok: [200],
    others: [
      {
        label: 'a board shared with the other student',
        request: (_own, other) => j('GET', `/api/shared/${other.sharedId}/board`),
        status: 404,
        error: NO_SUCH_BOARD,
      },
    ],
  },
  {
    method: 'POST',
    route: '/shared/:id/cheers',
    request: (o) => j('POST', `/api/shared/${o.sharedId}/cheers`, { text: 'Proud of you' }),
    ok: [201],
    others: [
      {
        label: 'a board shared with the other student',
        request: (_own, other) =>
          j('POST', `/api/shared/${other.sharedId}/cheers`, { text: 'Proud of you' }),
        status: 404,
        error: NO_SUCH_BOARD,
      },
    ],
    limits: [
      {
        label: 'a cheer over 140 characters',
        request: (o) => j('POST', `/api/shared/${o.sharedId}/cheers`, { text: 'x'.repeat(141) }),
        status: 400,
        error: 'text must be at most 140 characters.',
      },
    ],
  },
];

/** A session `minutes` long starting `days` from now, for `assignmentId`. */
const session = (id: string, assignmentId: string, days: number, minutes = 45) => {
  const start = Date.now() + days * 24 * 3600_000;
  return {
    id,
    assignment_id: assignmentId,
    start: new Date(start).toISOString(),
    end: new Date(start + minutes * 60_000).toISOString(),
  };
};
const NO_SUCH_SESSION = 'That session does not exist.';
const putPlan = (sessions: unknown[]) => j('PUT', '/api/plan', { sessions });

/**
 * Plan my week. Reading the plan may store a replanned plan (a passed session moved, decision
 * 0023); the student's fixture plan holds one session placed by hand tomorrow, so here it does not.
 */
const PLAN_ENDPOINTS: Endpoint[] = [
  { method: 'GET', route: '/plan', request: () => j('GET', '/api/plan'), ok: [200] },
  {
    method: 'POST',
    route: '/plan/preview',
    request: () => j('POST', '/api/plan/preview', { from: today(), days: 14 }),
    ok: [200],
    stores: false,
    limits: [
      {
        label: 'more than 14 days',
        request: () => j('POST', '/api/plan/preview', { from: today(), days: 15 }),
        status: 400,
        error: 'days must be a whole number from 1 to 14.',
      },
    ],
  },
  {
    method: 'PUT',
    route: '/plan',
    request: (o) => putPlan([session('sec-put', o.assignmentId, 2)]),
    ok: [200],
    others: [
      {
        label: "a session for the other student's assignment",
        request: (_own, other) => putPlan([session('sec-put', other.assignmentId, 2)]),
        status: 404,
        error: 'That assignment does not exist.',
      },
    ],
    limits: [
      {
        label: 'a session of 10 minutes',
        request: (o) => putPlan([session('sec-short', o.assignmentId, 2, 10)]),
        status: 400,
        error: 'A session lasts from 25 to 90 minutes and ends after it starts.',
      },
      {
        label: 'a session more than 14 days ahead',
        request: (o) => putPlan([session('sec-far', o.assignmentId, 15)]),
        status: 400,
        error: 'Sessions can be planned at most 14 days ahead.',
      },
      {
        label: '201 sessions',
        request: (o) =>
          putPlan(
            Array.from({ length: 201 }, (_, i) => session(`sec-${i}`, o.assignmentId, i / 20)),
          ),
        status: 400,
        error: 'A plan holds at most 200 sessions.',
      },
    ],
  },
  {
    method: 'PATCH',
    route: '/plan/sessions/:id',
    request: (o) => {
      const { start, end } = session(o.sessionId, o.assignmentId, 3);
      return j('PATCH', `/api/plan/sessions/${o.sessionId}`, { start, end });
    },
    ok: [200],
    others: [
      {
        label: "the other student's session id",
        request: (own, other) => {
          const { start, end } = session(other.sessionId, own.assignmentId, 3);
          return j('PATCH', `/api/plan/sessions/${other.sessionId}`, { start, end });
        },
        status: 404,
        error: NO_SUCH_SESSION,
      },
    ],
    limits: [
      {
        label: 'a length over 90 minutes',
        request: (o) => {
          const { start, end } = session(o.sessionId, o.assignmentId, 3, 91);
          return j('PATCH', `/api/plan/sessions/${o.sessionId}`, { start, end });
        },
        status: 400,
        error: 'A session lasts from 25 to 90 minutes and ends after it starts.',
      },
    ],
  },
  {
    method: 'DELETE',
    route: '/plan/sessions/:id',
    request: (o) => j('DELETE', `/api/plan/sessions/${o.sessionId}`),
    ok: [200],
    others: [
      {
        label: "the other student's session id",
        request: (_own, other) => j('DELETE', `/api/plan/sessions/${other.sessionId}`),
        status: 404,
        error: NO_SUCH_SESSION,
      },
    ],
  },
  // With the student's Google grant (coverage.test.ts gives the control one).
  {
    method: 'POST',
    route: '/plan/calendar',
    request: () => j('POST', '/api/plan/calendar', {}),
    ok: [200],
  },
  {
    method: 'DELETE',
    route: '/plan/calendar',
    request: () => j('DELETE', '/api/plan/calendar'),
    ok: [200],
    // The fixture plan is not in Google Calendar, so turning that off stores nothing (removing
    // the events of a plan that is: tests/api/plan.test.ts).
    stores: false,
  },
];

/** Taking data out and bringing it in. */
const DATA_ENDPOINTS: Endpoint[] = [
  { method: 'GET', route: '/export', request: () => j('GET', '/api/export?format=csv'), ok: [200] },
  {
    method: 'POST',
    route: '/import',
    request: () =>
      j('POST', '/api/import', {
        format: 'brainboard',
        content: JSON.stringify({
          format: 'brainboard',
          assignments: [{ id: 'imp-1', title: 'A' }],
        }),
      }),
    ok: [200],
    limits: [
      {
        label: 'a file over 5 MB',
        request: () =>
          j('POST', '/api/import', { format: 'todoist', content: 'x'.repeat(5 * 1024 * 1024 + 1) }),
        status: 413,
        error: 'That file is larger than 5 MB. Split it into smaller files and import each one.',
      },
      {
        label: 'a format it does not read',
        request: () => j('POST', '/api/import', { format: 'asana', content: '' }),
        status: 400,
        error: 'format must be one of: brainboard, todoist, trello.',
      },
    ],
  },
];

export const ENDPOINTS: Endpoint[] = [
  {
    method: 'POST',
    route: '/capture/parse',
    // A brain dump with AI Help on: the AI rate limit counts it (nothing else is stored).
    request: () =>
      j('POST', '/api/capture/parse', { text: 'essay fri 5pm. quiz monday', mode: 'many' }),
    ok: [200],
    limits: [
      {
        label: 'text over 5000',
        request: () => j('POST', '/api/capture/parse', { text: over(5000) }),
        status: 400,
        error: 'text must be at most 5000 characters.',
      },
      {
        label: 'a mode that does not exist',
        request: () => j('POST', '/api/capture/parse', { text: 'essay', mode: 'all' }),
        status: 400,
        error: 'mode must be "one" or "many".',
      },
    ],
  },
  {
    method: 'POST',
    route: '/syllabus/preview',
    request: (o) => j('POST', '/api/syllabus/preview', { file_id: o.fileId }),
    ok: [200],
    others: [
      {
        label: "the other student's file_id",
        request: (_own, other) => j('POST', '/api/syllabus/preview', { file_id: other.fileId }),
        status: 404,
        error: FILE_NOT_FOUND,
      },
    ],
    limits: [
      {
        label: 'a malformed file_id',
        request: () => j('POST', '/api/syllabus/preview', { file_id: '../x' }),
        status: 400,
        error: 'file_id is not valid.',
      },
    ],
  },
  {
    method: 'POST',
    route: '/syllabus/import',
    request: (o) =>
      j('POST', '/api/syllabus/import', { file_id: o.fileId, keys: [SAMPLE_ITEM_KEY] }),
    ok: [200],
    others: [
      {
        label: "the other student's file_id",
        request: (_own, other) =>
          j('POST', '/api/syllabus/import', { file_id: other.fileId, keys: [SAMPLE_ITEM_KEY] }),
        status: 404,
        error: FILE_NOT_FOUND,
      },
    ],
    limits: [
      {
        label: 'more than 300 keys',
        request: (o) =>
          j('POST', '/api/syllabus/import', {
            file_id: o.fileId,
            keys: Array.from({ length: 301 }, () => SAMPLE_ITEM_KEY),
          }),
        status: 400,
        error: 'Import at most 300 items at once.',
      },
    ],
  },
  {
    method: 'GET',
    route: '/session',
    request: () => j('GET', '/api/session'),
    ok: [200],
  },
  {
    method: 'POST',
    route: '/auth/logout',
    request: () => j('POST', '/api/auth/logout', {}),
    ok: [200],
  },
  {
    method: 'POST',
    route: '/auth/google/grant',
    request: () => j('POST', '/api/auth/google/grant', {}),
    ok: [200],
  },
  {
    method: 'PATCH',
    route: '/user/:id',
    request: (o) => j('PATCH', `/api/user/${o.uid}`, { last_used_version: '9.9.9' }),
    ok: [200],
    others: [
      {
        label: "the other student's user id",
        request: (_own, other) => j('PATCH', `/api/user/${other.uid}`, { ai_help_enabled: false }),
        status: 404,
        error: USER_NOT_FOUND,
      },
    ],
    limits: [
      {
        label: 'last_used_version over 32',
        request: (o) => j('PATCH', `/api/user/${o.uid}`, { last_used_version: '1'.repeat(33) }),
        status: 400,
        error: 'last_used_version must be at most 32 characters.',
      },
      {
        label: 'last_whats_new_version over 32',
        request: (o) =>
          j('PATCH', `/api/user/${o.uid}`, { last_whats_new_version: '1'.repeat(33) }),
        status: 400,
        error: 'last_whats_new_version must be at most 32 characters.',
      },
      {
        label: 'a server-owned field (csrf_token)',
        request: (o) => j('PATCH', `/api/user/${o.uid}`, { csrf_token: 'mine' }),
        status: 400,
        error: 'Unknown field: csrf_token.',
      },
    ],
  },
  {
    method: 'DELETE',
    route: '/user/:id',
    request: (o) => j('DELETE', `/api/user/${o.uid}`),
    ok: [200],
    others: [
      {
        label: "the other student's user id",
        request: (_own, other) => j('DELETE', `/api/user/${other.uid}`),
        status: 404,
        error: USER_NOT_FOUND,
      },
    ],
  },
  {
    method: 'POST',
    route: '/acceptance',
    request: () => j('POST', '/api/acceptance', { privacyAccepted: true, tosAccepted: true }),
    ok: [200],
    limits: [
      {
        label: 'terms not accepted',
        request: () => j('POST', '/api/acceptance', { privacyAccepted: true, tosAccepted: false }),
        status: 400,
        error: 'tosAccepted must be true.',
      },
      {
        label: 'privacy missing',
        request: () => j('POST', '/api/acceptance', { tosAccepted: true }),
        status: 400,
        error: 'privacyAccepted must be true.',
      },
    ],
  },
  {
    method: 'GET',
    route: '/assignments',
    request: () => j('GET', '/api/assignments'),
    ok: [200],
  },
  {
    method: 'GET',
    route: '/assignment/:id',
    request: (o) => j('GET', `/api/assignment/${o.assignmentId}`),
    ok: [200],
    others: [
      {
        label: "the other student's assignment id",
        request: (_own, other) => j('GET', `/api/assignment/${other.assignmentId}`),
        status: 404,
        error: NOT_FOUND,
      },
    ],
  },
  {
    method: 'POST',
    route: '/assignment',
    request: () => j('POST', '/api/assignment', { title: 'Read chapter 4' }),
    ok: [201],
    limits: [
      ...assignmentLimits((_o, fields) => ({ title: 'Read chapter 4', ...fields }), 'POST'),
      {
        label: 'a server-set field (completed_date)',
        request: () =>
          j('POST', '/api/assignment', { title: 'x', completed_date: '2020-01-01T00:00:00Z' }),
        status: 400,
        error: 'Unknown field: completed_date.',
      },
    ],
  },
  {
    method: 'PATCH',
    route: '/assignment',
    request: (o) => j('PATCH', '/api/assignment', { id: o.assignmentId, title: 'Changed' }),
    ok: [200],
    others: [
      {
        label: "the other student's assignment id",
        request: (_own, other) =>
          j('PATCH', '/api/assignment', { id: other.assignmentId, title: 'Taken over' }),
        status: 404,
        error: NOT_FOUND,
      },
    ],
    limits: [
      ...assignmentLimits((o, fields) => ({ id: o.assignmentId, ...fields }), 'PATCH'),
      {
        label: 'a server-set field (deep_dive)',
        request: (o) =>
          j('PATCH', '/api/assignment', { id: o.assignmentId, deep_dive: { x: 'y' } }),
        status: 400,
        error: 'Unknown field: deep_dive.',
      },
    ],
  },
  {
    method: 'DELETE',
    route: '/assignment',
    request: (o) => j('DELETE', '/api/assignment', { id: o.assignmentId }),
    ok: [200],
    others: [
      {
        label: "the other student's assignment id",
        request: (_own, other) => j('DELETE', '/api/assignment', { id: other.assignmentId }),
        status: 404,
        error: NOT_FOUND,
      },
    ],
  },
  {
    method: 'POST',
    route: '/assignment/:id/subtasks',
    request: (o) => j('POST', `/api/assignment/${o.assignmentId}/subtasks`, { title: 'Proofread' }),
    ok: [201],
    others: [
      {
        label: "the other student's assignment id",
        request: (_own, other) =>
          j('POST', `/api/assignment/${other.assignmentId}/subtasks`, { title: 'Planted' }),
        status: 404,
        error: NOT_FOUND,
      },
    ],
    limits: [
      {
        label: `title over ${SUBTASK_MAX_LENGTH}`,
        request: (o) =>
          j('POST', `/api/assignment/${o.assignmentId}/subtasks`, {
            title: over(SUBTASK_MAX_LENGTH),
          }),
        status: 400,
        error: `subtask title must be at most ${SUBTASK_MAX_LENGTH} characters.`,
      },
      {
        label: 'blank title',
        request: (o) => j('POST', `/api/assignment/${o.assignmentId}/subtasks`, { title: ' ' }),
        status: 400,
        error: 'subtask title is required.',
      },
      {
        label: 'an estimate over 600 minutes',
        request: (o) =>
          j('POST', `/api/assignment/${o.assignmentId}/subtasks`, {
            title: 'Read',
            estimate_minutes: 601,
          }),
        status: 400,
        error: ESTIMATE_ERROR,
      },
      {
        label: `a subtask beyond ${SUBTASKS_MAX_COUNT}`,
        request: (o) =>
          j('POST', `/api/assignment/${o.fullAssignmentId}/subtasks`, { title: 'One more' }),
        status: 400,
        error: `subtasks must have at most ${SUBTASKS_MAX_COUNT} items.`,
      },
    ],
  },
  {
    method: 'PATCH',
    route: '/assignment/:id/subtasks/:sid',
    request: (o) =>
      j('PATCH', `/api/assignment/${o.assignmentId}/subtasks/${o.subtaskId}`, { completed: true }),
    ok: [200],
    others: [
      {
        label: "the other student's assignment and subtask ids",
        request: (_own, other) =>
          j('PATCH', `/api/assignment/${other.assignmentId}/subtasks/${other.subtaskId}`, {
            completed: true,
          }),
        status: 404,
        error: NOT_FOUND,
      },
      {
        label: "the caller's assignment with the other student's subtask id",
        request: (own, other) =>
          j('PATCH', `/api/assignment/${own.assignmentId}/subtasks/${other.subtaskId}`, {
            completed: true,
          }),
        status: 404,
        error: SUBTASK_NOT_FOUND,
      },
    ],
    limits: [
      {
        label: `title over ${SUBTASK_MAX_LENGTH}`,
        request: (o) =>
          j('PATCH', `/api/assignment/${o.assignmentId}/subtasks/${o.subtaskId}`, {
            title: over(SUBTASK_MAX_LENGTH),
          }),
        status: 400,
        error: `subtask title must be at most ${SUBTASK_MAX_LENGTH} characters.`,
      },
      {
        label: 'blank title',
        request: (o) =>
          j('PATCH', `/api/assignment/${o.assignmentId}/subtasks/${o.subtaskId}`, { title: '' }),
        status: 400,
        error: 'subtask title is required.',
      },
      {
        label: 'an estimate of half a minute',
        request: (o) =>
          j('PATCH', `/api/assignment/${o.assignmentId}/subtasks/${o.subtaskId}`, {
            estimate_minutes: 0.5,
          }),
        status: 400,
        error: ESTIMATE_ERROR,
      },
    ],
  },
  {
    method: 'DELETE',
    route: '/assignment/:id/subtasks/:sid',
    request: (o) => j('DELETE', `/api/assignment/${o.assignmentId}/subtasks/${o.subtaskId}`),
    ok: [200],
    others: [
      {
        label: "the other student's assignment and subtask ids",
        request: (_own, other) =>
          j('DELETE', `/api/assignment/${other.assignmentId}/subtasks/${other.subtaskId}`),
        status: 404,
        error: NOT_FOUND,
      },
      {
        label: "the caller's assignment with the other student's subtask id",
        request: (own, other) =>
          j('DELETE', `/api/assignment/${own.assignmentId}/subtasks/${other.subtaskId}`),
        status: 404,
        error: SUBTASK_NOT_FOUND,
      },
    ],
  },
  {
    method: 'POST',
    route: '/assignment/:id/notes',
    request: (o) => j('POST', `/api/assignment/${o.assignmentId}/notes`, { text: 'Bring a pen' }),
    ok: [201],
    others: [
      {
        label: "the other student's assignment id",
        request: (_own, other) =>
          j('POST', `/api/assignment/${other.assignmentId}/notes`, { text: 'Planted' }),
        status: 404,
        error: NOT_FOUND,
      },
    ],
    limits: [
      {
        label: `text over ${NOTE_MAX_LENGTH}`,
        request: (o) =>
          j('POST', `/api/assignment/${o.assignmentId}/notes`, { text: over(NOTE_MAX_LENGTH) }),
        status: 400,
        error: `note must be at most ${NOTE_MAX_LENGTH} characters.`,
      },
      {
        label: 'blank text',
        request: (o) => j('POST', `/api/assignment/${o.assignmentId}/notes`, { text: '  ' }),
        status: 400,
        error: 'note is required.',
      },
      {
        label: `a note beyond ${NOTES_MAX_COUNT}`,
        request: (o) =>
          j('POST', `/api/assignment/${o.fullAssignmentId}/notes`, { text: 'One more' }),
        status: 400,
        error: `notes must have at most ${NOTES_MAX_COUNT} items.`,
      },
    ],
  },
  {
    method: 'POST',
    route: '/assignment/:id/skip',
    request: (o) => j('POST', `/api/assignment/${o.assignmentId}/skip`, {}),
    ok: [200],
    others: [
      {
        label: "the other student's assignment id",
        request: (_own, other) => j('POST', `/api/assignment/${other.assignmentId}/skip`, {}),
        status: 404,
        error: NOT_FOUND,
      },
    ],
    limits: [
      {
        label: 'an assignment that does not repeat',
        request: (o) => j('POST', `/api/assignment/${o.fullAssignmentId}/skip`, {}),
        status: 400,
        error: 'Only an open repeating assignment can skip to its next date.',
      },
      {
        label: 'a "from" that is not a due date',
        request: (o) => j('POST', `/api/assignment/${o.assignmentId}/skip`, { from: 'soon' }),
        status: 400,
        error: 'from must be the due date the card had, such as 2026-03-02T23:59:00.',
      },
    ],
  },
  {
    method: 'PATCH',
    route: '/assignment/:id/notes/:nid',
    request: (o) =>
      j('PATCH', `/api/assignment/${o.assignmentId}/notes/${o.noteId}`, { text: 'Edited' }),
    ok: [200],
    others: [
      {
        label: "the other student's assignment and note ids",
        request: (_own, other) =>
          j('PATCH', `/api/assignment/${other.assignmentId}/notes/${other.noteId}`, {
            text: 'Taken over',
          }),
        status: 404,
        error: NOT_FOUND,
      },
      {
        label: "the caller's assignment with the other student's note id",
        request: (own, other) =>
          j('PATCH', `/api/assignment/${own.assignmentId}/notes/${other.noteId}`, {
            text: 'Taken over',
          }),
        status: 404,
        error: NOTE_NOT_FOUND,
      },
    ],
    limits: [
      {
        label: `text over ${NOTE_MAX_LENGTH}`,
        request: (o) =>
          j('PATCH', `/api/assignment/${o.assignmentId}/notes/${o.noteId}`, {
            text: over(NOTE_MAX_LENGTH),
          }),
        status: 400,
        error: `note must be at most ${NOTE_MAX_LENGTH} characters.`,
      },
      {
        label: 'blank text',
        request: (o) =>
          j('PATCH', `/api/assignment/${o.assignmentId}/notes/${o.noteId}`, { text: '' }),
        status: 400,
        error: 'note is required.',
      },
    ],
  },
  {
    method: 'DELETE',
    route: '/assignment/:id/notes/:nid',
    request: (o) => j('DELETE', `/api/assignment/${o.assignmentId}/notes/${o.noteId}`),
    ok: [200],
    others: [
      {
        label: "the other student's assignment and note ids",
        request: (_own, other) =>
          j('DELETE', `/api/assignment/${other.assignmentId}/notes/${other.noteId}`),
        status: 404,
        error: NOT_FOUND,
      },
      {
        label: "the caller's assignment with the other student's note id",
        request: (own, other) =>
          j('DELETE', `/api/assignment/${own.assignmentId}/notes/${other.noteId}`),
        status: 404,
        error: NOTE_NOT_FOUND,
      },
    ],
  },
  {
    method: 'GET',
    route: '/tasks/next-due',
    request: (o) => j('GET', `/api/tasks/next-due?userId=${o.uid}&t=${Date.now()}`),
    ok: [200], // the owner's one pending assignment
    others: [
      {
        label: "the other student's userId",
        request: (_own, other) => j('GET', `/api/tasks/next-due?userId=${other.uid}&t=1`),
        status: 403,
        error: 'You can only ask for your own next task.',
      },
      {
        label: 'a userId no one has (the same answer: existence is not revealed)',
        request: () => j('GET', '/api/tasks/next-due?userId=no-such-student&t=1'),
        status: 403,
        error: 'You can only ask for your own next task.',
      },
    ],
    limits: [
      {
        label: 'userId missing',
        request: () => j('GET', '/api/tasks/next-due?t=1'),
        status: 400,
        error: 'userId is required.',
      },
    ],
  },
  {
    method: 'POST',
    route: '/assignment/:id/save-to-calendar',
    request: (o) =>
      j('POST', `/api/assignment/${o.assignmentId}/save-to-calendar`, {
        time_zone: 'Europe/Berlin',
      }),
    ok: [200],
    others: [
      {
        label: "the other student's assignment id",
        request: (_own, other) =>
          j('POST', `/api/assignment/${other.assignmentId}/save-to-calendar`, {
            time_zone: 'Europe/Berlin',
          }),
        status: 404,
        error: NOT_FOUND,
      },
    ],
    limits: [
      {
        label: 'a time zone that does not exist',
        request: (o) =>
          j('POST', `/api/assignment/${o.assignmentId}/save-to-calendar`, {
            time_zone: 'Mars/Olympus_Mons',
          }),
        status: 400,
        error: 'time_zone must be an IANA time zone such as "Europe/Berlin".',
      },
    ],
  },
  {
    method: 'POST',
    route: '/lms-feeds/preview',
    request: () => j('POST', '/api/lms-feeds/preview', { url: emptyFeed() }),
    ok: [200],
    limits: feedUrlLimits('/api/lms-feeds/preview'),
  },
  {
    method: 'POST',
    route: '/lms-feeds',
    request: () => j('POST', '/api/lms-feeds', { url: emptyFeed() }),
    ok: [201],
    limits: feedUrlLimits('/api/lms-feeds'),
  },
  {
    method: 'GET',
    route: '/lms-feeds',
    request: () => j('GET', '/api/lms-feeds'),
    ok: [200],
  },
  {
    method: 'POST',
    route: '/lms-feeds/:id/sync',
    request: (o) => j('POST', `/api/lms-feeds/${o.feedId}/sync`),
    ok: [200],
    others: [
      {
        label: "the other student's feed id",
        request: (_own, other) => j('POST', `/api/lms-feeds/${other.feedId}/sync`),
        status: 404,
        error: FEED_NOT_FOUND,
      },
    ],
  },
  {
    method: 'DELETE',
    route: '/lms-feeds/:id',
    request: (o) => j('DELETE', `/api/lms-feeds/${o.feedId}`),
    ok: [200],
    others: [
      {
        label: "the other student's feed id",
        request: (_own, other) => j('DELETE', `/api/lms-feeds/${other.feedId}`),
        status: 404,
        error: FEED_NOT_FOUND,
      },
    ],
  },
  {
    method: 'POST',
    route: '/focus/complete',
    request: () => j('POST', '/api/focus/complete', { date: today() }),
    ok: [200],
    limits: [
      {
        label: 'a date far from today',
        request: () => j('POST', '/api/focus/complete', { date: '2020-01-01' }),
        status: 400,
        error:
          "The date of the focus session must be today's date. Check your device's date and try again.",
      },
      {
        label: 'a date that is not YYYY-MM-DD',
        request: () => j('POST', '/api/focus/complete', { date: `${today()}T08:00:00` }),
        status: 400,
        error: 'Send the date of the focus session as YYYY-MM-DD.',
      },
    ],
  },
  {
    method: 'GET',
    route: '/focus/next',
    request: (o) => j('GET', `/api/focus/next?current=${o.assignmentId}`),
    ok: [204], // the owner's only task is the current one: nothing after it
    others: [
      {
        label: "the other student's assignment as the current task",
        request: (_own, other) => j('GET', `/api/focus/next?current=${other.assignmentId}`),
        status: 200, // the owner's own task comes next; nothing of the other's
      },
    ],
    limits: [
      {
        label: 'current over 200 characters',
        request: () => j('GET', `/api/focus/next?current=${over(200)}`),
        status: 400,
        error: 'Say which task is open now (current=<assignment id>).',
      },
      {
        label: 'more than 200 seen ids',
        request: (o) =>
          j(
            'GET',
            `/api/focus/next?current=${o.assignmentId}&seen=${Array.from({ length: 201 }, (_, i) => `a${i}`).join(',')}`,
          ),
        status: 400,
        error: 'The list of seen tasks is not valid.',
      },
    ],
  },
  {
    method: 'GET',
    route: '/what-now',
    request: () => j('GET', '/api/what-now?tz=Europe/Berlin'),
    ok: [200],
    others: [
      {
        label: "the other student's assignment as one to skip",
        request: (_own, other) => j('GET', `/api/what-now?skip=${other.assignmentId}`),
        status: 200, // the owner's own assignment; nothing of the other's
      },
    ],
    limits: [
      {
        label: 'a time zone that does not exist',
        request: () => j('GET', '/api/what-now?tz=Mars/Olympus_Mons'),
        status: 400,
        error: 'tz must be a time zone such as Europe/Berlin.',
      },
      {
        label: 'more than 200 ids to skip',
        request: () =>
          j(
            'GET',
            `/api/what-now?skip=${Array.from({ length: 201 }, (_, i) => `a${i}`).join(',')}`,
          ),
        status: 400,
        error: 'The list of skipped assignments is not valid.',
      },
    ],
  },
  {
    method: 'POST',
    route: '/assignment/:id/focus-sessions',
    request: (o) =>
      j('POST', `/api/assignment/${o.assignmentId}/focus-sessions`, {
        session_id: `security-${o.uid}`,
        event: 'start',
      }),
    ok: [200],
    others: [
      {
        label: "the other student's assignment id",
        request: (_own, other) =>
          j('POST', `/api/assignment/${other.assignmentId}/focus-sessions`, {
            session_id: 'planted',
            event: 'start',
          }),
        status: 404,
        error: NOT_FOUND,
      },
    ],
    limits: [
      {
        label: 'an event that does not exist',
        request: (o) =>
          j('POST', `/api/assignment/${o.assignmentId}/focus-sessions`, {
            session_id: 'session-1',
            event: 'add-an-hour',
          }),
        status: 400,
        error: 'event must be one of: start, pause, resume, finish.',
      },
      {
        label: 'a session id with a slash',
        request: (o) =>
          j('POST', `/api/assignment/${o.assignmentId}/focus-sessions`, {
            session_id: 'a/b',
            event: 'start',
          }),
        status: 400,
        error: 'session_id must be 1 to 128 letters, digits, "-" or "_".',
      },
      {
        label: 'a client total of minutes',
        request: (o) =>
          j('POST', `/api/assignment/${o.assignmentId}/focus-sessions`, {
            session_id: 'session-1',
            event: 'finish',
            minutes: 600,
          }),
        status: 400,
        error: 'Unknown field: minutes.',
      },
      {
        label: 'a finish without a start',
        request: (o) =>
          j('POST', `/api/assignment/${o.assignmentId}/focus-sessions`, {
            session_id: 'never-started',
            event: 'finish',
          }),
        status: 400,
        error: 'That focus session has not started yet. Start it first.',
      },
    ],
  },
  {
    method: 'GET',
    route: '/assignment/:id/files',
    request: (o) => j('GET', `/api/assignment/${o.assignmentId}/files`),
    ok: [200],
    others: [
      {
        label: "the other student's assignment id",
        request: (_own, other) => j('GET', `/api/assignment/${other.assignmentId}/files`),
        status: 404,
        error: NOT_FOUND,
      },
    ],
    limits: [
      {
        label: 'an assignment id that is not an id',
        request: () => j('GET', `/api/assignment/${'x'.repeat(129)}/files`),
        status: 404,
        error: NOT_FOUND,
      },
    ],
  },
  {
    method: 'DELETE',
    route: '/assignment/:id/files/:fileId',
    request: (o) => j('DELETE', `/api/assignment/${o.assignmentId}/files/${o.fileId}`),
    ok: [200],
    others: [
      {
        label: "the other student's assignment and file ids",
        request: (_own, other) =>
          j('DELETE', `/api/assignment/${other.assignmentId}/files/${other.fileId}`),
        status: 404,
        error: FILE_NOT_ATTACHED,
      },
      {
        label: "the caller's assignment with the other student's file id",
        request: (own, other) =>
          j('DELETE', `/api/assignment/${own.assignmentId}/files/${other.fileId}`),
        status: 404,
        error: FILE_NOT_ATTACHED,
      },
      {
        label: "the other student's assignment with the caller's file id",
        request: (own, other) =>
          j('DELETE', `/api/assignment/${other.assignmentId}/files/${own.fileId}`),
        status: 404,
        error: FILE_NOT_ATTACHED,
      },
    ],
    limits: [
      {
        label: 'a file id that is not an id',
        request: (o) => j('DELETE', `/api/assignment/${o.assignmentId}/files/bad.id`),
        status: 404,
        error: FILE_NOT_ATTACHED,
      },
    ],
  },
  {
    method: 'POST',
    route: '/upload-pdf',
    request: (o) =>
      pdfUpload(
        'Brief.pdf',
        samplePdf('brief'),
        'application/pdf',
        `?assignment_id=${o.assignmentId}`,
      ),
    ok: [201],
    limits: [
      {
        label: 'an assignment_id that is not an id',
        request: () =>
          pdfUpload('Brief.pdf', samplePdf('brief'), 'application/pdf', '?assignment_id=a%20b'),
        status: 400,
        error: 'assignment_id is not valid.',
      },
      {
        label: 'a PDF over 20 MB',
        request: () => {
          const bytes = new Uint8Array(PDF_MAX_BYTES + 1).fill(0x20);
          bytes.set(new TextEncoder().encode('%PDF-1.4\n'));
          return pdfUpload('big.pdf', bytes);
        },
        status: 413,
        error: 'File big.pdf is too large. Maximum allowed size is 20MB.',
      },
      {
        label: 'a file that is not a PDF',
        request: () => pdfUpload('notes.txt', new TextEncoder().encode('just text'), 'text/plain'),
        status: 400,
        error: 'File notes.txt is not a PDF.',
      },
      {
        label: 'a .pdf name on bytes that are not a PDF',
        request: () => pdfUpload('fake.pdf', new TextEncoder().encode('<html></html>')),
        status: 400,
        error: 'File fake.pdf is not a PDF.',
      },
      {
        label: 'two files',
        request: () => ({
          method: 'POST',
          path: '/api/upload-pdf',
          files: [
            { name: 'a.pdf', bytes: samplePdf('a') },
            { name: 'b.pdf', bytes: samplePdf('b') },
          ],
        }),
        status: 400,
        error: 'Please upload one PDF file at a time.',
      },
    ],
  },
  {
    method: 'POST',
    route: '/ai-help-chat',
    request: () => j('POST', '/api/ai-help-chat', { prompt: 'How do I start?' }),
    ok: [200],
    others: [chatWithOthersFile('/api/ai-help-chat')],
    limits: chatLimits('/api/ai-help-chat'),
  },
  {
    method: 'POST',
    route: '/ai-idea-chat',
    request: () => j('POST', '/api/ai-idea-chat', { prompt: 'Ideas for a poster?' }),
    ok: [200],
    others: [chatWithOthersFile('/api/ai-idea-chat')],
    limits: chatLimits('/api/ai-idea-chat'),
  },
  {
    method: 'GET',
    route: '/ai-help-load',
    request: (o) => j('GET', `/api/ai-help-load?assignment_id=${o.assignmentId}`),
    ok: [200],
    others: [
      {
        label: "the other student's assignment id (answers the caller's own, empty chat)",
        request: (_own, other) => j('GET', `/api/ai-help-load?assignment_id=${other.assignmentId}`),
        status: 200,
        body: { ai_help: [] },
      },
    ],
    limits: [
      {
        label: 'assignment_id over 128 characters',
        request: () => j('GET', `/api/ai-help-load?assignment_id=${over(128)}`),
        status: 400,
        error: 'assignment_id is not valid.',
      },
      {
        label: 'assignment_id missing',
        request: () => j('GET', '/api/ai-help-load'),
        status: 400,
        error: 'assignment_id is required.',
      },
    ],
  },
  {
    method: 'POST',
    route: '/ai-help-save',
    request: (o) =>
      j('POST', '/api/ai-help-save', {
        assignment_id: o.assignmentId,
        messages: [{ role: 'user', content: 'Saved question' }],
      }),
    ok: [200],
    others: [
      {
        label: "the other student's assignment id",
        request: (_own, other) =>
          j('POST', '/api/ai-help-save', {
            assignment_id: other.assignmentId,
            messages: [{ role: 'user', content: 'Overwritten' }],
          }),
        status: 404,
        error: AI_ASSIGNMENT_NOT_FOUND,
      },
    ],
    limits: [
      {
        label: `more than ${SAVED_CHAT_MAX_MESSAGES} messages`,
        request: (o) =>
          j('POST', '/api/ai-help-save', {
            assignment_id: o.assignmentId,
            messages: Array.from({ length: SAVED_CHAT_MAX_MESSAGES + 1 }, () => ({
              role: 'user',
              content: 'hi',
            })),
          }),
        status: 400,
        error: `messages must have at most ${SAVED_CHAT_MAX_MESSAGES} items.`,
      },
      {
        label: `a message over ${SAVED_CHAT_MAX_CHARS}`,
        request: (o) =>
          j('POST', '/api/ai-help-save', {
            assignment_id: o.assignmentId,
            messages: [{ role: 'user', content: over(SAVED_CHAT_MAX_CHARS) }],
          }),
        status: 400,
        error: `Each message must be at most ${SAVED_CHAT_MAX_CHARS} characters.`,
      },
      {
        label: `messages over ${SAVED_CHAT_MAX_CHARS} characters in total`,
        request: (o) =>
          j('POST', '/api/ai-help-save', {
            assignment_id: o.assignmentId,
            messages: [
              { role: 'user', content: 'x'.repeat(SAVED_CHAT_MAX_CHARS / 2) },
              { role: 'assistant', content: over(SAVED_CHAT_MAX_CHARS / 2) },
            ],
          }),
        status: 400,
        error: `A saved chat must be at most ${SAVED_CHAT_MAX_CHARS} characters in total.`,
      },
    ],
  },
  {
    method: 'POST',
    route: '/ai-suggest-subtasks',
    request: () => j('POST', '/api/ai-suggest-subtasks', { prompt: 'Title: Lab report' }),
    ok: [200],
    others: [chatWithOthersFile('/api/ai-suggest-subtasks')],
    limits: [
      {
        label: `prompt over ${PROMPT_MAX_CHARS}`,
        request: () => j('POST', '/api/ai-suggest-subtasks', { prompt: over(PROMPT_MAX_CHARS) }),
        status: 400,
        error: `prompt must be at most ${PROMPT_MAX_CHARS} characters.`,
      },
      {
        label: 'blank prompt',
        request: () => j('POST', '/api/ai-suggest-subtasks', { prompt: '' }),
        status: 400,
        error: 'prompt is required.',
      },
    ],
  },
  {
    method: 'POST',
    route: '/ai-deep-dive',
    request: (o) =>
      j('POST', '/api/ai-deep-dive', {
        prompt: 'Essay on the water cycle',
        assignment_id: o.assignmentId,
        feature: DEEP_DIVE_TOOLS[0],
      }),
    ok: [200],
    others: [
      {
        label: "the other student's assignment id",
        request: (_own, other) =>
          j('POST', '/api/ai-deep-dive', {
            prompt: 'Essay',
            assignment_id: other.assignmentId,
            feature: DEEP_DIVE_TOOLS[0],
          }),
        status: 404,
        error: AI_ASSIGNMENT_NOT_FOUND,
      },
      {
        label: "the caller's assignment with the other student's file_id",
        request: (own, other) =>
          j('POST', '/api/ai-deep-dive', {
            prompt: 'Essay',
            assignment_id: own.assignmentId,
            file_id: other.fileId,
            feature: DEEP_DIVE_TOOLS[0],
          }),
        status: 404,
        error: FILE_NOT_FOUND,
      },
    ],
    limits: [
      {
        label: `prompt over ${PROMPT_MAX_CHARS}`,
        request: (o) =>
          j('POST', '/api/ai-deep-dive', {
            prompt: over(PROMPT_MAX_CHARS),
            assignment_id: o.assignmentId,
            feature: DEEP_DIVE_TOOLS[0],
          }),
        status: 400,
        error: `prompt must be at most ${PROMPT_MAX_CHARS} characters.`,
      },
      {
        label: 'a tool that does not exist',
        request: (o) =>
          j('POST', '/api/ai-deep-dive', {
            prompt: 'Essay',
            assignment_id: o.assignmentId,
            feature: 'Astrology',
          }),
        status: 400,
        error: `feature must be one of: ${DEEP_DIVE_TOOLS.join(', ')}.`,
      },
    ],
  },
  {
    method: 'GET',
    route: '/push/public-key',
    request: () => j('GET', '/api/push/public-key'),
    ok: [200],
  },
  {
    method: 'GET',
    route: '/push/subscriptions',
    request: () => j('GET', '/api/push/subscriptions'),
    ok: [200],
  },
  {
    method: 'POST',
    route: '/push/subscriptions',
    request: () =>
      j('POST', '/api/push/subscriptions', subscribe('https://fcm.googleapis.com/fcm/send/abc')),
    ok: [201],
    limits: [
      {
        label: 'an endpoint that is no push service',
        request: () =>
          j('POST', '/api/push/subscriptions', subscribe('https://169.254.169.254/latest')),
        status: 400,
        error:
          'This browser offered a push service Brainboard cannot use. Use the calendar feed instead.',
      },
      {
        label: 'a plain-http endpoint',
        request: () =>
          j('POST', '/api/push/subscriptions', subscribe('http://fcm.googleapis.com/fcm/send/x')),
        status: 400,
        error:
          'This browser offered a push service Brainboard cannot use. Use the calendar feed instead.',
      },
      {
        label: 'device_name over 60',
        request: () =>
          j(
            'POST',
            '/api/push/subscriptions',
            subscribe('https://fcm.googleapis.com/fcm/send/abc', { device_name: over(60) }),
          ),
        status: 400,
        error: 'device_name must be at most 60 characters.',
      },
      {
        label: 'endpoint over 2048',
        request: () =>
          j(
            'POST',
            '/api/push/subscriptions',
            subscribe(`https://fcm.googleapis.com/${over(2048)}`),
          ),
        status: 400,
        error: 'subscription.endpoint must be at most 2048 characters.',
      },
    ],
  },
  {
    method: 'DELETE',
    route: '/push/subscriptions/:id',
    request: (o) => j('DELETE', `/api/push/subscriptions/${o.deviceId}`),
    ok: [200],
    others: [
      {
        label: "the other student's device id",
        request: (_own, other) => j('DELETE', `/api/push/subscriptions/${other.deviceId}`),
        status: 404,
        error: DEVICE_NOT_FOUND,
      },
    ],
  },
  {
    method: 'POST',
    route: '/push/subscriptions/:id/test',
    request: (o) => j('POST', `/api/push/subscriptions/${o.deviceId}/test`, {}),
    ok: [200],
    others: [
      {
        label: "the other student's device id",
        request: (_own, other) => j('POST', `/api/push/subscriptions/${other.deviceId}/test`, {}),
        status: 404,
        error: DEVICE_NOT_FOUND,
      },
    ],
  },
  {
    method: 'GET',
    route: '/calendar-feed',
    request: () => j('GET', '/api/calendar-feed'),
    ok: [200],
  },
  {
    method: 'POST',
    route: '/calendar-feed/rotate',
    request: () => j('POST', '/api/calendar-feed/rotate', {}),
    ok: [200],
  },
  ...SHARE_ENDPOINTS,
  ...DATA_ENDPOINTS,
  ...PLAN_ENDPOINTS,
];
