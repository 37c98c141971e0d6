import type { ItemAnswer } from '@brainboard/domain';
import { Router, type Request } from 'express';
import { FieldValue, type FieldPath, type Firestore } from 'firebase-admin/firestore';
import type { z } from 'zod';
import { callerOf } from '../http/auth.ts';
import { badRequest, notFound, route } from '../http/errors.ts';
import { parseBody } from '../http/validate.ts';
import { ASSIGNMENT_NOT_FOUND, answer, mustReadIn, pathId } from './lookup.ts';
import { entryCount, entryPath, hasEntry, writePaths } from './store.ts';

/** One kind of entry an assignment keeps in a map by id (its subtasks, its notes). */
export interface EntryList<Create extends z.ZodType<{ id?: string }>, Patch extends z.ZodType> {
  /** The map on the assignment, which is also the path: `/assignment/:id/<list>`. */
  list: 'subtasks' | 'notes';
  /** The name of the path parameter that holds one entry's id. */
  param: string;
  /** The most entries the list may hold. */
  max: number;
  /** The 404 text for an entry id the assignment does not have. */
  notFound: string;
  createSchema: Create;
  patchSchema: Patch;
  /** The id of an entry created without a client-chosen one. */
  newId: (now: number) => string;
  /** The stored entry a create writes. */
  toEntry: (input: z.output<Create>, now: Date) => Record<string, unknown>;
  /** The entry's fields a patch writes; those left undefined keep their stored value. */
  changes: (input: z.output<Patch>) => Record<string, unknown>;
}

/**
 * POST, PATCH and DELETE of one entry at a time, each in one transaction with field-path
 * writes, so another device's changes to the other entries are never overwritten. Every call
 * answers the assignment as stored after it.
 */
export function entryListRoutes<Create extends z.ZodType<{ id?: string }>, Patch extends z.ZodType>(
  db: Firestore,
  spec: EntryList<Create, Patch>,
): Router {
  const router = Router();
  const { list } = spec;
  const one = `/assignment/:id/${list}/:${spec.param}`;

  // A create with a client-chosen id is idempotent: the same create again (a retry) changes
  // nothing. Adding an entry may not take the list past its limit.
  router.post(
    `/assignment/:id/${list}`,
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const id = pathId(req.params.id, ASSIGNMENT_NOT_FOUND);
      const input = parseBody(spec.createSchema, req.body);
      const now = new Date();
      const entryId = input.id ?? spec.newId(now.getTime());
      await db.runTransaction(async (tx) => {
        const doc = await mustReadIn(tx, db, uid, id);
        if (hasEntry(doc, list, entryId)) return;
        if (entryCount(doc, list) >= spec.max) {
          throw badRequest(`${list} must have at most ${spec.max} items.`);
        }
        const entry = spec.toEntry(input, now);
        await writePaths(db, uid, id, [[entryPath(list, entryId), entry]], now, tx);
      });
      res.status(201).json((await answer(db, uid, id)) satisfies ItemAnswer);
    }),
  );

  /** Writes to one entry the assignment has; a malformed or unknown entry id answers 404. */
  const writeEntry = (pairsFor: (req: Request, entryId: string) => [FieldPath, unknown][]) =>
    route(async (req, res) => {
      const { uid } = callerOf(req);
      const id = pathId(req.params.id, ASSIGNMENT_NOT_FOUND);
      const entryId = pathId(req.params[spec.param], spec.notFound);
      const pairs = pairsFor(req, entryId);
      await db.runTransaction(async (tx) => {
        const doc = await mustReadIn(tx, db, uid, id);
        if (!hasEntry(doc, list, entryId)) throw notFound(spec.notFound);
        await writePaths(db, uid, id, pairs, new Date(), tx);
      });
      res.json((await answer(db, uid, id)) satisfies ItemAnswer);
    });

  router.patch(
    one,
    writeEntry((req, entryId) =>
      Object.entries(spec.changes(parseBody(spec.patchSchema, req.body)))
        .filter(([, value]) => value !== undefined)
        .map(([field, value]) => [entryPath(list, entryId, field), value]),
    ),
  );
  router.delete(
    one,
    writeEntry((_req, entryId) => [[entryPath(list, entryId), FieldValue.delete()]]),
  );

  return router;
}
