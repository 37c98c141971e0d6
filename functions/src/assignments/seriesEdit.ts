import {
  REPEAT_CHANGE_NEEDS_FOLLOWING,
  type AssignmentPatchInput,
  type RepeatScope,
} from '@brainboard/domain';
import type { Firestore, Transaction, UpdateData } from 'firebase-admin/firestore';
import { assignmentsOf, type AssignmentDoc, type StoredSubtask } from './store.ts';
import { badRequest } from '../http/errors.ts';
import { writeEntry } from '../reminderSchedule/schedule.ts';
import {
  isUntouchedInstance,
  newSeriesId,
  planNextInstance,
  readProfileZone,
  readSeries,
  repeatOf,
  requireTimedDue,
  seriesFor,
  seriesRef,
  templateOf,
  type PlannedInstance,
  type SeriesDoc,
} from './series.ts';

type RepeatingDoc = AssignmentDoc & { series_id?: string | null; reminders?: unknown };

const sameRepeat = (a: unknown, b: unknown) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What an edit of an assignment means for its repeat, planned inside the edit's transaction:
 * extra fields for the assignment and writes to the series (and other instances). Reads are
 * done here, before the caller writes.
 *
 * - Becoming Done creates the next instance (once per occurrence, only from the open one).
 * - A change of how it repeats (a new rule, or null to stop) is a change of the series: it
 *   applies to this card and the ones after it, so "only this one" (`scope: "this"`) is refused.
 *   Stopping keeps the cards that exist.
 * - With scope "following", title, description, subtasks and the due time also become the
 *   series template for the instances after this one; "this" (the default) changes this card only.
 * - Reopening a finished card while a later instance is open keeps one open instance: the later
 *   one is taken back when nothing was done on it yet (a Done undone); otherwise the reopened
 *   card leaves the series and stays an ordinary card.
 */
export async function planRepeatEdit(
  tx: Transaction,
  db: Firestore,
  uid: string,
  id: string,
  before: RepeatingDoc,
  input: AssignmentPatchInput,
  after: { subtasks?: Record<string, StoredSubtask> | undefined },
  now: Date,
): Promise<{ fields: UpdateData<RepeatingDoc>; write: (tx: Transaction) => void }> {
  const fields: UpdateData<RepeatingDoc> = {};
  const writes: ((tx: Transaction) => void)[] = [];
  const stamp = now.toISOString();
  const storedId = typeof before.series_id === 'string' ? before.series_id : null;
  const due = input.due_date ?? before.due_date;
  const merged = {
    title: input.title ?? before.title,
    description: input.description ?? before.description,
    due_date: due,
    subtasks: after.subtasks ?? before.subtasks,
    reminders: before.reminders,
  };
  const repeatChange =
    input.repeat !== undefined &&
    !(storedId && sameRepeat(input.repeat && repeatOf(input.repeat), before.repeat));
  if (storedId && repeatChange && input.scope === 'this') {
    throw badRequest(REPEAT_CHANGE_NEEDS_FOLLOWING);
  }

  // The series after this edit: a new one to create, or changes to the stored one.
  let seriesId = storedId;
  let created: SeriesDoc | null = null;
  let changes: Partial<SeriesDoc> = {};
  let current: SeriesDoc | null = null;

  if (repeatChange && input.repeat === null) {
    if (storedId) changes = { stopped: true, updated_at: stamp };
    seriesId = null;
    fields.series_id = null;
    fields.repeat = null;
  } else if (repeatChange && input.repeat) {
    const repeat = input.repeat;
    const zone = await readProfileZone(tx, db, uid);
    if (storedId) {
      current = await readSeries(tx, db, uid, storedId);
      changes = {
        rrule: repeat.rrule,
        until: repeat.until,
        anchor: requireTimedDue(due),
        zone,
        stopped: false,
        updated_at: stamp,
        ...(input.scope === 'following' ? { template: templateOf(merged) } : {}),
      };
      // The open instance, when it is another card, shows the new rule too.
      const openId = current?.open_id;
      if (openId && openId !== id) {
        const openRef = assignmentsOf(db, uid).doc(openId);
        if ((await tx.get(openRef)).exists) {
          writes.push((t) => t.update(openRef, { repeat: repeatOf(repeat), updated_at: stamp }));
        }
      }
    } else {
      seriesId = newSeriesId(id, now);
      created = seriesFor(repeat, id, merged, zone, now);
      fields.series_id = seriesId;
    }
    fields.repeat = repeatOf(repeat);
  } else if (storedId && input.scope === 'following') {
    changes = {
      template: templateOf(merged),
      updated_at: stamp,
      ...(input.due_date !== undefined ? { anchor: requireTimedDue(due) } : {}),
    };
  }

  if (seriesId && input.status === 'done' && before.status !== 'done') {
    // A series started or changed by this same edit plans from what the edit leaves.
    const known = created ?? (current ? { ...current, ...changes } : undefined);
    const next = await planNextInstance(tx, db, uid, seriesId, id, due, now, known);
    if (next) {
      writes.push(next.create);
      if (created) created = { ...created, ...next.series };
      else changes = { ...changes, ...next.series };
    }
  } else if (seriesId && !repeatChange && input.status && before.status === 'done') {
    if (input.status !== 'done') {
      const reopen = await planReopen(tx, db, uid, seriesId, id, stamp);
      if (reopen === 'leave') {
        fields.series_id = null;
        fields.repeat = null;
      } else if (reopen) {
        writes.push(reopen);
      }
    }
  }

  const series = seriesId ?? storedId;
  if (created && series) {
    const doc = created;
    writes.push((t) => t.set(seriesRef(db, uid, series), doc));
  } else if (storedId && Object.keys(changes).length > 0) {
    const update = changes;
    writes.push((t) => t.update(seriesRef(db, uid, storedId), update));
  }
  return { fields, write: (t) => writes.forEach((w) => w(t)) };
}

