import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createECDH, randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { buildSamplePdf } from '../../functions/src/files/pdf.fixture.ts';
import { DATA_DIR } from '../../scripts/stack/config.ts';
import { sessionOf } from './api.ts';
import { createTestUser, type TestUser } from './auth.ts';
import { admin } from './firestore.ts';

/**
 * Support for the API security suite (tests/api/security): requests of any
 * kind, tokens that must be refused, students with data to attack, and a
 * snapshot of everything stored for a student, to show a refused request
 * changed nothing.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface UploadFile {
  name: string;
  bytes: Uint8Array;
  type?: string;
}

/** One request: a JSON body, a multipart upload (field `file`), or no body. */
export interface Req {
  method: Method;
  path: string;
  json?: unknown;
  files?: UploadFile[];
}

export interface SendOptions {
  token?: string | null;
  csrf?: string | null;
  /** Sent instead of the request's own body, with this content type. */
  raw?: { body: string; contentType: string };
  /** Call the function's own URL, where the app is also mounted at the root. */
  rootMount?: boolean;
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  body: { error?: unknown } & Record<string, unknown>;
}

/** Sends a request to the running stack's API and reads the whole answer. */
export async function send(req: Req, opts: SendOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.csrf) headers['x-csrf-token'] = opts.csrf;
  let body: string | FormData | undefined;
  if (opts.raw) {
    body = opts.raw.body;
    headers['content-type'] = opts.raw.contentType;
  } else if (req.files) {
    const form = new FormData();
    for (const f of req.files) {
      form.append('file', new Blob([f.bytes], { type: f.type ?? 'application/pdf' }), f.name);
    }
    body = form;
  } else if (req.json !== undefined) {
    body = JSON.stringify(req.json);
    headers['content-type'] = 'application/json';
  }
  const path = opts.rootMount ? req.path.replace(/^\/api(?=\/)/, '') : req.path;
  const res = await fetch(`${inject('stack').api}${path}`, { method: req.method, headers, body });
  const text = await res.text();
  let parsed: Answer['body'] = {};
  try {
    parsed = text ? (JSON.parse(text) as Answer['body']) : {};
  } catch {
    parsed = {};
  }
  return { status: res.status, headers: res.headers, text, body: parsed };
}

/** What a stack trace or an internal path in an answer looks like. */
export const STACK_TRACE = /\n\s+at |node_modules|\.[cm]?[jt]s:\d+|SyntaxError|TypeError/;

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const claimsOf = (idToken: string) =>
  JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  >;

/**
 * The student's own token, re-encoded the way the Auth emulator signs it
 * (unsigned) with other times: issued `ageSeconds` ago, expiring
 * `expiresInSeconds` from now (negative: already expired). The sign-in time
 * (auth_time) stays, so only the token's own lifetime differs.
 */
export function retimedToken(
  idToken: string,
  ageSeconds: number,
  expiresInSeconds: number,
): string {
  const [header] = idToken.split('.');
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    ...claimsOf(idToken),
    iat: now - ageSeconds,
    exp: now + expiresInSeconds,
  };
  return [header, b64(claims), ''].join('.');
}

/** The student's own token, issued two hours ago and expired an hour ago. */
export const expiredToken = (idToken: string) => retimedToken(idToken, 7200, -3600);

/** The student's own claims under a made-up RS256 signature. */
export function tamperedToken(idToken: string): string {
  return [
    b64({ alg: 'RS256', kid: 'made-up-key', typ: 'JWT' }),
    b64(claimsOf(idToken)),
    randomBytes(256).toString('base64url'),
  ].join('.');
}

/** A PDF whose text carries `marker`, and one dated item a syllabus import reads. */
export const samplePdf = (marker: string) =>
  buildSamplePdf([
    [
      `Brief ${marker}`,
      'Measure evaporation each day.',
      'Course SEC 101',
      'Quiz 1 due Dec 3, 2031',
    ],
  ]);

export interface Ids {
  uid: string;
  assignmentId: string;
  subtaskId: string;
  noteId: string;
  fileId: string;
  /** An assignment already holding the most subtasks and notes allowed (only with `full`). */
  fullAssignmentId: string;
  /** A Web Push device (on the stack's stand-in). */
  deviceId: string;
  /** A calendar feed (an empty one, so it adds no assignments). */
  feedId: string;
  /** The student's share of their board, accepted by a supporter. */
  shareId: string;
  /** A board shared with the student, who accepted it. */
  sharedId: string;
  /** An invitation link's token sent to the student, not yet accepted. */
  inviteToken: string;
  /** A cheer on the student's board. */
  cheerId: string;
  /** A work session in the student's plan, placed by hand tomorrow. */
  sessionId: string;
}

/**
 * A signed-in student with data: one assignment with subtasks, notes, a saved chat and an
 * attached PDF.
 */
export interface Student {
  user: TestUser;
  csrf: string;
  ids: Ids;
  /** A word inside every piece of their data, to tell when an answer leaks it. */
  marker: string;
}

