import {
  estimateMinutesSchema,
  assignmentCreateSchema,
  assignmentPatchSchema,
  newSubtaskId,
  noteCreateSchema,
  NOTES_MAX_COUNT,
  SUBTASKS_MAX_COUNT,
  subtaskInputSchema,
  subtaskTitleSchema,
  repeatScopeSchema,
  type Assignment,
} from '@brainboard/domain';
import { Router } from 'express';
import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import {
  assignmentRef,
  assignmentsOf,
  createAssignment,
  entryCount,
  entryPath,
  getAssignment,
  hasEntry,
  isoDate,
  listAssignments,
  noteMap,
  readInTransaction,
  subtaskMap,
  toAssignment,
  writePaths,
  writeStamp,
  type AssignmentDoc,
} from '../assignments/store.ts';
import { deleteChat } from '../ai/chats.ts';
import { removeAssignmentFiles } from '../files/records.ts';
import { fileStoreFromEnv } from '../files/store.ts';
import { callerOf } from '../http/auth.ts';
import { badRequest, HttpError, notFound, route } from '../http/errors.ts';
import { parseBody } from '../http/validate.ts';
import { planRepeatDelete, planRepeatEdit } from '../recurrence/edit.ts';
import { repeatOf, startSeries } from '../recurrence/series.ts';
import { profileZone } from '../reminders/dispatcher.ts';
import { profileRef } from '../users/profile.ts';
import { createHash, randomBytes } from 'node:crypto';
import type { UpdateData } from 'firebase-admin/firestore';

const NOT_FOUND = 'That assignment does not exist.';
const SUBTASK_NOT_FOUND = 'That subtask does not exist.';
const NOTE_NOT_FOUND = 'That note does not exist.';
const STALE_VERSION =
  'This assignment was changed on another device, so nothing was saved. Here is the latest copy.';

const idParam = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/);
const newNoteId = (now: number) => `note-${now}-${randomBytes(4).toString('hex')}`;

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

const noteBodySchema = noteCreateSchema.omit({ id: true });

/** An id from the path; anything malformed is as unknown as a missing one (404). */
function pathId(value: unknown, message: string): string {
  const parsed = idParam.safeParse(value);
  if (!parsed.success) throw notFound(message);
  return parsed.data;
}

/** Limits, through the shared caps: adding one entry may not take a list past its limit. */
function requireRoom(doc: AssignmentDoc, map: 'subtasks' | 'notes'): void {
  const max = map === 'subtasks' ? SUBTASKS_MAX_COUNT : NOTES_MAX_COUNT;
  if (entryCount(doc, map) >= max) throw badRequest(`${map} must have at most ${max} items.`);
}

/** 409 with the current copy: the client re-applies its change on it. */
class StaleVersion extends HttpError {
  constructor(readonly item: Assignment) {
    super(409, STALE_VERSION);
  }
}

async function mustReadIn(
  tx: Transaction,
  db: Firestore,
  uid: string,
  id: string,
): Promise<AssignmentDoc> {
  const doc = await readInTransaction(tx, db, uid, id);
  if (!doc) throw notFound(NOT_FOUND);
  return doc;
}

async function answer(db: Firestore, uid: string, id: string): Promise<{ item: Assignment }> {
  const item = await getAssignment(db, uid, id);
  if (!item) throw notFound(NOT_FOUND);
  return { item };
}

