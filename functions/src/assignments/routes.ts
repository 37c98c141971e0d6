import {
  addedEntryOrder,
  assignmentCreateSchema,
  entryCreatedDate,
  assignmentPatchSchema,
  estimateMinutesSchema,
  newSubtaskId,
  noteCreateSchema,
  NOTES_MAX_COUNT,
  repeatScopeSchema,
  SUBTASKS_MAX_COUNT,
  subtaskInputSchema,
  subtaskTitleSchema,
  type AnswerOf,
} from '@brainboard/domain';
import { Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { deleteChat } from '../chats/store.ts';
import { removeAssignmentFiles } from '../files/records.ts';
import { fileStoreFromEnv } from '../files/store.ts';
import { callerOf } from '../http/auth.ts';
import { route } from '../http/errors.ts';
import { parseBody } from '../http/validate.ts';
import { repeatOf, startSeries } from './series.ts';
import { readBoardStamp, startBoardStamp } from '../board/stamp.ts';
import { profileRef, profileZone } from '../profile/profile.ts';
import { deleteAssignment, newNoteId, StaleVersion, updateAssignment } from './change.ts';
import { entryListRoutes, type EntryList } from './entryList.ts';
import { ASSIGNMENT_NOT_FOUND, answer, idParam, pathId } from './lookup.ts';
import { assignmentsOf, createAssignment, listAssignments } from './store.ts';

const STALE_VERSION =
  'This assignment was changed on another device, so nothing was saved. Here is the latest copy.';

const subtaskPatchSchema = z
  .strictObject(
    {
      completed: z.boolean({ error: 'completed must be true or false.' }).optional(),
      title: subtaskTitleSchema.optional(),
      estimate_minutes: estimateMinutesSchema.optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Unknown field: ${String(issue.keys[0])}.`
          : 'subtask must be an object.',
    },
  )
  .refine(
    (b) => b.completed !== undefined || b.title !== undefined || b.estimate_minutes !== undefined,
    'Nothing to change.',
  );

/** `/assignment/:id/subtasks[/:sid]`: a new subtask goes last, not done unless it says so. */
const subtaskList: EntryList<typeof subtaskInputSchema, typeof subtaskPatchSchema> = {
  list: 'subtasks',
  param: 'sid',
  max: SUBTASKS_MAX_COUNT,
  notFound: 'That subtask does not exist.',
  createSchema: subtaskInputSchema,
  patchSchema: subtaskPatchSchema,
  newId: newSubtaskId,
  toEntry: (input, now) => ({
    title: input.title,
    completed: input.completed,
    created_date: entryCreatedDate(now, input.created_date),
    order: addedEntryOrder(now),
    estimate_minutes: input.estimate_minutes ?? null,
  }),
  changes: ({ completed, title, estimate_minutes }) => ({ completed, title, estimate_minutes }),
};

const noteBodySchema = noteCreateSchema.omit({ id: true });

/** `/assignment/:id/notes[/:nid]`: a note's text is all a patch changes. */
const noteList: EntryList<typeof noteCreateSchema, typeof noteBodySchema> = {
  list: 'notes',
  param: 'nid',
  max: NOTES_MAX_COUNT,
  notFound: 'That note does not exist.',
  createSchema: noteCreateSchema,
  patchSchema: noteBodySchema,
  newId: newNoteId,
  toEntry: (input, now) => ({
    text: input.text,
    created_date: entryCreatedDate(now),
    order: addedEntryOrder(now),
  }),
  changes: ({ text }) => ({ text }),
};

/** The assignment calls. Every path is under the caller's own data. */
export function assignmentRoutes(db: Firestore): Router {
  const router = Router();

  // Answers 304 when the client's copy is current, so devices can poll cheaply where no live
  // listener reaches (docs/architecture.md, The two data paths to the board). The ETag is the
  // board's stamp, which every assignment write changes in its own transaction or batch. The
  // sign-in check has already read the document that holds it, so an unchanged board costs
  // that one document read (docs/decisions/0019-one-read-per-poll.md). The stamp is read
  // before the list: a write in between gives a newer list under the older stamp, which the
  // next poll reads again, never the other way round. A board stored before stamps gets one
  // here. fetch() adds `Cache-Control: no-cache` to conditional requests, which Express's own
  // freshness check honours, so the comparison is made here.
  router.get(
    '/assignments',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const stored = await readBoardStamp(db, uid, req);
      const etag = stored ? `"${stored}"` : null;
      if (etag && req.get('if-none-match') === etag) {
        res.set('ETag', etag);
        res.status(304).end();
        return;
      }
      const body = JSON.stringify(await listAssignments(db, uid));
      const stamp = stored ?? (await startBoardStamp(db, uid));
      if (stamp) res.set('ETag', `"${stamp}"`);
      res.type('application/json').send(body);
    }),
  );

  router.get(
    '/assignment/:id',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const item = await answer(db, uid, pathId(req.params.id, ASSIGNMENT_NOT_FOUND));
      res.json(item satisfies AnswerOf<'GET /api/assignment/:id'>);
    }),
  );

  // A create with a client-chosen id is idempotent: sending it again (a retry after a
  // timeout) answers 201 with the stored assignment and writes nothing new.
  router.post(
    '/assignment',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const input = parseBody(assignmentCreateSchema, req.body);
      const now = new Date();
      const { repeat, ...fields } = input;
      const ref = input.id ?? assignmentsOf(db, uid).doc().id;
      const subtasks = fields.subtasks.map((s) => ({
        ...s,
        id: s.id ?? newSubtaskId(now.getTime()),
      }));
      // The rule runs on the clock of the profile's time zone.
      const zone = repeat ? profileZone((await profileRef(db, uid).get()).get('time_zone')) : '';
      const series = repeat
        ? startSeries(db, uid, ref, repeat, { ...fields, subtasks }, zone, now)
        : null;
      const { item } = await createAssignment(
        db,
        uid,
        {
          ...fields,
          id: ref,
          subtasks,
          notes: fields.notes.map((n) => ({ ...n, id: n.id ?? newNoteId(now.getTime()) })),
          series_id: series?.id ?? null,
          repeat: repeat ? repeatOf(repeat) : null,
        },
        now,
        series?.write,
      );
      res.status(201).json({ item } satisfies AnswerOf<'POST /api/assignment'>);
    }),
  );

  // A stale `version` writes nothing and answers 409 with the current copy, on which the client
  // makes its change again (change.ts).
  router.patch(
    '/assignment',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const input = parseBody(assignmentPatchSchema, req.body);
      try {
        await updateAssignment(db, uid, input);
      } catch (err) {
        if (err instanceof StaleVersion) {
          res.status(409).json({ error: STALE_VERSION, item: err.item });
          return;
        }
        throw err;
      }
      res.json((await answer(db, uid, input.id)) satisfies AnswerOf<'PATCH /api/assignment'>);
    }),
  );

  // Deleting the open card of a repeat asks which cards it is for: "this" (the default) brings
  // the series' next card, "following" stops the repeat. The answer carries that next card.
  router.delete(
    '/assignment',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const { id, scope } = parseBody(
        z.strictObject(
          { id: idParam, scope: repeatScopeSchema.optional() },
          {
            error: (issue) =>
              issue.code === 'unrecognized_keys'
                ? `Unknown field: ${String(issue.keys[0])}.`
                : 'id is required.',
          },
        ),
        req.body,
      );
      const next = await deleteAssignment(db, uid, id, scope ?? 'this');
      // Its attached files once the assignment is gone (a refused delete leaves them too).
      await removeAssignmentFiles(db, fileStoreFromEnv(), uid, id);
      await deleteChat(db, uid, id);
      res.json({ ok: true, next } satisfies AnswerOf<'DELETE /api/assignment'>);
    }),
  );

  // One subtask or note at a time (docs/architecture.md, The data model).
  router.use(entryListRoutes(db, subtaskList));
  router.use(entryListRoutes(db, noteList));

  return router;
}