export interface StudentOptions {
  prefix?: string;
  /** Hold a working offline Google grant, so calendar saving would go through. */
  calendar?: boolean;
  /** Also an assignment with SUBTASKS_MAX_COUNT subtasks and NOTES_MAX_COUNT notes. */
  full?: { subtasks: number; notes: number };
}

async function json<T>(
  student: { user: TestUser; csrf: string },
  method: Method,
  path: string,
  body: unknown,
  expected: number,
): Promise<T> {
  const res = await send(
    { method, path, json: body },
    { token: student.user.idToken, csrf: student.csrf },
  );
  if (res.status !== expected) {
    throw new Error(`setup ${method} ${path} answered ${res.status}: ${res.text.slice(0, 300)}`);
  }
  return res.body as T;
}

/**
 * The offline Google grant, as tests/support/signin.ts grantCalendarAccess
 * gets it, but with Google's redirect sent to the function's own URL: the
 * redirect names the web app's origin, which API-only runs do not start.
 */
async function grantCalendar(student: { user: TestUser; csrf: string }): Promise<void> {
  const start = await json<{ granted: boolean; url?: string }>(
    student,
    'POST',
    '/api/auth/google/grant',
    {},
    200,
  );
  if (start.granted) return;
  if (!start.url) throw new Error('setup: the grant answered without a consent URL');
  const consent = await fetch(start.url, { redirect: 'manual' });
  const callback = new URL(consent.headers.get('location') ?? '');
  const done = await fetch(`${inject('stack').api}${callback.pathname}${callback.search}`, {
    redirect: 'manual',
  });
  const granted = await json<{ granted: boolean }>(
    student,
    'POST',
    '/api/auth/google/grant',
    {},
    200,
  );
  if (done.status !== 302 || !granted.granted) {
    throw new Error(`setup: the calendar grant did not complete (${done.status})`);
  }
}

/** A calendar with no deadlines on the LMS stand-in. */
async function emptyFeedUrl(): Promise<string> {
  const url = `${inject('stack').lms}feeds/security-empty.ics`;
  const put = await fetch(url, {
    method: 'PUT',
    body: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Moodle Pty Ltd//NONSGML Moodle Version 2024100700//EN\r\nEND:VCALENDAR\r\n',
  });
  if (put.status !== 204) throw new Error(`setup: the LMS stand-in answered ${put.status}`);
  return url;
}

interface Item {
  id: string;
  subtasks: { id: string }[];
  notes: { id: string }[];
}

/** A device's public key, as a browser makes it for a push subscription. */
function deviceKey(): Buffer {
  const ecdh = createECDH('prime256v1');
  return ecdh.generateKeys();
}

const tokenOf = (url: string) => new URL(url).pathname.split('/').pop() ?? '';

/**
 * A supporter for the student, who is also a student sharing with them: the student's share
 * accepted by the partner, a cheer from the partner on the student's board, a board of the
 * partner's the student accepted, and an invitation of the partner's not yet accepted.
 */
async function shareBothWays(me: { user: TestUser; csrf: string }, prefix: string, marker: string) {
  const user = await createTestUser(`${prefix}-partner`);
  const partner = { user, csrf: (await sessionOf(user)).csrf_token };
  const scope = { steps: true, focus: true, descriptions: true };
  const share = (who: typeof me) =>
    json<{ id: string; url: string }>(
      who,
      'POST',
      '/api/shares',
      { name: `Mum ${marker}`, scope },
      201,
    );
  const mine = await share(me);
  await json(partner, 'POST', '/api/shared/accept', { token: tokenOf(mine.url) }, 200);
  const cheer = await json<{ id: string }>(
    partner,
    'POST',
    `/api/shared/${mine.id}/cheers`,
    { text: `Go ${marker}` },
    201,
  );
  const theirs = await share(partner);
  await json(me, 'POST', '/api/shared/accept', { token: tokenOf(theirs.url) }, 200);
  const invite = await share(partner);
  return {
    shareId: mine.id,
    sharedId: theirs.id,
    inviteToken: tokenOf(invite.url),
    cheerId: cheer.id,
  };
}

