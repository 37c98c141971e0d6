import type { DocumentData, Firestore } from 'firebase-admin/firestore';
import { boardRef, readBoard, rememberBoard } from '../board/stamp.ts';

/**
 * Sign-ins ended with Logout, by their `auth_time` (seconds), in the map `ended` of the
 * student's board document (`users/{uid}/meta/board`, server-only). Every ID token of one
 * sign-in carries the same `auth_time`, so recording it refuses that device's tokens, refreshed
 * ones included, while the student's other devices (other sign-ins) stay signed in.
 *
 * They share the board document with the polling ETag so that one read answers both the
 * sign-in check every request makes and an unchanged poll
 * (docs/decisions/0019-one-read-per-poll.md). Earlier they were kept at
 * `users/{uid}/private/signins`: a board document without `signins_moved` has not taken those
 * over yet, and the first check that finds it so moves them, in one transaction, before it
 * answers (scripts/migrations/moveEndedSignIns.ts moves whatever is left).
 */
const legacySigninsOf = (db: Firestore, uid: string) =>
  db.collection('users').doc(uid).collection('private').doc('signins');

/** The map key of one sign-in: `t` and its auth_time, a plain identifier in field paths. */
const keyOf = (authTime: number) => `t${Math.trunc(authTime)}`;

export async function endSignIn(
  db: Firestore,
  uid: string,
  authTime: number,
  now = new Date(),
): Promise<void> {
  await boardRef(db, uid).set({ ended: { [keyOf(authTime)]: now } }, { merge: true });
}

/**
 * Moves the ended sign-ins of `users/{uid}/private/signins` into the board document and marks
 * it moved, in one transaction (a Logout recorded there meanwhile is moved too). Answers the
 * board document as it is now.
 */
export async function moveEndedSignIns(db: Firestore, uid: string): Promise<DocumentData> {
  const board = boardRef(db, uid);
  const legacy = legacySigninsOf(db, uid);
  return db.runTransaction(async (tx) => {
    const [boardSnap, legacySnap] = await Promise.all([tx.get(board), tx.get(legacy)]);
    const data = boardSnap.data() ?? {};
    const ended = { ...(legacySnap.get('ended') as DocumentData | undefined), ...data.ended };
    tx.set(board, { ended, signins_moved: true }, { merge: true });
    if (legacySnap.exists) tx.delete(legacy);
    return { ...data, ended, signins_moved: true };
  });
}

/**
 * Whether the sign-in of `authTime` was ended: one read of the board document, kept for the
 * rest of `request` (the poll compares its stamp from it). Nothing is kept between requests,
 * so a Logout answered by any instance is refused by every instance from then on.
 */
export async function signInEnded(
  db: Firestore,
  uid: string,
  authTime: number,
  request: object,
): Promise<boolean> {
  let data = await readBoard(db, uid, request);
  if (data.signins_moved !== true) {
    data = await moveEndedSignIns(db, uid);
    rememberBoard(request, data);
  }
  const ended = data.ended as DocumentData | undefined;
  return ended !== undefined && Object.hasOwn(ended, keyOf(authTime));
}
