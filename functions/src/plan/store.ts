import {
  assignmentFromDoc,
  isoInZone,
  learningFactor,
  PLAN_MAX_DAYS,
  planRuleError,
  planSettingsOf,
  planWeek,
  wallClockIn,
  type Assignment,
  type Interval,
  type PlanAnswer,
  type PlanPreviewAnswer,
  type PlanSession,
  type PlanSessionAnswer,
  type PlanSettings,
} from '@brainboard/domain';
import {
  FieldPath,
  FieldValue,
  Timestamp,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { readDeviceCopies, type DeviceCopy } from '../reminderSchedule/deviceList.ts';
import { scheduleOf, type ScheduleEntry } from '../reminderSchedule/schedule.ts';
import type { GoogleConfig } from '../auth/config.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { profileRef, profileZone } from '../profile/profile.ts';
import { busyTimes } from './busy.ts';
import { sessionText, syncSessionEvents, type KnownEvent } from './calendarEvents.ts';

/**
 * The student's plan: one document, `users/{uid}/plan/current`, holding the sessions as a map
 * keyed by their client-chosen ids (a move or a removal writes one field path), the plan's
 * version (raised by every write; a whole list saved names the version it was based on) and the
 * basis it was planned on (each open dated assignment's id, due date and status), so a read that
 * finds the basis changed (a due date moved on another device, a new assignment, one done)
 * replans the open sessions (docs/decisions/0023-plan-my-week.md).
 */
interface StoredSession {
  assignment_id: string;
  /** ISO instants (UTC); answered in the student's zone. */
  start: string;
  end: string;
  by_hand: boolean;
}

interface PlanDoc {
  sessions: Record<string, StoredSession>;
  version: number;
  basis: string;
  updated_at: string;
  /** "Add to Google Calendar" is on: every plan change is mirrored as events. */
  calendar_sync?: boolean;
  /** The event of each session in the student's calendar. */
  calendar_events?: Record<string, KnownEvent>;
}

/** The calendar fields a whole-plan write carries over. */
const calendarFields = (doc: PlanDoc | undefined) => ({
  calendar_sync: doc?.calendar_sync ?? false,
  calendar_events: doc?.calendar_events ?? {},
});

export const SESSION_NOT_FOUND = 'That session does not exist.';
const ASSIGNMENT_MISSING = 'That assignment does not exist.';
const PLAN_CHANGED =
  'Your plan changed on another device. Reload it to see the latest, then try again.';
const DAY_MS = 24 * 3600_000;

const planRef = (db: Firestore, uid: string) =>
  db.collection('users').doc(uid).collection('plan').doc('current');
const assignmentsOf = (db: Firestore, uid: string) =>
  db.collection('users').doc(uid).collection('assignments');

/** What planning needs from the student's data. */
interface Student {
  zone: string;
  settings: PlanSettings;
  assignments: Assignment[];
}

function studentFrom(
  profile: Record<string, unknown> | undefined,
  docs: { id: string; data(): unknown }[],
): Student {
  return {
    zone: profileZone(profile?.time_zone),
    settings: planSettingsOf(profile),
    assignments: docs.map((d) => assignmentFromDoc(d.id, d.data() as Record<string, unknown>)),
  };
}

async function readStudent(db: Firestore, uid: string): Promise<Student> {
  const [profile, list] = await Promise.all([
    profileRef(db, uid).get(),
    assignmentsOf(db, uid).get(),
  ]);
  return studentFrom(profile.data(), list.docs);
}

/** The open dated assignments' ids, due dates and statuses: when it changes, the plan replans. */
function basisOf(assignments: readonly Assignment[]): string {
  return assignments
    .filter((a) => a.status !== 'done' && a.due_date)
    .map((a) => `${a.id}=${a.due_date}`)
    .sort()
    .join(';');
}

const answerOf = (id: string, s: StoredSession, zone: string): PlanSessionAnswer => ({
  id,
  assignment_id: s.assignment_id,
  start: isoInZone(Date.parse(s.start), zone),
  end: isoInZone(Date.parse(s.end), zone),
  by_hand: s.by_hand,
});

function answersOf(sessions: Record<string, StoredSession>, zone: string): PlanSessionAnswer[] {
  return Object.entries(sessions)
    .map(([id, s]) => answerOf(id, s, zone))
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || (a.id < b.id ? -1 : 1));
}

const storedOf = (s: {
  assignment_id: string;
  start: string | number;
  end: string | number;
  by_hand?: boolean | undefined;
}): StoredSession => ({
  assignment_id: s.assignment_id,
  start: new Date(s.start).toISOString(),
  end: new Date(s.end).toISOString(),
  by_hand: s.by_hand ?? false,
});

