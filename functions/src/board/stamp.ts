import { randomUUID } from 'node:crypto';
import type { Firestore, Transaction, WriteBatch } from 'firebase-admin/firestore';

/**
 * `users/{uid}/meta/board`: `{ stamp }`, a new random value with every write to any of the
 * student's assignments, made in the same transaction or batch as that write. The board's
 * ETag is the stamp, so a poll that finds it unchanged reads this one document and answers
 * 304 (docs/architecture.md, The two data paths to the board). Random rather than counted: a
 * board deleted with its account and started again never repeats an old stamp.
 */
const boardRef = (db: Firestore, uid: string) =>
  db.collection('users').doc(uid).collection('meta').doc('board');

/** Marks the student's board changed, inside the write that changes it. */
export function touchBoard(w: Transaction | WriteBatch, db: Firestore, uid: string): void {
  (w as WriteBatch).set(boardRef(db, uid), { stamp: randomUUID() });
}

/** The board's current stamp, or null for a board stored before stamps (one read). */
export async function readBoardStamp(db: Firestore, uid: string): Promise<string | null> {
  const stamp: unknown = (await boardRef(db, uid).get()).get('stamp');
  return typeof stamp === 'string' ? stamp : null;
}

/**
 * Gives a board stored before stamps its first one, unless a write gave it one meanwhile
 * (create() fails then, and that stamp stands).
 */
export async function startBoardStamp(db: Firestore, uid: string): Promise<string | null> {
  const stamp = randomUUID();
  try {
    await boardRef(db, uid).create({ stamp });
    return stamp;
  } catch {
    return null;
  }
}
