import { textSchema, type AnswerOf, type CapturedItem } from '@brainboard/domain';
import { parseQuickAdd, splitTasks } from '@brainboard/domain/quickAdd';
import { Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { callerOf } from '../http/auth.ts';
import { route } from '../http/errors.ts';
import { parseBody } from '../http/validate.ts';
import { aiPath, type AiPathOptions } from './aiPath.ts';
import { readStudent } from './store.ts';

/** The most text one capture reads (a pasted paragraph or a spoken brain dump). */
const CAPTURE_MAX_CHARS = 5_000;
/** Proposals one brain dump makes at most. */
const CAPTURE_MAX_ITEMS = 50;

const localeSchema = z
  .string({ error: 'locale must be text.' })
  .max(35, 'locale must be a language tag such as en-US.')
  .refine((tag) => {
    try {
      return Intl.getCanonicalLocales(tag).length === 1;
    } catch {
      return false;
    }
  }, 'locale must be a language tag such as en-US.');

const captureBody = z.strictObject(
  {
    text: textSchema('text', CAPTURE_MAX_CHARS, {
      shape: 'multiline',
      trim: true,
      required: true,
    }),
    mode: z
      .enum(['one', 'many'], { error: 'mode must be "one" or "many".' })
      .optional()
      .default('one'),
    locale: localeSchema.optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown field: ${String(issue.keys[0])}.`
        : 'Send a JSON object, for example { "text": "history essay fri 5pm", "mode": "one" }.',
  },
);

/**
 * POST /api/capture/parse: reads a task typed in plain words (mode one), or a brain dump into
 * several (mode many: with the AI model when the student turned on AI Help, else one proposal
 * per line or sentence). Writes nothing.
 */
export function captureRoutes(db: Firestore, options: AiPathOptions = {}): Router {
  const router = Router();
  const withAi = aiPath(db, options);

  router.post(
    '/capture/parse',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const body = parseBody(captureBody, req.body);
      const student = await readStudent(db, uid);
      const now = new Date();
      const ctx = {
        now,
        zone: student.zone,
        locale: body.locale ?? 'en-US',
        defaultTime: student.defaultTime,
      };
      const byRules = (): CapturedItem[] =>
        (body.mode === 'one' ? [body.text] : splitTasks(body.text))
          .slice(0, CAPTURE_MAX_ITEMS)
          .map((line) => {
            const read = parseQuickAdd(line, ctx);
            return { title: read.title, due_date: read.due_date };
          });
      if (body.mode === 'many') {
        const read = await withAi(uid, student, res, {
          text: body.text,
          mode: 'capture',
          now,
          zone: student.zone,
          defaultTime: student.defaultTime ?? '23:59',
        });
        if (read) {
          res.json({
            items: read.items.slice(0, CAPTURE_MAX_ITEMS).map((item) => ({
              title: item.title,
              due_date: item.due_date,
              ...(item.course ? { course: item.course } : {}),
              steps: item.steps,
            })),
            read_by: 'ai',
            unreadable: read.unreadable,
          } satisfies AnswerOf<'POST /api/capture/parse'>);
          return;
        }
      }
      res.json({
        items: byRules(),
        read_by: 'rules',
        unreadable: 0,
      } satisfies AnswerOf<'POST /api/capture/parse'>);
    }),
  );

  return router;
}