/** Creates a student with data of every kind the API serves. */
export async function makeStudent(opts: StudentOptions = {}): Promise<Student> {
  const user = await createTestUser(opts.prefix ?? 'security');
  const { csrf_token: csrf } = await sessionOf(user);
  const marker = `secret${randomBytes(6).toString('hex')}`;
  const me = { user, csrf };
  await json(me, 'POST', '/api/acceptance', { privacyAccepted: true, tosAccepted: true }, 200);
  await json(
    me,
    'PATCH',
    `/api/user/${user.uid}`,
    { ai_help_enabled: true, ai_deep_dive_enabled: true },
    200,
  );
  const { item } = await json<{ item: Item }>(
    me,
    'POST',
    '/api/assignment',
    {
      title: `Essay ${marker}`,
      description: `Two pages on ${marker}.`,
      due_date: '2031-05-06T08:00:00',
      subtasks: [{ title: `Outline ${marker}` }, { title: `Draft ${marker}` }],
      notes: [`Ask about ${marker}`, `Library ${marker}`],
      repeat: { rrule: 'FREQ=WEEKLY;BYDAY=TU', until: null },
    },
    201,
  );
  await json(
    me,
    'POST',
    '/api/ai-help-save',
    {
      assignment_id: item.id,
      messages: [
        { role: 'user', content: `What is ${marker}?` },
        { role: 'assistant', content: `${marker} is a test word.` },
      ],
    },
    200,
  );
  const up = await send(
    {
      method: 'POST',
      path: `/api/upload-pdf?assignment_id=${item.id}`,
      files: [{ name: `${marker}.pdf`, bytes: samplePdf(marker) }],
    },
    { token: user.idToken, csrf },
  );
  if (up.status !== 201) throw new Error(`setup upload answered ${up.status}: ${up.text}`);
  let fullAssignmentId = '';
  if (opts.full) {
    const full = await json<{ item: Item }>(
      me,
      'POST',
      '/api/assignment',
      {
        title: `Full ${marker}`,
        subtasks: Array.from({ length: opts.full.subtasks }, (_, i) => ({ title: `Step ${i}` })),
        notes: Array.from({ length: opts.full.notes }, (_, i) => `Note ${i}`),
      },
      201,
    );
    fullAssignmentId = full.item.id;
  }
  if (opts.calendar) await grantCalendar(me);
  const device = await json<{ id: string }>(
    me,
    'POST',
    '/api/push/subscriptions',
    {
      subscription: {
        endpoint: `${inject('stack').push}push/${marker}`,
        keys: {
          p256dh: deviceKey().toString('base64url'),
          auth: randomBytes(16).toString('base64url'),
        },
      },
      device_name: `Phone ${marker}`,
    },
    201,
  );
  // The feed link exists from here on, so reading it changes nothing.
  await json(me, 'GET', '/api/calendar-feed', undefined, 200);
  const feed = await json<{ id: string }>(
    me,
    'POST',
    '/api/lms-feeds',
    { url: await emptyFeedUrl() },
    201,
  );
  // A plan of one session placed by hand, so reading the plan has nothing to replan.
  const sessionId = `session-${marker}`;
  const start = Date.now() + 24 * 3600_000;
  await json(
    me,
    'PUT',
    '/api/plan',
    {
      sessions: [
        {
          id: sessionId,
          assignment_id: item.id,
          start: new Date(start).toISOString(),
          end: new Date(start + 45 * 60_000).toISOString(),
          by_hand: true,
        },
      ],
    },
    200,
  );
  const sharing = await shareBothWays(me, opts.prefix ?? 'security', marker);
  const [subtask] = item.subtasks;
  const [note] = item.notes;
  if (!subtask || !note) throw new Error('setup: the assignment came back without its entries');
  return {
    user,
    csrf,
    marker,
    ids: {
      uid: user.uid,
      assignmentId: item.id,
      subtaskId: subtask.id,
      noteId: note.id,
      fileId: up.body.file_id as string,
      fullAssignmentId,
      deviceId: device.id,
      feedId: feed.id,
      sessionId,
      ...sharing,
    },
  };
}

const byId = (docs: { id: string; data: () => unknown }[]) =>
  Object.fromEntries(
    docs.map((d) => [d.id, d.data()]).sort(([a], [b]) => String(a).localeCompare(String(b))),
  );

/**
 * Everything stored for one student: the profile, every collection under it
 * (listed by Firestore itself), their consent logs
 * and started Google grants, their stored PDF bytes (lite mode: on disk) and
 * their Auth account.
 */
export async function storedFor(uid: string): Promise<Record<string, unknown>> {
  const { db, auth } = admin();
  const out: Record<string, unknown> = {};
  out.profile = (await db.doc(`users/${uid}`).get()).data() ?? null;
  for (const collection of await db.doc(`users/${uid}`).listCollections()) {
    out[collection.id] = byId((await collection.get()).docs);
  }
  out.consent_logs = byId((await db.collection('consent_logs').where('uid', '==', uid).get()).docs);
  out.lms_feeds = byId((await db.collection('lms_feeds').where('uid', '==', uid).get()).docs);
  out.oauth_states = byId((await db.collection('oauth_states').where('uid', '==', uid).get()).docs);
  out.shares = byId((await db.collection('shares').where('student_uid', '==', uid).get()).docs);
  out.supporting = byId(
    (await db.collection('shares').where('supporter_uid', '==', uid).get()).docs,
  );
  const dir = join(DATA_DIR, 'files', 'users', uid, 'files');
  out.stored_files = existsSync(dir) ? readdirSync(dir).sort() : [];
  out.auth_account = await auth.getUser(uid).then(
    (u) => ({ disabled: u.disabled, valid_after: u.tokensValidAfterTime ?? null }),
    () => null,
  );
  return out;
}

/** Snapshots of several students at once, keyed by uid. */
export async function stored(uids: string[]): Promise<Record<string, unknown>> {
  const all = await Promise.all(uids.map(async (uid) => [uid, await storedFor(uid)] as const));
  return Object.fromEntries(all);
}
