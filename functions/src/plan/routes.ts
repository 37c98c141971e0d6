import {
  planPreviewSchema,
  planPutSchema,
  planSessionPatchSchema,
  type AnswerOf,
} from '@brainboard/domain';
import { Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { pathId } from '../assignments/lookup.ts';
import type { GoogleConfig } from '../auth/config.ts';
import { GOOGLE_CALL_TIMEOUT_MS } from '../calendar/googleCalendar.ts';
import { callerOf } from '../http/auth.ts';
import { armDeadline, DATABASE_DEADLINE_MS } from '../http/deadline.ts';
import { route } from '../http/errors.ts';
import { parseBody } from '../http/validate.ts';
import { clearCalendar, followInCalendar, syncCalendar } from './calendarSync.ts';
import {
  deleteSession,
  moveSession,
  previewPlan,
  readPlan,
  savePlan,
  SESSION_NOT_FOUND,
} from './store.ts';

/**
 * A route that may call Google: the database, then Google's token call and the calendar calls
 * (freebusy, or the changed sessions' events a few at a time), each with its own timeout.
 */
const WITH_CALENDAR_MS = 3 * DATABASE_DEADLINE_MS + 4 * GOOGLE_CALL_TIMEOUT_MS;

/** The plan's endpoints (domain/src/planApi.ts): thin, the work is in ./store.ts. */
export function planRoutes(db: Firestore, google: GoogleConfig): Router {
  const router = Router();

  router.post(
    '/plan/preview',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const { from, days } = parseBody(planPreviewSchema, req.body);
      armDeadline(res, WITH_CALENDAR_MS);
      const answer = await previewPlan(db, google, uid, from, days, Date.now());
      res.json(answer satisfies AnswerOf<'POST /api/plan/preview'>);
    }),
  );

  router.get(
    '/plan',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      armDeadline(res, WITH_CALENDAR_MS);
      const answer = await readPlan(db, google, uid, Date.now());
      if (answer.moved || answer.released) await followInCalendar(db, google, uid);
      res.json(answer satisfies AnswerOf<'GET /api/plan'>);
    }),
  );

  router.put(
    '/plan',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const { sessions, version } = parseBody(planPutSchema, req.body);
      armDeadline(res, WITH_CALENDAR_MS);
      const answer = await savePlan(db, uid, sessions, version, Date.now());
      await followInCalendar(db, google, uid);
      res.json(answer satisfies AnswerOf<'PUT /api/plan'>);
    }),
  );

  router.patch(
    '/plan/sessions/:id',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const id = pathId(req.params.id, SESSION_NOT_FOUND);
      const times = parseBody(planSessionPatchSchema, req.body);
      armDeadline(res, WITH_CALENDAR_MS);
      const answer = await moveSession(db, uid, id, times, Date.now());
      await followInCalendar(db, google, uid);
      res.json(answer satisfies AnswerOf<'PATCH /api/plan/sessions/:id'>);
    }),
  );

  router.delete(
    '/plan/sessions/:id',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const id = pathId(req.params.id, SESSION_NOT_FOUND);
      armDeadline(res, WITH_CALENDAR_MS);
      const answer = await deleteSession(db, uid, id, Date.now());
      await followInCalendar(db, google, uid);
      res.json({ ok: true, ...answer } satisfies AnswerOf<'DELETE /api/plan/sessions/:id'>);
    }),
  );

  router.post(
    '/plan/calendar',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      armDeadline(res, WITH_CALENDAR_MS);
      const events = await syncCalendar(db, google, uid, true);
      res.json({ ok: true, events } satisfies AnswerOf<'POST /api/plan/calendar'>);
    }),
  );

  router.delete(
    '/plan/calendar',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      armDeadline(res, WITH_CALENDAR_MS);
      await clearCalendar(db, google, uid);
      res.json({ ok: true } satisfies AnswerOf<'DELETE /api/plan/calendar'>);
    }),
  );

  return router;
}
