import { acceptanceSchema, userPatchSchema } from '@brainboard/domain';
import { Router } from 'express';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { callerOf } from '../http/auth.ts';
import { notFound, route } from '../http/errors.ts';
import { parseBody } from '../http/validate.ts';
import { deleteAccount } from '../users/account.ts';
import { profileRef } from '../users/profile.ts';

/** Consent logs are kept 6 years (docs/product.md, Constants). */
const CONSENT_LOG_YEARS = 6;

/** Top-level, server-only: no client rule reaches it, and account deletion keeps it. */
const consentLogs = (db: Firestore) => db.collection('consent_logs');

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
      await profileRef(db, uid).update(updated);
      res.json({ updated });
    }),
  );

  router.delete(
    '/user/:id',
    route(async (req, res) => {
      const uid = ownId(req);
      await deleteAccount(auth, db, uid);
      res.json({ ok: true });
    }),
  );

  router.post(
    '/acceptance',
    route(async (req, res) => {
      const { uid, email } = callerOf(req);
      parseBody(acceptanceSchema, req.body);
      const now = new Date();
      const at = now.toISOString();
      const expires = new Date(now);
      expires.setFullYear(expires.getFullYear() + CONSENT_LOG_YEARS);
      const batch = db.batch();
      batch.update(profileRef(db, uid), { privacy_accepted_at: at, tos_accepted_at: at });
      batch.create(consentLogs(db).doc(), {
        uid,
        email: email ?? null,
        privacy_accepted_at: at,
        tos_accepted_at: at,
        user_agent: (req.get('user-agent') ?? '').slice(0, 300),
        created_at: at,
        expires_at: expires.toISOString(),
      });
      await batch.commit();
      res.json({ ok: true, privacy_accepted_at: at, tos_accepted_at: at });
    }),
  );

  return router;
}
