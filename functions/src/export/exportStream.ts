import { assignmentFromDoc, type Assignment } from '@brainboard/domain';
import {
  type CollectionReference,
  type DocumentData,
  type Firestore,
  type QueryDocumentSnapshot,
} from 'firebase-admin/firestore';
import { buildFeed } from '../calendarFeed/feed.ts';
import { feedsOf, feedView, type FeedDoc } from '../lms/feeds.ts';
import { profileZone } from '../profile/profile.ts';
import { listShares } from '../shares/store.ts';

/** Documents read per page: an export never holds more than one page of a collection. */
const PAGE = 200;

/** Where the export writes; `write` resolves once the chunk may be followed by another. */
export interface Sink {
  write(chunk: string): Promise<void>;
}

/**
 * Every document of a collection, a page at a time, in id order (a query with no order is in
 * id order, and a cursor on the last snapshot goes on from it: no index is needed).
 */
async function* pages(
  collection: CollectionReference,
): AsyncGenerator<QueryDocumentSnapshot<DocumentData>[]> {
  let last: QueryDocumentSnapshot | undefined;
  for (;;) {
    let q = collection.limit(PAGE);
    if (last) q = q.startAfter(last);
    const snap = await q.get();
    if (snap.empty) return;
    yield snap.docs;
    if (snap.size < PAGE) return;
    last = snap.docs[snap.docs.length - 1];
  }
}

/**
 * Collections under `users/{uid}` that are not the student's own data but the server's
 * workings: secrets and rate counters (`private`), the board's change stamp, the reminder
 * dispatcher's queue and receipts (copies of device endpoints and keys), and which focus
 * session is open. What they mean for the student is exported elsewhere (reminder settings with
 * each assignment and the profile).
 */
const SERVER_ONLY = new Set([
  'private',
  'meta',
  'reminder_schedule',
  'reminder_deliveries',
  'reminder_action_uses',
  'focus_open',
]);

/** What the export keeps of a collection's document; the rest are exported as stored. */
const PROJECTIONS: Record<string, (d: QueryDocumentSnapshot) => unknown> = {
  assignments: (d) => assignmentFromDoc(d.id, d.data()),
  // The file list: names and sizes, never the stored bytes or where they are kept.
  files: (d) => ({
    id: d.id,
    name: d.get('name') ?? null,
    size: d.get('size') ?? null,
    pages: d.get('pages') ?? null,
    assignment_id: d.get('assignment_id') ?? null,
    created_at: d.get('created_at') ?? null,
  }),
  // Devices by name; their push endpoints and keys are credentials of the browser.
  push_subscriptions: (d) => ({
    id: d.id,
    device_name: d.get('device_name') ?? null,
    created_at: d.get('created_at') ?? null,
  }),
};

/** The profile without the session's CSRF token and the deletion flag. */
function profileOf(data: DocumentData | undefined, uid: string) {
  const { csrf_token: _csrf, deleting: _deleting, ...rest } = data ?? {};
  return { id: uid, ...rest };
}

/**
 * Everything Brainboard holds about the student as one JSON document, written a document at a
 * time: the profile and settings, every collection under the student (assignments with steps,
 * notes, deep-dive results and reminders; repeats; chats; focus sessions; plan sessions and
 * whatever a feature adds), the file list, the school feeds with their links masked, the
 * supporters and the consent record. Nothing of anyone else's: every read is the student's.
 */
