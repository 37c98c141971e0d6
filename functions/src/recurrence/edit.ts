import type { AssignmentPatchInput } from '@brainboard/domain';
import type { Firestore, Transaction, UpdateData } from 'firebase-admin/firestore';
import type { AssignmentDoc, StoredSubtask } from '../assignments/store.ts';
import {
  planNextInstance,
  repeatOf,
  requireTimedDue,
  seriesFor,
  seriesRef,
  newSeriesId,
  templateOf,
  type SeriesDoc,
} from './series.ts';

type RepeatingDoc = AssignmentDoc & { series_id?: string | null; reminders?: unknown };

/**
 * What an edit of an assignment means for its repeat, planned inside the edit's transaction:
 * extra fields for the assignment and writes to the series (and the next instance). Reads are
 * done here, before the caller writes.
 *
 * - Becoming Done creates the next instance (once per occurrence).
 * - `repeat` null stops the series; cards that exist stay. A rule starts or changes the series.
 * - With scope "following", title, description, subtasks and the due time also become the
 *   series template for the instances after this one; "this" (the default) changes this card only.
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
  const seriesId = typeof before.series_id === 'string' ? before.series_id : null;
  const due = input.due_date ?? before.due_date;
  const merged = {
    title: input.title ?? before.title,
    description: input.description ?? before.description,
    due_date: due,
    subtasks: after.subtasks ?? before.subtasks,
    reminders: before.reminders,
  };

  if (input.repeat === null) {
    if (seriesId) {
      writes.push((t) =>
        t.update(seriesRef(db, uid, seriesId), { stopped: true, updated_at: now.toISOString() }),
      );
    }
    fields.series_id = null;
    fields.repeat = null;
  } else if (input.repeat !== undefined) {
    const repeat = input.repeat;
    if (seriesId) {
      const changes: Partial<SeriesDoc> = {
        rrule: repeat.rrule,
        until: repeat.until,
        anchor: requireTimedDue(due),
        stopped: false,
        updated_at: now.toISOString(),
        ...(repeat.zone ? { zone: repeat.zone } : {}),
        ...(input.scope === 'following' ? { template: templateOf(merged) } : {}),
      };
      writes.push((t) => t.update(seriesRef(db, uid, seriesId), changes));
    } else {
      const newId = newSeriesId(id, now);
      const series = seriesFor(repeat, id, merged, now);
      writes.push((t) => t.set(seriesRef(db, uid, newId), series));
      fields.series_id = newId;
    }
    fields.repeat = repeatOf(repeat);
  } else if (seriesId && input.scope === 'following') {
    const changes: Partial<SeriesDoc> = {
      template: templateOf(merged),
      updated_at: now.toISOString(),
      ...(input.due_date !== undefined ? { anchor: requireTimedDue(due) } : {}),
    };
    writes.push((t) => t.update(seriesRef(db, uid, seriesId), changes));
  }

  const stillRepeats = input.repeat === undefined ? seriesId : (fields.series_id ?? seriesId);
  if (
    stillRepeats &&
    input.repeat !== null &&
    input.status === 'done' &&
    before.status !== 'done'
  ) {
    // A series just started or changed in this same edit is planned from the stored copy.
    if (seriesId && input.repeat === undefined) {
      const next = await planNextInstance(tx, db, uid, seriesId, due, now);
      if (next) writes.push(next);
    }
  }
  return { fields, write: (t) => writes.forEach((w) => w(t)) };
}
