import { Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { listAssignments, pickNextDue } from '../assignments/store.ts';
import { callerOf } from '../http/auth.ts';
import { badRequest, forbidden, route } from '../http/errors.ts';

/** GET /api/tasks/next-due (docs/architecture.md): the task Focus Mode opens with. */
export function taskRoutes(db: Firestore): Router {
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
      res.json(next);
    }),
  );

  return router;
}