export async function writeJsonExport(
  db: Firestore,
  uid: string,
  sink: Sink,
  now: Date,
): Promise<void> {
  const profileRef = db.collection('users').doc(uid);
  const [profile, collections] = await Promise.all([
    profileRef.get(),
    profileRef.listCollections(),
  ]);
  await sink.write(
    `{"format":"brainboard","version":1,"exported_at":${JSON.stringify(now.toISOString())},` +
      `"profile":${JSON.stringify(profileOf(profile.data(), uid))}`,
  );
  const names = collections
    .map((c) => c.id)
    .filter((id) => !SERVER_ONLY.has(id))
    .sort((a, b) => (a === 'assignments' ? -1 : b === 'assignments' ? 1 : a.localeCompare(b)));
  if (!names.includes('assignments')) names.unshift('assignments');
  for (const name of names) {
    const project =
      PROJECTIONS[name] ?? ((d: QueryDocumentSnapshot) => ({ id: d.id, ...d.data() }));
    await sink.write(`,${JSON.stringify(name)}:[`);
    let first = true;
    for await (const docs of pages(profileRef.collection(name))) {
      const items = docs.map((d) => JSON.stringify(project(d)));
      await sink.write((first ? '' : ',') + items.join(','));
      first = false;
    }
    await sink.write(']');
  }
  const [feeds, supporters, consent] = await Promise.all([
    feedsOf(db).where('uid', '==', uid).get(),
    listShares(db, uid),
    db.collection('consent_logs').where('uid', '==', uid).get(),
  ]);
  const feedList = feeds.docs.map((d) => feedView(d.id, d.data() as FeedDoc));
  const consentList = consent.docs.map((d) => ({
    privacy_accepted_at: d.get('privacy_accepted_at') ?? null,
    tos_accepted_at: d.get('tos_accepted_at') ?? null,
    created_at: d.get('created_at') ?? null,
  }));
  await sink.write(
    `,"school_feeds":${JSON.stringify(feedList)},"supporters":${JSON.stringify(supporters)},` +
      `"consent":${JSON.stringify(consentList)}}`,
  );
}

const CSV_COLUMNS = [
  'id',
  'title',
  'description',
  'status',
  'due_date',
  'completed_date',
  'steps_done',
  'steps_total',
  'steps',
  'notes',
  'focus_minutes',
] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a quote, comma or line break. Text that a
 * spreadsheet would run as a formula (starting with =, +, -, @, tab or return) is prefixed
 * with an apostrophe, so opening the file never runs anything.
 */
export function csvField(value: string | number | null): string {
  let s = value === null ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function csvRow(a: Assignment): string {
  const done = a.subtasks.filter((s) => s.completed).length;
  const cells: Record<(typeof CSV_COLUMNS)[number], string | number | null> = {
    id: a.id,
    title: a.title,
    description: a.description,
    status: a.status,
    due_date: a.due_date,
    completed_date: a.completed_date,
    steps_done: done,
    steps_total: a.subtasks.length,
    steps: a.subtasks.map((s) => `${s.completed ? '[x]' : '[ ]'} ${s.title}`).join('\n'),
    notes: a.notes.map((n) => n.text).join('\n'),
    focus_minutes: a.focus_minutes ?? 0,
  };
  return CSV_COLUMNS.map((c) => csvField(cells[c])).join(',');
}

/** The student's assignments as CSV, one row each, written a page at a time. */
export async function writeCsvExport(db: Firestore, uid: string, sink: Sink): Promise<void> {
  await sink.write(`${CSV_COLUMNS.join(',')}\r\n`);
  const assignments = db.collection('users').doc(uid).collection('assignments');
  for await (const docs of pages(assignments)) {
    await sink.write(docs.map((d) => `${csvRow(assignmentFromDoc(d.id, d.data()))}\r\n`).join(''));
  }
}

/**
 * The iCalendar file: the same events as the student's calendar feed (pending assignments with
 * a due date, at the due time in their zone, with their reminders). Its size is bounded by the
 * open assignments, so it is built whole by the feed's own builder.
 */
export async function writeIcsExport(
  db: Firestore,
  uid: string,
  appUrl: string,
  sink: Sink,
  now: Date,
): Promise<void> {
  const profileRef = db.collection('users').doc(uid);
  const profile = await profileRef.get();
  const assignments: Assignment[] = [];
  for await (const docs of pages(profileRef.collection('assignments'))) {
    for (const d of docs) {
      if (d.get('status') !== 'done') assignments.push(assignmentFromDoc(d.id, d.data()));
    }
  }
  const defaults = profile.get('reminder_defaults') as unknown;
  await sink.write(
    buildFeed(
      assignments,
      {
        defaults: Array.isArray(defaults) ? (defaults as number[]) : null,
        zone: profileZone(profile.get('time_zone')),
      },
      appUrl,
      now,
    ),
  );
}
