import { SNOOZE_MINUTES, type AnswerOf } from '@brainboard/domain';
import { Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { forbidden, route } from '../http/errors.ts';
import { parseBody } from '../http/validate.ts';
import { verifyActionToken } from './actionToken.ts';
import { useReminderAction } from './store.ts';

const ACTION_EXPIRED =
  'This reminder button no longer works. Open Brainboard to see the assignment.';

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
 * The signed token is the whole authority: it allows one action on one card, once, until it
 * expires. Snooze fires the reminder again in 10 minutes; Done moves the assignment to Done the
 * way the board does (planChange: completed_date, a repeating card's next card); focus answers
 * where Focus Mode on it opens. The action and the token's use are saved at once
 * (useReminderAction in store.ts).
 */
export function reminderActionRoutes(db: Firestore, key: Buffer | null): Router {
  const router = Router();
  router.post(
    '/reminders/action',
    route(async (req, res) => {
      const { token } = parseBody(actionBody, req.body);
      const now = new Date();
      const claims = key ? verifyActionToken(token, key, now.getTime()) : null;
      if (!claims) throw forbidden(ACTION_EXPIRED);
      const fireAt = new Date(now.getTime() + SNOOZE_MINUTES * 60_000);
      await useReminderAction(db, claims, now, fireAt);
      const { assignmentId, action } = claims;
      if (action === 'snooze') {
        res.json({
          ok: true,
          snoozed_until: fireAt.toISOString(),
        } satisfies AnswerOf<'POST /api/reminders/action'>);
        return;
      }
      if (action === 'done') {
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
