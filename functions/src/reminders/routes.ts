import { SNOOZE_MINUTES, type AnswerOf } from '@brainboard/domain';
import { Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { planChange } from '../assignments/change.ts';
import { readInTransaction } from '../assignments/store.ts';
import { forbidden, HttpError, notFound, route } from '../http/errors.ts';
import { parseBody } from '../http/validate.ts';
import { requireLiveAccount } from '../profile/liveAccount.ts';
import { verifyActionToken } from './actionToken.ts';
import { readForSchedule } from '../reminderSchedule/schedule.ts';
import { actionUsesOf, isAlreadyExists } from './store.ts';

const ACTION_EXPIRED =
  'This reminder button no longer works. Open Brainboard to see the assignment.';
const NOT_FOUND = 'That assignment does not exist.';
const ACTION_USED =
  'This notification button was already used. Open Brainboard to see the assignment.';

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
 * where Focus Mode on it opens.
 *
 * One transaction reads the card and the token's use record, then writes the action and the
 * record (a create): a token pressed on two devices at once acts once, and a token whose action
 * was not saved can be pressed again.
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
      const { uid, assignmentId, action } = claims;
      const use = actionUsesOf(db, uid).doc(claims.useId);
      const fireAt = new Date(now.getTime() + SNOOZE_MINUTES * 60_000);
      try {
        await db.runTransaction(async (tx) => {
          const doc = await readInTransaction(tx, db, uid, assignmentId);
          // A card deleted and created again with the same id is another card.
          const card = typeof doc?.created_at === 'string' ? doc.created_at : '';
          if (!doc || card !== claims.card) throw notFound(NOT_FOUND);
          if ((await tx.get(use)).exists) throw new HttpError(410, ACTION_USED);
          // The use record (and a snooze) are new documents under the user.
          await requireLiveAccount(tx, db, uid);
          const done =
            action === 'done' && doc.status !== 'done'
              ? await planChange(tx, db, uid, doc, { id: assignmentId, status: 'done' }, now)
              : null;
          const schedule =
            action === 'snooze' ? await readForSchedule(tx, db, uid, [assignmentId]) : null;
          tx.create(use, {
            action,
            assignment_id: assignmentId,
            used_at: now.toISOString(),
            expires_at: new Date(claims.exp),
          });
          // The snooze is the card's next reminder (its schedule entry), until it fires.
          schedule?.write(tx, assignmentId, doc, now, fireAt);
          done?.(tx);
        });
      } catch (err) {
        // Another press of the same token saved first (where Firestore reports the create
        // rather than retrying the transaction).
        if (isAlreadyExists(err) && (await use.get()).exists) {
          throw new HttpError(410, ACTION_USED);
        }
        throw err;
      }
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
