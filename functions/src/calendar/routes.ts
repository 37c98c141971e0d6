import { Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { pathId } from '../assignments/lookup.ts';
import type { GoogleConfig } from '../auth/config.ts';
import { isTimeZone, type AnswerOf } from '@brainboard/domain';
import { FALLBACK_TIME_ZONE } from './event.ts';
import {
  ASSIGNMENT_NOT_FOUND,
  GOOGLE_CALL_TIMEOUT_MS,
  saveAssignmentToCalendar,
} from './googleCalendar.ts';
import { armDeadline, DATABASE_DEADLINE_MS } from '../http/deadline.ts';
import { callerOf } from '../http/auth.ts';
import { badRequest, route } from '../http/errors.ts';

/**
 * `POST /api/assignment/{id}/save-to-calendar` (docs/architecture.md), body
 * `{ time_zone?: IANA zone }` (the browser's; UTC when absent). Answers
 * `{ message, event_id, event_link, created }`; 403 with "Calendar access not
 * granted..." when there is no working Google grant; 404 for an id that is
 * not the caller's.
 */
export function calendarRoutes(db: Firestore, config: GoogleConfig): Router {
  const router = Router();
  router.post(
    '/assignment/:id/save-to-calendar',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const id = pathId(req.params.id, ASSIGNMENT_NOT_FOUND);
      const body: unknown = req.body ?? {};
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw badRequest('Send a JSON object, for example { "time_zone": "Europe/Berlin" }.');
      }
      const zone = (body as { time_zone?: unknown }).time_zone;
      if (zone !== undefined && (typeof zone !== 'string' || !isTimeZone(zone))) {
        throw badRequest('time_zone must be an IANA time zone such as "Europe/Berlin".');
      }
      // Two calls to Google at most (token, then the event), each with its own timeout.
      armDeadline(res, DATABASE_DEADLINE_MS + 2 * GOOGLE_CALL_TIMEOUT_MS);
      const result = await saveAssignmentToCalendar(
        db,
        config,
        uid,
        id,
        (zone as string | undefined) ?? FALLBACK_TIME_ZONE,
      );
      res.json(result satisfies AnswerOf<'POST /api/assignment/:id/save-to-calendar'>);
    }),
  );
  return router;
}