/** The first instant of the day 'YYYY-MM-DD' begins in... read from its noon, safe across DST. */
function planInput(
  student: Student,
  busy: Interval[],
  now: number,
  from: string,
  days: number,
  kept: PlanSession[],
) {
  return {
    assignments: student.assignments,
    settings: student.settings,
    busy,
    zone: student.zone,
    now,
    from,
    days,
    kept,
    learning: learningFactor(student.assignments),
  };
}

/** POST /api/plan/preview: what the planner proposes; writes nothing. */
export async function previewPlan(
  db: Firestore,
  google: GoogleConfig,
  uid: string,
  from: string,
  days: number,
  now: number,
): Promise<PlanPreviewAnswer> {
  const [student, planSnap] = await Promise.all([readStudent(db, uid), planRef(db, uid).get()]);
  const today = wallClockIn(now, student.zone).slice(0, 10);
  if (Date.parse(from) - Date.parse(today) > PLAN_MAX_DAYS * DAY_MS) {
    throw new HttpError(400, `A plan can start at most ${PLAN_MAX_DAYS} days ahead.`);
  }
  const stored = (planSnap.data() as PlanDoc | undefined)?.sessions ?? {};
  const kept = Object.entries(stored)
    .filter(([, s]) => s.by_hand && Date.parse(s.end) > now)
    .map(([id, s]) => ({
      id,
      assignment_id: s.assignment_id,
      start: Date.parse(s.start),
      end: Date.parse(s.end),
    }));
  const { busy, calendar } = await busyTimes(db, google, uid, now, now + (days + 15) * DAY_MS);
  const result = planWeek(planInput(student, busy, now, from, days, kept));
  return {
    sessions: result.sessions.map((s) => answerOf(s.id, storedOf(s), student.zone)),
    unplanned: result.unplanned,
    calendar,
  };
}

/** Refuses sessions for assignments the student does not have (another student's: 404). */
function checkAssignments(
  sessions: Iterable<{ assignment_id: string }>,
  ids: ReadonlySet<string>,
): void {
  for (const s of sessions) if (!ids.has(s.assignment_id)) throw notFound(ASSIGNMENT_MISSING);
}

function checkRules(sessions: Record<string, StoredSession>, now: number): void {
  const error = planRuleError(Object.values(sessions), now);
  if (error) throw new HttpError(400, error);
}

async function readForWrite(tx: Transaction, db: Firestore, uid: string) {
  const [plan, profile, list, devices] = await Promise.all([
    tx.get(planRef(db, uid)),
    tx.get(profileRef(db, uid)),
    tx.get(assignmentsOf(db, uid)),
    readDeviceCopies(tx, db, uid),
  ]);
  const student = studentFrom(profile.data(), list.docs);
  return { doc: plan.data() as PlanDoc | undefined, student, devices };
}

/** The reminder entry of a session: `users/{uid}/reminder_schedule/session-{id}`. */
const reminderRef = (db: Firestore, uid: string, sessionId: string) =>
  scheduleOf(db, uid).doc(`session-${sessionId}`);

/**
 * Writes the sessions' reminders in the transaction that writes the plan (the reminder
 * schedule of decision 0017): a session ahead fires at its start, "Time for Physics worksheet ·
 * 45 min", and opens Focus Mode on its assignment; a session removed, moved into the past or
 * of an assignment gone loses its entry.
 */
function writeReminders(
  tx: Transaction,
  db: Firestore,
  uid: string,
  before: Record<string, StoredSession>,
  after: Record<string, StoredSession>,
  student: Student,
  devices: DeviceCopy[],
  now: number,
): void {
  for (const id of Object.keys(before)) if (!after[id]) tx.delete(reminderRef(db, uid, id));
  const byId = new Map(student.assignments.map((a) => [a.id, a]));
  for (const [id, s] of Object.entries(after)) {
    const start = Date.parse(s.start);
    const a = byId.get(s.assignment_id);
    if (!a || start <= now) {
      if (before[id]) tx.delete(reminderRef(db, uid, id));
      continue;
    }
    const due = wallClockIn(start, student.zone);
    const minutes = Math.round((Date.parse(s.end) - start) / 60_000);
    tx.set(reminderRef(db, uid, id), {
      uid,
      assignment_id: s.assignment_id,
      title: a.title,
      due_date: due,
      zone: student.zone,
      card: a.created_at,
      minutes: [0],
      snooze_at: null,
      fire_at: Timestamp.fromMillis(start),
      fire_key: `${due}|0`,
      devices,
      text: sessionText(a.title, minutes),
    } satisfies ScheduleEntry);
  }
}

