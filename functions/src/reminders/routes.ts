import { SNOOZE_MINUTES, type AnswerOf } from '@brainboard/domain';
import express, { Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { readAssignmentDoc, writeFields } from '../assignments/store.ts';
import { forbidden, notFound, route } from '../http/errors.ts';
import { parseBody } from '../http/validate.ts';
import { verifyActionToken } from './actionToken.ts';
import { snoozesOf } from './store.ts';

const ACTION_EXPIRED =
  'This reminder button no longer works. Open Brainboard to see the assignment.';
const NOT_FOUND = 'That assignment does not exist.';

export const actionBody = z.strictObject(
  { token: z.string({ error: 'token is required.' }).max(1024, 'token is too long.') },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown field: ${String(issue.keys[0])}.`
        : 'Send a JSON object with the token.',
  },
);

/**
 * `POST /api/reminders/action { token }`: a notification's button, pressed with no page open.
 * The signed token is the whole authority: it allows one action on one assignment until it
 * expires. Snooze fires the reminder again in 10 minutes; Done moves the assignment to Done;
 * focus answers where Focus Mode on it opens.
 */
export function reminderActionRoutes(db: Firestore, key: Buffer | null): Router {
  const router = Router();
  router.post(
    '/reminders/action',
    express.json({ limit: 4096 }),
    route(async (req, res) => {
      const { token } = parseBody(actionBody, req.body);
      const now = new Date();
      const claims = key ? verifyActionToken(token, key, now.getTime()) : null;
      if (!claims) throw forbidden(ACTION_EXPIRED);
      const { uid, assignmentId, action } = claims;
      const doc = await readAssignmentDoc(db, uid, assignmentId);
      if (!doc) throw notFound(NOT_FOUND);
      if (action === 'snooze') {
        const fireAt = new Date(now.getTime() + SNOOZE_MINUTES * 60_000);
        await snoozesOf(db, uid).doc(assignmentId).set({ fire_at: fireAt.toISOString() });
        res.json({
          ok: true,
          snoozed_until: fireAt.toISOString(),
        } satisfies AnswerOf<'POST /api/reminders/action'>);
        return;
      }
      if (action === 'done') {
        if (doc.status !== 'done') {
          await writeFields(
            db,
            uid,
            assignmentId,
            { status: 'done', completed_date: now.toISOString() },
            now,
          );
        }
        res.json({ ok: true, status: 'done' } satisfies AnswerOf<'POST /api/reminders/action'>);
        return;
      }
      res.json({
        ok: true,
        url: `/dashboard?focus=${encodeURIComponent(assignmentId)}`,
      } satisfies AnswerOf<'POST /api/reminders/action'>);
    }),
  );
  return router;
}