/**
 * A finished card `id` of a series is reopened. When the series' open instance is another card,
 * that card is taken back if it is untouched (or gone) and the reopened card becomes the open
 * one; 'leave' when it was worked on, so the reopened card leaves the series.
 */
async function planReopen(
  tx: Transaction,
  db: Firestore,
  uid: string,
  seriesId: string,
  id: string,
  stamp: string,
): Promise<((tx: Transaction) => void) | 'leave' | null> {
  const series = await readSeries(tx, db, uid, seriesId);
  if (!series || series.stopped || series.open_id === id) return null;
  const openRef = assignmentsOf(db, uid).doc(series.open_id);
  const open = await tx.get(openRef);
  const openDoc = open.data() as Record<string, unknown> | undefined;
  const takeOpenPlace = (t: Transaction) =>
    t.update(seriesRef(db, uid, seriesId), { open_id: id, updated_at: stamp });
  if (!openDoc || openDoc.status === 'done') return takeOpenPlace;
  if (await isUntouchedInstance(tx, db, uid, open.id, openDoc)) {
    return (t) => {
      t.delete(openRef);
      writeEntry(t, db, uid, open.id, null);
      takeOpenPlace(t);
    };
  }
  return 'leave';
}

/**
 * What deleting card `id` means for its repeat. Deleting the open card of a running series
 * never leaves it without one silently: "this" brings the next instance (after both its due
 * date and now), "following" stops the series. Other cards go alone.
 */
export async function planRepeatDelete(
  tx: Transaction,
  db: Firestore,
  uid: string,
  id: string,
  doc: RepeatingDoc,
  scope: RepeatScope,
  now: Date,
): Promise<{ write: (tx: Transaction) => void; next: PlannedInstance['item'] | null }> {
  const none = { write: () => {}, next: null };
  const seriesId = typeof doc.series_id === 'string' ? doc.series_id : null;
  if (!seriesId) return none;
  const series = await readSeries(tx, db, uid, seriesId);
  if (!series || series.stopped || series.open_id !== id) return none;
  const ref = seriesRef(db, uid, seriesId);
  if (scope === 'following') {
    return {
      write: (t) => t.update(ref, { stopped: true, updated_at: now.toISOString() }),
      next: null,
    };
  }
  const planned = await planNextInstance(tx, db, uid, seriesId, id, doc.due_date, now, series);
  if (!planned) return none;
  return {
    write: (t) => {
      planned.create(t);
      t.update(ref, planned.series);
    },
    next: planned.item,
  };
}
