import { isTimeZone, pickWhatNow, type AnswerOf } from '@brainboard/domain';
import { Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { ASSIGNMENT_NOT_FOUND, answer, pathId } from '../assignments/lookup.ts';
import { listAssignments, pickNextDue } from '../assignments/store.ts';
import { callerOf } from '../http/auth.ts';
import { badRequest, forbidden, notFound, route } from '../http/errors.ts';
import { parseBody } from '../http/validate.ts';
import { plannedNow } from '../plan/planDoc.ts';
import { parseSeen, pickNextFocusTask } from './next.ts';
import { focusEventSchema, recordFocusEvent } from './sessions.ts';
import { focusDateError, recordFocusSession } from './streak.ts';
import { TIME_ZONE_ERROR, wallClock } from './wallClock.ts';

/**
 * Focus Mode and the time you can see, behind the same auth and CSRF as every route:
 * - GET /tasks/next-due?userId=<own id> → the task Focus Mode opens with, or 204.
 * - GET /focus/next?current=<id>&seen=<id,id> → the task after the current one, or 204.
 * - POST /focus/complete { date: 'YYYY-MM-DD' (the browser's local date) } → { streak }
 * - GET /what-now?tz=<IANA zone>&skip=<id,id> → { assignment_id, subtask_id, reason } or 204,
 *   from the shared domain pick at the student's wall-clock time (UTC when tz is left out);
 *   `skip` passes over earlier picks ("Something else"); the work session planned for now
 *   (Plan my week) comes first.
 * - POST /assignment/:id/focus-sessions { session_id, event } → { item, counted_minutes }: one
 *   Focus Mode event, counted with the server's clock.
 */
export function focusRoutes(db: Firestore): Router {
  const router = Router();

  router.get(
    '/tasks/next-due',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const { userId } = req.query;
      if (typeof userId !== 'string' || !userId) throw badRequest('userId is required.');
      if (userId !== uid) throw forbidden('You can only ask for your own next task.');
      const next = pickNextDue(await listAssignments(db, uid));
      if (!next) {
        res.status(204).end();
        return;
      }
      res.json(next satisfies AnswerOf<'GET /api/tasks/next-due'>);
    }),
  );

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
      res.json({ streak } satisfies AnswerOf<'POST /api/focus/complete'>);
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
      res.json(next satisfies AnswerOf<'GET /api/focus/next'>);
    }),
  );

  router.get(
    '/what-now',
    route(async (req, res) => {
      const tz = req.query.tz ?? 'UTC';
      if (typeof tz !== 'string' || !isTimeZone(tz)) throw badRequest(TIME_ZONE_ERROR);
      const skip = parseSeen(req.query.skip);
      if (!skip) throw badRequest('The list of skipped assignments is not valid.');
      const { uid } = callerOf(req);
      const now = new Date();
      const [items, planned] = await Promise.all([
        listAssignments(db, uid),
        plannedNow(db, uid, now.getTime()),
      ]);
      const pick = pickWhatNow(items, wallClock(now, tz), skip, planned);
      if (!pick) {
        res.status(204).end();
        return;
      }
      res.json(pick satisfies AnswerOf<'GET /api/what-now'>);
    }),
  );

  router.post(
    '/assignment/:id/focus-sessions',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const id = pathId(req.params.id, ASSIGNMENT_NOT_FOUND);
      const { session_id, event } = parseBody(focusEventSchema, req.body);
      const outcome = await recordFocusEvent(db, uid, id, session_id, event);
      if (!outcome) throw notFound(ASSIGNMENT_NOT_FOUND);
      if (!outcome.ok) throw badRequest(outcome.error);
      const { item } = await answer(db, uid, id);
      res.json({
        item,
        counted_minutes: Math.floor(outcome.session.counted_ms / 60_000),
      } satisfies AnswerOf<'POST /api/assignment/:id/focus-sessions'>);
    }),
  );

  return router;
}
