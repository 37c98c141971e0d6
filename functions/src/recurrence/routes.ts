import type { AnswerOf } from '@brainboard/domain';
import { Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import {
  assignmentRef,
  getAssignment,
  readInTransaction,
  writeStamp,
} from '../assignments/store.ts';
import { touchBoard } from '../board/stamp.ts';
import { callerOf } from '../http/auth.ts';
import { readForSchedule } from '../reminderSchedule/schedule.ts';
import { badRequest, notFound, route } from '../http/errors.ts';
import { nextDueOf, readProfileZone, readSeries } from '../assignments/series.ts';

const NOT_FOUND = 'That assignment does not exist.';
const SKIP_NOT_OPEN = 'Only an open repeating assignment can skip to its next date.';
const SKIP_NO_MORE = 'This repeat has no more dates, so the due date stays as it is.';

const idParam = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/);

/** Calls of repeating assignments. */
export function recurrenceRoutes(db: Firestore): Router {
  const router = Router();

  // Moves an open instance's due date to the rule's next date after both its due date and now.
  // Never creates a card: the open instance is the only one.
  router.post(
    '/assignment/:id/skip',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const parsed = idParam.safeParse(req.params.id);
      if (!parsed.success) throw notFound(NOT_FOUND);
      const id = parsed.data;
      const now = new Date();
      await db.runTransaction(async (tx) => {
        const doc = await readInTransaction(tx, db, uid, id);
        if (!doc) throw notFound(NOT_FOUND);
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
      const item = await getAssignment(db, uid, id);
      if (!item) throw notFound(NOT_FOUND);
      res.json({ item } satisfies AnswerOf<'POST /api/assignment/:id/skip'>);
    }),
  );

  return router;
}
