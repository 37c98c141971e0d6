import { acceptanceSchema, userPatchSchema, type AnswerOf } from '@brainboard/domain';
import { Router } from 'express';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { appOriginFor, type GoogleConfig } from '../auth/config.ts';
import {
  checkGoogleGrant,
  finishGoogleGrant,
  GrantNotConfiguredError,
  startGoogleGrant,
} from '../auth/grant.ts';
import { callerOf } from '../http/auth.ts';
import { HttpError, notFound, route } from '../http/errors.ts';
import { parseBody } from '../http/validate.ts';
import { deleteAccount } from './account.ts';
import { getOrCreateProfile, rotateCsrfToken, sessionUser } from '../profile/profile.ts';
import { endSignIn } from './signins.ts';
import { recordAcceptance, updateProfile } from './store.ts';

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
          res.json({ granted: true } satisfies AnswerOf<'POST /api/auth/google/grant'>);
          return;
        }
        const url = await startGoogleGrant(db, config, {
          uid: caller.uid,
          email: caller.email,
          appOrigin: appOriginFor(config, req.get('origin') ?? req.get('referer')),
        });
        res.json({ granted: false, url } satisfies AnswerOf<'POST /api/auth/google/grant'>);
      } catch (err) {
        if (err instanceof GrantNotConfiguredError) throw new HttpError(503, err.message);
        throw err;
      }
    }),
  );
  return router;
}

/** `GET /api/session` (the profile the web app starts from, and its CSRF token) and sign-out. */
export function sessionRoutes(db: Firestore): Router {
  const router = Router();

  router.get(
    '/session',
    route(async (req, res) => {
      const caller = callerOf(req);
      const profile = await getOrCreateProfile(db, caller);
      res.set('Cache-Control', 'no-store');
      res.json({ user: sessionUser(profile, caller) } satisfies AnswerOf<'GET /api/session'>);
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
      res.json({ ok: true } satisfies AnswerOf<'POST /api/auth/logout'>);
    }),
  );

  return router;
}

/** Only the caller's own id exists for them; any other answers 404 like a missing one. */
function ownId(req: Parameters<typeof callerOf>[0]): string {
  const { uid } = callerOf(req);
  if (req.params.id !== uid) throw notFound('That user does not exist.');
  return uid;
}

/** The user calls: profile changes, consent, account deletion. */
export function userRoutes(auth: Auth, db: Firestore): Router {
  const router = Router();

  router.patch(
    '/user/:id',
    route(async (req, res) => {
      const uid = ownId(req);
      const changes = parseBody(userPatchSchema, req.body);
      const updated = Object.fromEntries(
        Object.entries(changes).filter(([, value]) => value !== undefined),
      );
      await updateProfile(db, uid, updated, new Date());
      res.json({ updated } satisfies AnswerOf<'PATCH /api/user/:id'>);
    }),
  );

  router.delete(
    '/user/:id',
    route(async (req, res) => {
      const uid = ownId(req);
      await deleteAccount(auth, db, uid);
      res.json({ ok: true } satisfies AnswerOf<'DELETE /api/user/:id'>);
    }),
  );

  router.post(
    '/acceptance',
    route(async (req, res) => {
      const { uid, email } = callerOf(req);
      parseBody(acceptanceSchema, req.body);
      const at = new Date();
      await recordAcceptance(
        db,
        { uid, email: email ?? null, userAgent: req.get('user-agent') ?? '' },
        at,
      );
      res.json({
        ok: true,
        privacy_accepted_at: at.toISOString(),
        tos_accepted_at: at.toISOString(),
      } satisfies AnswerOf<'POST /api/acceptance'>);
    }),
  );

  return router;
}
