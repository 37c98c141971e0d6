import { isTimeZone, pickWhatNow } from '@brainboard/domain';
import { Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { getAssignment, listAssignments } from '../assignments/store.ts';
import { callerOf } from '../http/auth.ts';
import { badRequest, notFound, route } from '../http/errors.ts';
import { parseBody } from '../http/validate.ts';
import { parseSeen } from './next.ts';
import { focusEventSchema, recordFocusEvent } from './sessions.ts';
import { TIME_ZONE_ERROR, wallClock } from './wallClock.ts';

const NOT_FOUND = 'That assignment does not exist.';
const idParam = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/);

/**
 * Time you can see:
 * - GET /what-now?tz=<IANA zone>&skip=<id,id> → { assignment_id, subtask_id, reason } or 204,
 *   from the shared domain pick at the student's wall-clock time (UTC when tz is left out);
 *   `skip` passes over earlier picks ("Something else").
 * - POST /assignment/:id/focus-sessions { session_id, event } → { item, counted_minutes }: one
 *   Focus Mode event, counted with the server's clock.
 */
export function timeRoutes(db: Firestore): Router {
  const router = Router();

  router.get(
    '/what-now',
    route(async (req, res) => {
      const tz = req.query.tz ?? 'UTC';
      if (typeof tz !== 'string' || !isTimeZone(tz)) throw badRequest(TIME_ZONE_ERROR);
      const skip = parseSeen(req.query.skip);
      if (!skip) throw badRequest('The list of skipped assignments is not valid.');
      const items = await listAssignments(db, callerOf(req).uid);
      const pick = pickWhatNow(items, wallClock(new Date(), tz), skip);
      if (!pick) {
        res.status(204).end();
        return;
      }
      res.json(pick);
    }),
  );

  router.post(
    '/assignment/:id/focus-sessions',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const parsed = idParam.safeParse(req.params.id);
      if (!parsed.success) throw notFound(NOT_FOUND);
      const id = parsed.data;
      const { session_id, event } = parseBody(focusEventSchema, req.body);
      const outcome = await recordFocusEvent(db, uid, id, session_id, event);
      if (!outcome) throw notFound(NOT_FOUND);
      if (!outcome.ok) throw badRequest(outcome.error);
      const item = await getAssignment(db, uid, id);
      if (!item) throw notFound(NOT_FOUND);
      res.json({ item, counted_minutes: Math.floor(outcome.session.counted_ms / 60_000) });
    }),
  );

  return router;
}
