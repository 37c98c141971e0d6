import { Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { callerOf } from '../http/auth.ts';
import { route } from '../http/errors.ts';
import { endSignIn } from '../users/signins.ts';
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

  /**
   * Ends this device's sign-in: its ID tokens are refused from now on, and the CSRF token
   * in use stops working. Other devices' sign-ins stay.
   */
  router.post(
    '/auth/logout',
    route(async (req, res) => {
      const caller = callerOf(req);
      await endSignIn(db, caller.uid, caller.auth_time);
      await rotateCsrfToken(db, caller.uid);
      res.json({ ok: true });
    }),
  );

  return router;
}