/** PUT /api/plan: replaces the plan; with `version`, only when it is still that version. */
export async function savePlan(
  db: Firestore,
  uid: string,
  sessions: {
    id: string;
    assignment_id: string;
    start: string;
    end: string;
    by_hand?: boolean | undefined;
  }[],
  version: number | undefined,
  now: number,
): Promise<PlanAnswer> {
  return db.runTransaction(async (tx) => {
    const { doc, student, devices } = await readForWrite(tx, db, uid);
    const current = doc?.version ?? 0;
    if (version !== undefined && version !== current) throw new HttpError(409, PLAN_CHANGED);
    checkAssignments(sessions, new Set(student.assignments.map((a) => a.id)));
    const map = Object.fromEntries(sessions.map((s) => [s.id, storedOf(s)]));
    checkRules(map, now);
    const next: PlanDoc = {
      sessions: map,
      version: current + 1,
      basis: basisOf(student.assignments),
      updated_at: new Date(now).toISOString(),
      ...calendarFields(doc),
    };
    tx.set(planRef(db, uid), next);
    writeReminders(tx, db, uid, doc?.sessions ?? {}, map, student, devices, now);
    return { sessions: answersOf(map, student.zone), version: next.version };
  });
}

/** PATCH /api/plan/sessions/{id}: new times; the session is then placed by hand. */
export async function moveSession(
  db: Firestore,
  uid: string,
  id: string,
  times: { start: string; end: string },
  now: number,
): Promise<PlanAnswer> {
  return db.runTransaction(async (tx) => {
    const { doc, student, devices } = await readForWrite(tx, db, uid);
    const old = doc?.sessions[id];
    if (!doc || !old) throw notFound(SESSION_NOT_FOUND);
    const moved = storedOf({ ...old, ...times, by_hand: true });
    const map = { ...doc.sessions, [id]: moved };
    checkRules(map, now);
    tx.update(
      planRef(db, uid),
      new FieldPath('sessions', id),
      moved,
      'version',
      FieldValue.increment(1),
      'updated_at',
      new Date(now).toISOString(),
    );
    writeReminders(tx, db, uid, { [id]: old }, { [id]: moved }, student, devices, now);
    return { sessions: answersOf(map, student.zone), version: doc.version + 1 };
  });
}

/** DELETE /api/plan/sessions/{id}. */
export async function deleteSession(
  db: Firestore,
  uid: string,
  id: string,
  now: number,
): Promise<PlanAnswer> {
  return db.runTransaction(async (tx) => {
    const { doc, student, devices } = await readForWrite(tx, db, uid);
    if (!doc?.sessions[id]) throw notFound(SESSION_NOT_FOUND);
    const map = { ...doc.sessions };
    delete map[id];
    tx.update(
      planRef(db, uid),
      new FieldPath('sessions', id),
      FieldValue.delete(),
      'version',
      FieldValue.increment(1),
      'updated_at',
      new Date(now).toISOString(),
    );
    writeReminders(tx, db, uid, { [id]: doc.sessions[id] }, {}, student, devices, now);
    return { sessions: answersOf(map, student.zone), version: doc.version + 1 };
  });
}

/**
 * GET /api/plan. Replans on read when the plan no longer matches the student's work: a session
 * whose time passed (its work is placed again at the next open time; the time focused already
 * counts), a session of a deleted or finished assignment, or a changed basis (a due date moved,
 * an assignment arrived or was done). Sessions placed by hand stay unless they no longer end
 * before their buffer. The replanned plan is written only if nothing else wrote it meanwhile.
 */
