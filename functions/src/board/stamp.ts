import { randomUUID } from 'node:crypto';
import type { DocumentData, Firestore, Transaction, WriteBatch } from 'firebase-admin/firestore';

/**
 * `users/{uid}/meta/board`, the student's board document (server-only), read once by every
 * signed-in request (docs/decisions/0019-one-read-per-poll.md):
 * - `stamp`: a new random value with every write to any of the student's assignments, made in
 *   the same transaction or batch as that write. The board's ETag is the stamp, so a poll that
 *   finds it unchanged answers 304 (docs/architecture.md, The two data paths to the board).
 *   Random rather than counted: a board deleted with its account and started again never
 *   repeats an old stamp.
 * - `ended`, `signins_moved`: the sign-ins ended with Logout (`users/signins.ts`).
 * Every write here merges, so the stamp and the ended sign-ins never overwrite each other.
 */
export const boardRef = (db: Firestore, uid: string) =>
  db.collection('users').doc(uid).collection('meta').doc('board');

/**
 * The board document as the sign-in check read it at the start of a request, kept only for
 * that request (the key is the request object itself, so nothing outlives it or is shared
 * between requests): the poll takes its stamp from here instead of reading the document again.
 */
const readByRequest = new WeakMap<object, DocumentData>();

/** Reads the board document, and keeps what it read for the rest of `request`. */
export async function readBoard(
  db: Firestore,
  uid: string,
  request: object,
): Promise<DocumentData> {
  const data = (await boardRef(db, uid).get()).data() ?? {};
  readByRequest.set(request, data);
  return data;
}

/** Replaces what `request` keeps of the board document (after it was written in a transaction). */
export function rememberBoard(request: object, data: DocumentData): void {
  readByRequest.set(request, data);
}

/** Marks the student's board changed, inside the write that changes it. */
export function touchBoard(w: Transaction | WriteBatch, db: Firestore, uid: string): void {
  (w as WriteBatch).set(boardRef(db, uid), { stamp: randomUUID() }, { merge: true });
}

const stampOf = (data: DocumentData | undefined): string | null => {
  const stamp: unknown = data?.stamp;
  return typeof stamp === 'string' ? stamp : null;
};

/**
 * The board's current stamp, or null for a board stored before stamps. Within a request that
 * passed the sign-in check, the stamp that check read (no second read); otherwise one read.
 */
export async function readBoardStamp(
  db: Firestore,
  uid: string,
  request?: object,
): Promise<string | null> {
  const kept = request ? readByRequest.get(request) : undefined;
  if (kept) return stampOf(kept);
  return stampOf((await boardRef(db, uid).get()).data());
}

/**
 * Gives a board stored before stamps its first one, unless a write gave it one meanwhile
 * (then that stamp stands and this answers null: the list read before it may be older).
 */
export async function startBoardStamp(db: Firestore, uid: string): Promise<string | null> {
  const stamp = randomUUID();
  const ref = boardRef(db, uid);
  return db.runTransaction(async (tx) => {
    if (stampOf((await tx.get(ref)).data())) return null;
    tx.set(ref, { stamp }, { merge: true });
    return stamp;
  });
}
