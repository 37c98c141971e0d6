import { Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { listAssignments } from '../assignments/store.ts';
import { pickNextFocusTask, parseSeen } from '../focus/next.ts';
import { focusDateError, recordFocusSession } from '../focus/streak.ts';
import { callerOf } from '../http/auth.ts';
import { badRequest, route } from '../http/errors.ts';

/**
 * Focus Mode, behind the same auth and CSRF as every route:
 * - POST /focus/complete { date: 'YYYY-MM-DD' (the browser's local date) } → { streak }
 * - GET /focus/next?current=<id>&seen=<id,id> → the task after the current one, or 204.
 */
export function focusRoutes(db: Firestore): Router {
  const router = Router();

  router.post(
    '/focus/complete',
    route(async (req, res) => {
      const body = req.body as unknown;
      const date =
        typeof body === 'object' && body !== null ? (body as { date?: unknown }).date : undefined;
      const now = new Date();
      const error = focusDateError(date, now);
      if (error) throw badRequest(error);
      const streak = await recordFocusSession(db, callerOf(req).uid, date as string, now);
      res.json({ streak });
    }),
  );

  router.get(
    '/focus/next',
    route(async (req, res) => {
      const current = req.query.current;
      if (typeof current !== 'string' || current === '' || current.length > 200) {
        throw badRequest('Say which task is open now (current=<assignment id>).');
      }
      const seen = parseSeen(req.query.seen);
      if (!seen) throw badRequest('The list of seen tasks is not valid.');
      const next = pickNextFocusTask(await listAssignments(db, callerOf(req).uid), current, seen);
      if (!next) {
        res.status(204).end();
        return;
      }
      res.json(next);
    }),
  );

  return router;
}
