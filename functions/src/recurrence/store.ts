import type { Firestore } from 'firebase-admin/firestore';
import { ASSIGNMENT_NOT_FOUND } from '../assignments/lookup.ts';
import { nextDueOf, readProfileZone, readSeries } from '../assignments/series.ts';
import { assignmentRef, readInTransaction, writeStamp } from '../assignments/store.ts';
import { touchBoard } from '../board/stamp.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { readForSchedule } from '../reminderSchedule/schedule.ts';

const SKIP_NOT_OPEN = 'Only an open repeating assignment can skip to its next date.';
const SKIP_NO_MORE = 'This repeat has no more dates, so the due date stays as it is.';

/**
 * Moves an open instance's due date to its rule's next date after both its due date and `now`,
 * with its reminder schedule entry, in one transaction. Never creates a card: the open instance
 * is the only one. A card that is not an open instance, or whose rule has no more dates,
 * answers 400 with what to do. With `from` (the due date the student skipped from) it skips once:
 * a card no longer due then has skipped already (a resent request) or been moved, and is left
 * as it is.
 */
export async function skipToNextDate(
  db: Firestore,
  uid: string,
  id: string,
  now: Date,
  from?: string,
): Promise<void> {
  await db.runTransaction(async (tx) => {
    const doc = await readInTransaction(tx, db, uid, id);
    if (!doc) throw notFound(ASSIGNMENT_NOT_FOUND);
    if (from !== undefined && doc.due_date !== from) return;
    const seriesId = (doc as { series_id?: unknown }).series_id;
    if (typeof seriesId !== 'string' || doc.status === 'done') throw badRequest(SKIP_NOT_OPEN);
    const series = await readSeries(tx, db, uid, seriesId);
    if (!series) throw badRequest(SKIP_NOT_OPEN);
    const next = nextDueOf(series, doc.due_date, now, await readProfileZone(tx, db, uid));
    if (!next) throw badRequest(SKIP_NO_MORE);
    const schedule = await readForSchedule(tx, db, uid, [id]);
    tx.update(assignmentRef(db, uid, id), { due_date: next, ...writeStamp(now) });
    schedule.write(tx, id, { ...doc, due_date: next }, now);
    touchBoard(tx, db, uid);
  });
}
