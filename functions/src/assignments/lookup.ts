import type { Assignment } from '@brainboard/domain';
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { notFound } from '../http/errors.ts';
import { getAssignment, readInTransaction, type AssignmentDoc } from './store.ts';

/**
 * Finding the caller's assignment for a route. A malformed id, a missing assignment and another
 * student's one all answer the same 404.
 */
export const ASSIGNMENT_NOT_FOUND = 'That assignment does not exist.';

export const idParam = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/);

/** An id from the path; anything malformed is as unknown as a missing one (404). */
export function pathId(value: unknown, message: string): string {
  const parsed = idParam.safeParse(value);
  if (!parsed.success) throw notFound(message);
  return parsed.data;
}

/** The stored assignment, read in the transaction that writes it. */
export async function mustReadIn(
  tx: Transaction,
  db: Firestore,
  uid: string,
  id: string,
): Promise<AssignmentDoc> {
  const doc = await readInTransaction(tx, db, uid, id);
  if (!doc) throw notFound(ASSIGNMENT_NOT_FOUND);
  return doc;
}

/** The answer of a call that changed an assignment: its stored copy after the write. */
export async function answer(
  db: Firestore,
  uid: string,
  id: string,
): Promise<{ item: Assignment }> {
  const item = await getAssignment(db, uid, id);
  if (!item) throw notFound(ASSIGNMENT_NOT_FOUND);
  return { item };
}
