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
} from '@brainboard/domain';
import { FieldPath, FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { readDeviceCopies } from '../reminderSchedule/deviceList.ts';
import type { GoogleConfig } from '../auth/config.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { profileRef, profileZone } from '../profile/profile.ts';
import { busyTimes } from './busy.ts';
import {
  assignmentsOf,
  planRef,
  type PlanDoc,
  type StoredSession,
  type Student,
} from './planDoc.ts';
import { writeReminders } from './sessionReminders.ts';

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
  ...(s.started ? { started: true } : {}),
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
  started?: boolean | undefined;
}): StoredSession => ({
  assignment_id: s.assignment_id,
  start: new Date(s.start).toISOString(),
  end: new Date(s.end).toISOString(),
  by_hand: s.by_hand ?? false,
  ...(s.started ? { started: true } : {}),
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
    // A session Focus Mode started keeps that mark while it stays where it was.
    const map = Object.fromEntries(
      sessions.map((s) => {
        const was = doc?.sessions[s.id];
        const kept = was?.started && Date.parse(was.start) === Date.parse(s.start);
        return [s.id, storedOf({ ...s, started: kept })];
      }),
    );
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
    ([, s]) => !open.has(s.assignment_id) || (!s.by_hand && !s.started && Date.parse(s.end) <= now),
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
  // A session under way keeps its place, and its mark when Focus Mode started it.
  const started = new Set(entries.filter(([, s]) => s.started).map(([id]) => id));
  const next = Object.fromEntries(
    result.sessions.map((s) => [
      s.id,
      storedOf({ ...s, by_hand: byHand.has(s.id), started: started.has(s.id) }),
    ]),
  );
  const key = (s: StoredSession) => `${s.assignment_id}|${s.start}|${s.end}`;
  // A session whose time was spent in Focus Mode is done, not moved.
  const spent = (s: StoredSession) => s.started === true && Date.parse(s.end) <= now;
  const before = new Set(
    entries.filter(([, s]) => open.has(s.assignment_id) && !spent(s)).map(([, s]) => key(s)),
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
