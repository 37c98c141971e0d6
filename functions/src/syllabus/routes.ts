import {
  hasVisibleCharacter,
  isPrototypeName,
  isValidDueDate,
  textSchema,
  TITLE_MAX_LENGTH,
  type AnswerOf,
  type SyllabusItem,
} from '@brainboard/domain';
import { courseOf, readSyllabusText } from '@brainboard/domain/quickAddSyllabus';
import { Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { aiPath, type AiPathOptions } from '../capture/aiPath.ts';
import { MAX_ITEMS } from '../capture/extract.ts';
import { readStudent } from '../capture/store.ts';
import { fileContextOf } from '../files/records.ts';
import { callerOf } from '../http/auth.ts';
import { liftDeadline } from '../http/deadline.ts';
import { badRequest, route } from '../http/errors.ts';
import { parseBody } from '../http/validate.ts';
import { ITEM_KEY_RE, keyed } from './items.ts';
import { importItems, readPreview, savePreview, type ImportItem } from './store.ts';

const fileId = z
  .string({
    error: (issue) =>
      issue.input === undefined ? 'file_id is required.' : 'file_id must be text.',
  })
  .regex(/^[A-Za-z0-9_-]{1,128}$/, 'file_id is not valid.')
  .refine((v) => !isPrototypeName(v), 'file_id is not valid.');

const objectError = (example: string) => (issue: { code: string; keys?: PropertyKey[] }) =>
  issue.code === 'unrecognized_keys'
    ? `Unknown field: ${String(issue.keys?.[0])}.`
    : `Send a JSON object, for example ${example}.`;

const previewBody = z.strictObject(
  {
    file_id: fileId,
    locale: z
      .string({ error: 'locale must be text.' })
      .regex(
        /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,3}$/,
        'locale must be a language tag such as en-US.',
      )
      .optional(),
  },
  { error: objectError('{ "file_id": "..." }') },
);

const edit = z.strictObject(
  {
    title: textSchema('title', TITLE_MAX_LENGTH, { trim: true, required: true }).optional(),
    due_date: z
      .string({ error: 'due_date must be text.' })
      .refine(
        (d) => d !== '' && isValidDueDate(d) && d.includes('T'),
        'due_date must be a date and time such as 2026-12-03T23:59:00.',
      )
      .optional(),
  },
  { error: 'Each edit must be an object with title and/or due_date.' },
);

const importBody = z.strictObject(
  {
    file_id: fileId,
    keys: z
      .array(z.string().regex(ITEM_KEY_RE, 'keys must be keys from the preview.'), {
        error: 'keys must be a list of keys from the preview.',
      })
      .min(1, 'Choose at least one item to import.')
      .max(MAX_ITEMS, `Import at most ${MAX_ITEMS} items at once.`),
    edits: z
      .record(z.string().regex(ITEM_KEY_RE, 'edits must be keyed by keys from the preview.'), edit)
      .optional(),
  },
  { error: objectError('{ "file_id": "...", "keys": ["syl-..."] }') },
);

const STALE_KEYS =
  'Some of those items are not in this syllabus’s preview any more. Preview it again and choose again.';
const NO_ITEMS =
  'No dated items were found in this PDF. Check that it is the syllabus, or add its deadlines one by one.';

/**
 * The syllabus import (docs/product.md, Syllabus to deadlines): the preview reads an uploaded
 * PDF of the student's (another student's file is a 404) into dated items, with the AI model
 * when they turned on AI Help, else with the rules, and keeps what it showed; the import adds
 * the chosen ones (field by field, nothing deleted).
 */
export function syllabusRoutes(db: Firestore, options: AiPathOptions = {}): Router {
  const router = Router();
  const withAi = aiPath(db, options);

  /** The items of a file's text, by the AI model or the rules. */
  async function readItems(
    uid: string,
    res: Parameters<ReturnType<typeof aiPath>>[2],
    file: { name: string; text: string },
    locale: string,
  ) {
    const student = await readStudent(db, uid);
    const now = new Date();
    const fallback = file.name.replace(/\.pdf$/i, '').slice(0, 60) || 'Syllabus';
    const course = courseOf(file.text, fallback);
    const ai = await withAi(uid, student, res, {
      text: file.text,
      mode: 'syllabus',
      now,
      zone: student.zone,
      defaultTime: student.defaultTime ?? '23:59',
    });
    if (ai) {
      const items = ai.items.flatMap((item) =>
        item.due_date
          ? [
              {
                title: item.title,
                due_date: item.due_date,
                course: item.course || course,
                kind: item.kind,
              },
            ]
          : [],
      );
      return { course, items: keyed(items), unreadable: ai.unreadable, read_by: 'ai' as const };
    }
    const items = readSyllabusText(file.text, {
      now,
      zone: student.zone,
      locale,
      defaultTime: student.defaultTime,
    })
      .slice(0, MAX_ITEMS)
      .map((item) => ({ ...item, course }));
    return { course, items: keyed(items), unreadable: 0, read_by: 'rules' as const };
  }

  router.post(
    '/syllabus/preview',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const body = parseBody(previewBody, req.body);
      const file = await fileContextOf(db, uid, body.file_id);
      const read = await readItems(uid, res, file, body.locale ?? 'en-US');
      await savePreview(db, uid, body.file_id, {
        course: read.course,
        items: read.items,
        read_by: read.read_by,
        created_at: new Date().toISOString(),
      });
      res.json({
        items: read.items,
        unreadable: read.unreadable,
        read_by: read.read_by,
        course: read.course,
      } satisfies AnswerOf<'POST /api/syllabus/preview'>);
    }),
  );

  router.post(
    '/syllabus/import',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const body = parseBody(importBody, req.body);
      const file = await fileContextOf(db, uid, body.file_id);
      const preview =
        (await readPreview(db, uid, body.file_id)) ?? (await readItems(uid, res, file, 'en-US'));
      if (preview.items.length === 0) throw badRequest(NO_ITEMS);
      const byKey = new Map<string, SyllabusItem>(preview.items.map((i) => [i.key, i]));
      const chosen: ImportItem[] = [];
      for (const key of new Set(body.keys)) {
        const item = byKey.get(key);
        if (!item) throw badRequest(STALE_KEYS);
        const own = body.edits?.[key] ?? {};
        chosen.push({
          item,
          own: {
            title: own.title && hasVisibleCharacter(own.title) ? own.title : undefined,
            due_date: own.due_date,
          },
        });
      }
      // Writing a whole term takes a few transactions; each has the database client's deadline.
      liftDeadline(res);
      const counts = await importItems(db, uid, chosen, new Date());
      res.json(counts satisfies AnswerOf<'POST /api/syllabus/import'>);
    }),
  );

  return router;
}
