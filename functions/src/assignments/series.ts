import {
  followingDue,
  instanceIdOf,
  rankForNewCard,
  REPEAT_NEEDS_DUE_DATE,
  type Repeat,
  type RepeatInput,
} from '@brainboard/domain';
import type { DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore';
import { randomBytes } from 'node:crypto';
import { chatsOf } from '../chats/store.ts';
import { assignmentsOf, subtaskMap, type AssignmentDoc } from './store.ts';
import { EVENT_ID_FIELD } from './calendarEvent.ts';
import { badRequest } from '../http/errors.ts';
import { profileRef, profileZone } from '../profile/profile.ts';
import { readForSchedule } from '../reminderSchedule/schedule.ts';

/**
 * `users/{uid}/series/{seriesId}`: how a repeating assignment repeats and what each new
 * instance starts from. The rule's first due date (`anchor`) fixes the wall-clock time and the
 * cadence; `zone` is the IANA zone of the student's profile (`time_zone`) when the series last
 * planned a date, which decides what "now" is on that clock. Due dates are wall-clock times, so
 * a new profile zone keeps "every Friday 5:00 PM" at 5:00 PM on the student's new clock: the
 * profile is read again whenever a date is planned, and the series takes its zone.
 */
export interface SeriesDoc {
  rrule: string;
  until: string | null;
  anchor: string;
  zone: string;
  template: {
    title: string;
    description: string;
    subtasks: string[];
    reminders: unknown;
  };
  /** The instance that is open now (the newest one created). */
  open_id: string;
  /** Set when the student stopped the repeat: existing cards stay, no new ones come. */
  stopped: boolean;
  created_at: string;
  updated_at: string;
}

export const seriesRef = (db: Firestore, uid: string, id: string): DocumentReference =>
  db.collection('users').doc(uid).collection('series').doc(id);

/** A series id for a new repeat of assignment `id`: fixed for a client-chosen id (retries). */
export const newSeriesId = (assignmentId: string | undefined, now: Date) =>
  assignmentId
    ? `series-${assignmentId}`
    : `series-${now.getTime()}-${randomBytes(4).toString('hex')}`;

/** The student's zone from the profile (UTC when none is set), read in the transaction. */
export async function readProfileZone(tx: Transaction, db: Firestore, uid: string) {
  return profileZone((await tx.get(profileRef(db, uid))).get('time_zone'));
}

/** The series, read in the transaction; null when it does not exist. */
export async function readSeries(
  tx: Transaction,
  db: Firestore,
  uid: string,
  id: string,
): Promise<SeriesDoc | null> {
  const snap = await tx.get(seriesRef(db, uid, id));
  return snap.exists ? (snap.data() as SeriesDoc) : null;
}

/** True for a due date a repeat can be anchored on: one with a time. */
export const isTimedDue = (due: string): boolean => /T\d{2}:\d{2}:00$/.test(due);

/** The due date a repeat is anchored on: it must have a time. */
export function requireTimedDue(due: string): string {
  if (!isTimedDue(due)) throw badRequest(REPEAT_NEEDS_DUE_DATE);
  return due;
}

/** A new series whose open instance is `instanceId`, as of that instance's fields. */
export function seriesFor(
  repeat: NonNullable<RepeatInput>,
  instanceId: string,
  doc: Pick<AssignmentDoc, 'title' | 'description' | 'due_date' | 'subtasks'> & {
    reminders?: unknown;
  },
  zone: string,
  now: Date,
): SeriesDoc {
  return {
    rrule: repeat.rrule,
    until: repeat.until,
    anchor: requireTimedDue(doc.due_date),
    zone,
    template: templateOf(doc),
    open_id: instanceId,
    stopped: false,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
}

/** A create body's fields: subtasks as a list, in order; reminders as the body has them. */
interface SeriesInput {
  title: string;
  description: string;
  due_date: string;
  subtasks: { title: string }[];
  reminders?: unknown;
}

/**
 * A new series whose open instance is `instanceId`, from the fields of a create body (a new
 * repeating assignment, or a repeat brought back by an import). The due date must have a time.
 */
export function seriesOfInput(
  repeat: NonNullable<RepeatInput>,
  instanceId: string,
  input: SeriesInput,
  zone: string,
  now: Date,
): SeriesDoc {
  return seriesFor(
    repeat,
    instanceId,
    {
      ...input,
      subtasks: Object.fromEntries(
        input.subtasks.map((s, i) => [
          String(i),
          { title: s.title, completed: false, created_date: '', order: i },
        ]),
      ),
    },
    zone,
    now,
  );
}

/** The series of a new repeating assignment `instanceId`, and the write that stores it. */
export function startSeries(
  db: Firestore,
  uid: string,
  instanceId: string,
  repeat: NonNullable<RepeatInput>,
  input: SeriesInput,
  zone: string,
  now: Date,
): { id: string; write: (tx: Transaction) => void } {
  const id = newSeriesId(instanceId, now);
  const doc = seriesOfInput(repeat, instanceId, input, zone, now);
  return { id, write: (tx) => tx.create(seriesRef(db, uid, id), doc) };
}

/** What the next instances copy: title, description, subtask titles (unticked), reminders. */
export function templateOf(
  doc: Pick<AssignmentDoc, 'title' | 'description' | 'subtasks'> & { reminders?: unknown },
): SeriesDoc['template'] {
  const subtasks = Object.values(doc.subtasks ?? {})
    .sort((a, b) => a.order - b.order)
    .map((s) => s.title);
  return {
    title: doc.title,
    description: doc.description,
    subtasks,
    reminders: doc.reminders ?? null,
  };
}

export const repeatOf = (s: Pick<SeriesDoc, 'rrule' | 'until'>): Repeat => ({
  rrule: s.rrule,
  until: s.until,
});

/**
 * The next due date after an instance due `due`, read on the clock of `zone` (the profile's),
 * or null when the series has ended.
 */
export function nextDueOf(series: SeriesDoc, due: string, now: Date, zone: string): string | null {
  if (series.stopped) return null;
  return followingDue(repeatOf(series), series.anchor, due, now, zone);
}

/** The instance a series created: nothing about it has been done since (safe to take back). */
export async function isUntouchedInstance(
  tx: Transaction,
  db: Firestore,
  uid: string,
  id: string,
  doc: Record<string, unknown>,
): Promise<boolean> {
  if (doc.status !== 'new' || doc.version !== 1 || doc[EVENT_ID_FIELD] !== undefined) return false;
  return !(await tx.get(chatsOf(db, uid).doc(id))).exists;
}

/** The instance that follows: the card to create and what the series records about it. */
export interface PlannedInstance {
  create: (tx: Transaction) => void;
  series: Pick<SeriesDoc, 'open_id' | 'zone' | 'updated_at'>;
  item: { id: string; doc: AssignmentDoc };
}

/**
 * Plans the instance that follows `instanceId` (due `due`) when that card leaves the series'
 * open place: it became Done, or it was deleted on its own. Only the series' open instance has a
 * successor, so a finished card that was reopened and finished again never adds a second one.
 * `known` is the series as this transaction leaves it, when the same edit starts or changes it;
 * otherwise it is read. All reads happen here (a transaction reads before it writes); the
 * caller writes `create` and merges `series` into its write of the series. The next instance's
 * id comes from the series and the occurrence, so two devices finishing the same card at once
 * create one card. `create` writes the new card's reminder schedule with it.
 */
export async function planNextInstance(
  tx: Transaction,
  db: Firestore,
  uid: string,
  seriesId: string,
  instanceId: string,
  due: string,
  now: Date,
  known?: SeriesDoc,
): Promise<PlannedInstance | null> {
  const series = known ?? (await readSeries(tx, db, uid, seriesId));
  if (!series || series.open_id !== instanceId) return null;
  const zone = await readProfileZone(tx, db, uid);
  const next = nextDueOf(series, due, now, zone);
  if (!next) return null;
  const nextRef = assignmentsOf(db, uid).doc(instanceIdOf(seriesId, next));
  if ((await tx.get(nextRef)).exists) return null;
  const column = await tx.get(assignmentsOf(db, uid).where('status', '==', 'new'));
  const rank = rankForNewCard(
    column.docs.map((d) => ({ id: d.id, ...d.data() })),
    next,
  );
  const schedule = await readForSchedule(tx, db, uid, []);
  const today = now.toISOString().slice(0, 10);
  const doc: AssignmentDoc & { series_id: string; repeat: Repeat; reminders?: unknown } = {
    title: series.template.title,
    description: series.template.description,
    due_date: next,
    status: 'new',
    subtasks: subtaskMap(
      series.template.subtasks.map((title, i) => ({
        id: `subtask-${now.getTime()}-${i}`,
        title,
        completed: false,
      })),
      today,
    ),
    notes: {},
    completed_date: null,
    deep_dive: {},
    rank,
    version: 1,
    series_id: seriesId,
    repeat: repeatOf(series),
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  if (Array.isArray(series.template.reminders)) {
    doc.reminders = series.template.reminders.filter((m): m is number => typeof m === 'number');
  }
  return {
    create: (t) => {
      t.create(nextRef, doc);
      schedule.write(t, nextRef.id, doc, now);
    },
    series: { open_id: nextRef.id, zone, updated_at: now.toISOString() },
    item: { id: nextRef.id, doc },
  };
}
