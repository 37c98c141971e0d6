import { Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { callerOf } from '../http/auth.ts';
import { route } from '../http/errors.ts';
import { getOrCreateProfile, rotateCsrfToken, sessionUser } from '../users/profile.ts';

export function sessionRoutes(db: Firestore): Router {
  const router = Router();

  router.get(
    '/session',
    route(async (req, res) => {
      const caller = callerOf(req);
      const profile = await getOrCreateProfile(db, caller);
      res.set('Cache-Control', 'no-store');
      res.json({ user: sessionUser(profile, caller) });
    }),
  );

  /** Ends the server side of the session: the CSRF token in use stops working. */
  router.post(
    '/auth/logout',
    route(async (req, res) => {
      await rotateCsrfToken(db, callerOf(req).uid);
      res.json({ ok: true });
    }),
  );

  return router;
}