/** The assignment calls. Every path is under the caller's own data. */
export function assignmentRoutes(db: Firestore): Router {
  const router = Router();

  // Answers 304 when the client's copy is current, so devices can poll
  // cheaply where no live listener reaches (docs/architecture.md, The two data paths to the
  // board). fetch() adds
  // `Cache-Control: no-cache` to conditional requests, which Express's own
  // freshness check honours, so the comparison is made here.
  router.get(
    '/assignments',
    route(async (req, res) => {
      const body = JSON.stringify(await listAssignments(db, callerOf(req).uid));
      const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
      res.set('ETag', etag);
      if (req.get('if-none-match') === etag) {
        res.status(304).end();
        return;
      }
      res.type('application/json').send(body);
    }),
  );

  router.get(
    '/assignment/:id',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      res.json(await answer(db, uid, pathId(req.params.id, NOT_FOUND)));
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
      res.status(201).json({ item });
    }),
  );

  // Read and written in one transaction: the version check and completed_date both depend on
  // the stored copy. A stale `version` writes nothing and answers 409 with the current copy.
  router.patch(
    '/assignment',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const input = parseBody(assignmentPatchSchema, req.body);
      const now = new Date();
      const today = isoDate(now);
      try {
        await db.runTransaction(async (tx) => {
          const before = await mustReadIn(tx, db, uid, input.id);
          const current = toAssignment(input.id, before);
          if (input.version !== undefined && input.version !== current.version) {
            throw new StaleVersion(current);
          }
          const fields: UpdateData<AssignmentDoc> = {};
          if (input.title !== undefined) fields.title = input.title;
          if (input.description !== undefined) fields.description = input.description;
          if (input.due_date !== undefined) fields.due_date = input.due_date;
          if (input.rank !== undefined) fields.rank = input.rank;
          if (input.reminders !== undefined) fields.reminders = input.reminders;
          if (input.status !== undefined) {
            fields.status = input.status;
            // Entering done stamps completed_date; leaving done clears it.
            if (input.status === 'done' && before.status !== 'done') {
              fields.completed_date = now.toISOString();
            } else if (input.status !== 'done') {
              fields.completed_date = null;
            }
          }
          if (input.subtasks !== undefined) {
            fields.subtasks = subtaskMap(
              input.subtasks.map((s) => ({ ...s, id: s.id ?? newSubtaskId(now.getTime()) })),
              today,
            );
          }
          if (input.notes !== undefined) {
            fields.notes = noteMap(
              input.notes.map((n) => ({ ...n, id: n.id ?? newNoteId(now.getTime()) })),
              today,
            );
          }
          const repeat = await planRepeatEdit(
            tx,
            db,
            uid,
            input.id,
            before,
            input,
            {
              subtasks: fields.subtasks as AssignmentDoc['subtasks'] | undefined,
            },
            now,
          );
          tx.update(assignmentRef(db, uid, input.id), {
            ...fields,
            ...repeat.fields,
            ...writeStamp(now),
          } as UpdateData<AssignmentDoc>);
          repeat.write(tx);
        });
      } catch (err) {
        if (err instanceof StaleVersion) {
          res.status(409).json({ error: err.message, item: err.item });
          return;
        }
        throw err;
      }
      res.json(await answer(db, uid, input.id));
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
      const now = new Date();
      const next = await db.runTransaction(async (tx) => {
        const doc = await mustReadIn(tx, db, uid, id);
        const plan = await planRepeatDelete(tx, db, uid, id, doc, scope ?? 'this', now);
        tx.delete(assignmentRef(db, uid, id));
        plan.write(tx);
        return plan.next;
      });
      // Its attached files once the assignment is gone (a refused delete leaves them too).
      await removeAssignmentFiles(db, fileStoreFromEnv(), uid, id);
      await deleteChat(db, uid, id);
      res.json({ ok: true, next: next ? toAssignment(next.id, next.doc) : null });
    }),
  );

  // One subtask or note at a time: field-path writes, so another device's
  // changes to the other entries are never overwritten (docs/architecture.md, The data model).

  router.post(
    '/assignment/:id/subtasks',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const id = pathId(req.params.id, NOT_FOUND);
      const input = parseBody(subtaskInputSchema, req.body);
      const now = new Date();
      const sid = input.id ?? newSubtaskId(now.getTime());
      await db.runTransaction(async (tx) => {
        const doc = await mustReadIn(tx, db, uid, id);
        // The same create again (a retry) changes nothing.
        if (hasEntry(doc, 'subtasks', sid)) return;
        requireRoom(doc, 'subtasks');
        const entry = {
          title: input.title,
          completed: input.completed,
          created_date: input.created_date ?? isoDate(now),
          order: now.getTime(),
          estimate_minutes: input.estimate_minutes ?? null,
        };
        await writePaths(db, uid, id, [[entryPath('subtasks', sid), entry]], now, tx);
      });
      res.status(201).json(await answer(db, uid, id));
    }),
  );

  router.patch(
    '/assignment/:id/subtasks/:sid',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const id = pathId(req.params.id, NOT_FOUND);
      const sid = pathId(req.params.sid, SUBTASK_NOT_FOUND);
      const input = parseBody(subtaskPatchSchema, req.body);
      await db.runTransaction(async (tx) => {
        const doc = await mustReadIn(tx, db, uid, id);
        if (!hasEntry(doc, 'subtasks', sid)) throw notFound(SUBTASK_NOT_FOUND);
        const pairs: [ReturnType<typeof entryPath>, unknown][] = [];
        if (input.completed !== undefined) {
          pairs.push([entryPath('subtasks', sid, 'completed'), input.completed]);
        }
        if (input.title !== undefined) {
          pairs.push([entryPath('subtasks', sid, 'title'), input.title]);
        }
        if (input.estimate_minutes !== undefined) {
          pairs.push([entryPath('subtasks', sid, 'estimate_minutes'), input.estimate_minutes]);
        }
        await writePaths(db, uid, id, pairs, new Date(), tx);
      });
      res.json(await answer(db, uid, id));
    }),
  );

  router.delete(
    '/assignment/:id/subtasks/:sid',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const id = pathId(req.params.id, NOT_FOUND);
      const sid = pathId(req.params.sid, SUBTASK_NOT_FOUND);
      await db.runTransaction(async (tx) => {
        const doc = await mustReadIn(tx, db, uid, id);
        if (!hasEntry(doc, 'subtasks', sid)) throw notFound(SUBTASK_NOT_FOUND);
        const removal = FieldValue.delete();
        await writePaths(db, uid, id, [[entryPath('subtasks', sid), removal]], new Date(), tx);
      });
      res.json(await answer(db, uid, id));
    }),
  );

  router.post(
    '/assignment/:id/notes',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const id = pathId(req.params.id, NOT_FOUND);
      const input = parseBody(noteCreateSchema, req.body);
      const now = new Date();
      const nid = input.id ?? newNoteId(now.getTime());
      await db.runTransaction(async (tx) => {
        const doc = await mustReadIn(tx, db, uid, id);
        // The same create again (a retry) changes nothing.
        if (hasEntry(doc, 'notes', nid)) return;
        requireRoom(doc, 'notes');
        const entry = { text: input.text, created_date: isoDate(now), order: now.getTime() };
        await writePaths(db, uid, id, [[entryPath('notes', nid), entry]], now, tx);
      });
      res.status(201).json(await answer(db, uid, id));
    }),
  );

  router.patch(
    '/assignment/:id/notes/:nid',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const id = pathId(req.params.id, NOT_FOUND);
      const nid = pathId(req.params.nid, NOTE_NOT_FOUND);
      const { text } = parseBody(noteBodySchema, req.body);
      await db.runTransaction(async (tx) => {
        const doc = await mustReadIn(tx, db, uid, id);
        if (!hasEntry(doc, 'notes', nid)) throw notFound(NOTE_NOT_FOUND);
        await writePaths(db, uid, id, [[entryPath('notes', nid, 'text'), text]], new Date(), tx);
      });
      res.json(await answer(db, uid, id));
    }),
  );

  router.delete(
    '/assignment/:id/notes/:nid',
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const id = pathId(req.params.id, NOT_FOUND);
      const nid = pathId(req.params.nid, NOTE_NOT_FOUND);
      await db.runTransaction(async (tx) => {
        const doc = await mustReadIn(tx, db, uid, id);
        if (!hasEntry(doc, 'notes', nid)) throw notFound(NOTE_NOT_FOUND);
        const removal = FieldValue.delete();
        await writePaths(db, uid, id, [[entryPath('notes', nid), removal]], new Date(), tx);
      });
      res.json(await answer(db, uid, id));
    }),
  );

  return router;
}