export async function readPlan(
  db: Firestore,
  google: GoogleConfig,
  uid: string,
  now: number,
): Promise<PlanAnswer> {
  const [student, snap] = await Promise.all([readStudent(db, uid), planRef(db, uid).get()]);
  const doc = snap.data() as PlanDoc | undefined;
  if (!doc) return { sessions: [], version: 0 };
  const open = new Set(student.assignments.filter((a) => a.status !== 'done').map((a) => a.id));
  const entries = Object.entries(doc.sessions);
  const stale = entries.some(
    ([, s]) => !open.has(s.assignment_id) || (!s.by_hand && Date.parse(s.end) <= now),
  );
  if (!stale && doc.basis === basisOf(student.assignments)) {
    return { sessions: answersOf(doc.sessions, student.zone), version: doc.version };
  }

  // Sessions under way and those placed by hand stay (the planner hands back any that no longer fit).
  const kept = entries
    .filter(([, s]) => open.has(s.assignment_id) && Date.parse(s.end) > now)
    .filter(([, s]) => s.by_hand || Date.parse(s.start) <= now)
    .map(([id, s]) => ({
      id,
      assignment_id: s.assignment_id,
      start: Date.parse(s.start),
      end: Date.parse(s.end),
    }));
  const today = wallClockIn(now, student.zone).slice(0, 10);
  const { busy } = await busyTimes(db, google, uid, now, now + (PLAN_MAX_DAYS + 1) * DAY_MS);
  const result = planWeek(planInput(student, busy, now, today, PLAN_MAX_DAYS, kept));
  const byHand = new Set(entries.filter(([, s]) => s.by_hand).map(([id]) => id));
  const next = Object.fromEntries(
    result.sessions.map((s) => [s.id, storedOf({ ...s, by_hand: byHand.has(s.id) })]),
  );
  const key = (s: StoredSession) => `${s.assignment_id}|${s.start}|${s.end}`;
  const before = new Set(
    entries.filter(([, s]) => open.has(s.assignment_id)).map(([, s]) => key(s)),
  );
  const after = new Set(Object.values(next).map(key));
  const moved = Math.min(
    [...before].filter((k) => !after.has(k)).length,
    [...after].filter((k) => !before.has(k)).length,
  );

  const written = await db.runTransaction(async (tx) => {
    const [snapAgain, devices] = await Promise.all([
      tx.get(planRef(db, uid)),
      readDeviceCopies(tx, db, uid),
    ]);
    const again = snapAgain.data() as PlanDoc | undefined;
    if (!again || again.version !== doc.version) return null;
    writeReminders(tx, db, uid, again.sessions, next, student, devices, now);
    tx.set(planRef(db, uid), {
      sessions: next,
      version: doc.version + 1,
      basis: basisOf(student.assignments),
      updated_at: new Date(now).toISOString(),
      ...calendarFields(again),
    } satisfies PlanDoc);
    return doc.version + 1;
  });
  if (written === null) return readPlan(db, google, uid, now);
  return {
    sessions: answersOf(next, student.zone),
    version: written,
    ...(moved > 0 ? { moved, previous: answersOf(doc.sessions, student.zone) } : {}),
    ...(result.released.length ? { released: result.released.length } : {}),
  };
}

/**
 * Mirrors the plan in the student's Google Calendar when "Add to Google Calendar" is on (or
 * `force`): one event per session, written after the plan's own write has committed. Answers
 * how many events the calendar shows. Google's failures are thrown; a plan write that calls
 * this catches them (the plan stands; the next change or "Add to Google Calendar" tries again).
 */
export async function syncCalendar(
  db: Firestore,
  google: GoogleConfig,
  uid: string,
  force = false,
): Promise<number> {
  const [snap, list] = await Promise.all([planRef(db, uid).get(), assignmentsOf(db, uid).get()]);
  const doc = snap.data() as PlanDoc | undefined;
  if (!force && !doc?.calendar_sync) return 0;
  const titles = new Map(list.docs.map((d) => [d.id, String(d.get('title') ?? '')]));
  const sessions = Object.entries(doc?.sessions ?? {}).map(([id, s]) => ({
    id,
    assignment_id: s.assignment_id,
    title: titles.get(s.assignment_id) ?? '',
    start: s.start,
    end: s.end,
  }));
  const events = await syncSessionEvents(db, google, uid, sessions, doc?.calendar_events ?? {});
  await planRef(db, uid).set({ calendar_sync: true, calendar_events: events }, { merge: true });
  return Object.keys(events).length;
}

/** "Add to Google Calendar" turned off: every session's event is removed. */
export async function clearCalendar(
  db: Firestore,
  google: GoogleConfig,
  uid: string,
): Promise<void> {
  const doc = (await planRef(db, uid).get()).data() as PlanDoc | undefined;
  const known = doc?.calendar_events ?? {};
  if (Object.keys(known).length > 0) await syncSessionEvents(db, google, uid, [], known);
  if (doc) await planRef(db, uid).update({ calendar_sync: false, calendar_events: {} });
}

/** After a plan write: the calendar follows when it is on; a failure leaves the plan as saved. */
export async function followInCalendar(
  db: Firestore,
  google: GoogleConfig,
  uid: string,
): Promise<void> {
  try {
    await syncCalendar(db, google, uid);
  } catch (err) {
    console.warn(
      'The plan is saved; mirroring it in Google Calendar failed',
      (err as Error)?.message,
    );
  }
}
