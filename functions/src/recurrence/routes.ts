import { skipSchema, type AnswerOf } from '@brainboard/domain';
import { Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { answer, ASSIGNMENT_NOT_FOUND, pathId } from '../assignments/lookup.ts';
import { callerOf } from '../http/auth.ts';
import { route } from '../http/errors.ts';
import { parseBody } from '../http/validate.ts';
import { skipToNextDate } from './store.ts';

/** Calls of repeating assignments. */
export function recurrenceRoutes(db: Firestore): Router {
  const router = Router();

  // Moves an open instance's due date to the rule's next date after both its due date and now,
  // once from the due date the body names.
  router.post(
    '/assignment/:id/skip',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const id = pathId(req.params.id, ASSIGNMENT_NOT_FOUND);
      const { from } = parseBody(skipSchema, req.body);
      await skipToNextDate(db, uid, id, new Date(), from);
      res.json((await answer(db, uid, id)) satisfies AnswerOf<'POST /api/assignment/:id/skip'>);
    }),
  );

  return router;
}
