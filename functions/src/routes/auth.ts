import { Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { appOriginFor, type GoogleConfig } from '../auth/config.ts';
import {
  checkGoogleGrant,
  finishGoogleGrant,
  GrantNotConfiguredError,
  startGoogleGrant,
} from '../auth/grant.ts';
import { callerOf } from '../http/auth.ts';
import { HttpError, route } from '../http/errors.ts';

/** The web app's page that signs the browser in with Firebase (web/src/auth). */
const WEB_SIGN_IN_PATH = '/auth/google';

/**
 * Browser navigations of the sign-in flow (docs/architecture.md: "browser navigation to the
 * sign-in path under /api/auth/"). They carry no ID token, so they are mounted
 * before `requireUser`:
 *
 * - `GET /api/auth/google` sends the browser to the web app's sign-in page,
 *   which signs in with Firebase Auth (Google; the Auth emulator's chooser
 *   locally) by redirect, then asks `POST /api/auth/google/grant` below.
 * - `GET /api/auth/google/callback` is where Google returns the offline grant
 *   (`code`, `state`); it stores the refresh token and sends the browser to
 *   `/dashboard`, whether or not the grant worked (calendar saving then says
 *   "Calendar access not granted").
 */
export function authRoutes(db: Firestore, config: GoogleConfig): Router {
  const router = Router();

  router.get('/auth/google', (req, res) => {
    const origin = appOriginFor(config, req.get('referer'));
    res.redirect(302, `${origin}${WEB_SIGN_IN_PATH}`);
  });

  if (config.authEmulatorHost) {
    /**
     * Local stack only: the Auth emulator's Google account chooser, served
     * through our own origin. The emulator's usual redirect flow needs Google's
     * gapi script from apis.google.com (unreachable offline) and storage shared
     * between the emulator's origin and the app's; served from here, the
     * chooser leaves its result in the app's own sessionStorage, where the
     * sign-in page picks it up (web/src/auth/emulatorChooser.ts).
     */
    const handlerUrl = `http://${config.authEmulatorHost}/emulator/auth/handler`;
    router.get(
      '/auth/google/emulator',
      route(async (req, res) => {
        const query = new URL(req.originalUrl, 'http://x').search;
        const answer = await fetch(`${handlerUrl}${query}`);
        res
          .status(answer.status)
          .type('html')
          .send(await answer.text());
      }),
    );
  }

  router.get(
    '/auth/google/callback',
    route(async (req, res) => {
      let origin = appOriginFor(config, undefined);
      try {
        const outcome = await finishGoogleGrant(db, config, req.query);
        if (outcome.appOrigin) origin = outcome.appOrigin;
        if (!outcome.ok) console.warn(`Google grant not stored: ${outcome.reason}`);
      } catch (err) {
        console.error('Finishing the Google grant failed', err);
      }
      res.redirect(302, `${origin}/dashboard`);
    }),
  );

  return router;
}

/**
 * `POST /api/auth/google/grant` (signed in, CSRF): whether the server holds a
 * working offline Google grant for the caller. Answers `{ granted: true }`, or
 * `{ granted: false, url }` with Google's consent page to send the browser to.
 * The web app's sign-in page calls it right after Firebase sign-in, so the
 * grant is part of signing in.
 */
export function grantRoutes(db: Firestore, config: GoogleConfig): Router {
  const router = Router();
  router.post(
    '/auth/google/grant',
    route(async (req, res) => {
      const caller = callerOf(req);
      try {
        if (await checkGoogleGrant(db, config, caller.uid)) {
          res.json({ granted: true });
          return;
        }
        const url = await startGoogleGrant(db, config, {
          uid: caller.uid,
          email: caller.email,
          appOrigin: appOriginFor(config, req.get('origin') ?? req.get('referer')),
        });
        res.json({ granted: false, url });
      } catch (err) {
        if (err instanceof GrantNotConfiguredError) throw new HttpError(503, err.message);
        throw err;
      }
    }),
  );
  return router;
}
