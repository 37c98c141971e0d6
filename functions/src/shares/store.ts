import { createHash, randomBytes } from 'node:crypto';
import {
  assignmentFromDoc,
  CHEERS_PER_DAY,
  SHARE_ENDED,
  SHARES_MAX_COUNT,
  type Cheer,
  type ShareScope,
  type ShareView,
  type SharedBoard,
  type SharedBoardEntry,
} from '@brainboard/domain';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { readBoardStamp } from '../board/stamp.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { projectCard, summarize, weekStartIso } from './projection.ts';

/**
 * `shares/{shareId}`: one student's invitation to one supporter. Server-only (no client rule
 * reaches it); the student and the supporter read it through the API, which checks who asks.
 * The link's token is 256 random bits; only its SHA-256 is stored, so a leaked database does
 * not open anyone's board. The supporter's uid is bound on first use: the link then works for
 * that account alone. Stopping a share keeps a tombstone (`ended_at`, no token, no scope), so
 * its supporter is told the board is no longer shared rather than that it never was.
 */
interface ShareDoc {
  student_uid: string;
  name: string;
  scope: ShareScope;
  cheers: boolean;
  token_hash: string | null;
  supporter_uid: string | null;
  supporter_name: string | null;
  supporter_email: string | null;
  created_at: string;
  accepted_at: string | null;
  ended_at: string | null;
  /** The UTC day of the cheers counted in `cheer_count`. */
  cheer_day: string | null;
  cheer_count: number;
}

const NO_SUCH_SHARE = 'That supporter link does not exist.';
const LINK_NOT_VALID = 'That invitation link does not work. Ask for a new one.';
const NO_SUCH_BOARD = 'That shared board does not exist.';
const OWN_LINK = 'This is your own invitation link. Send it to the person supporting you.';
const TOO_MANY_SHARES = `You can share with at most ${SHARES_MAX_COUNT} supporters. Stop sharing with one first.`;
const CHEERS_OFF = 'Cheers are turned off for this board.';
const CHEERS_USED_UP = `You have sent ${CHEERS_PER_DAY} cheers today. You can send more tomorrow.`;

const shares = (db: Firestore) => db.collection('shares');
const studentDoc = (db: Firestore, uid: string) => db.collection('users').doc(uid);

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const SHARE_ID = /^share-[a-f0-9]{24}$/;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The share `id` if it is one, else null (a malformed id answers like a missing one). */
const shareRef = (db: Firestore, id: string) => (SHARE_ID.test(id) ? shares(db).doc(id) : null);

function viewOf(id: string, d: ShareDoc): ShareView {
  return {
    id,
    name: d.name,
    scope: d.scope,
    cheers: d.cheers,
    created_at: d.created_at,
    supporter:
      d.supporter_uid && d.accepted_at
        ? { name: d.supporter_name, email: d.supporter_email, accepted_at: d.accepted_at }
        : null,
  };
}

const live = (snap: DocumentSnapshot) => snap.exists && !snap.get('ended_at');

/** A new share of `uid`'s board; answers its id and the token (shown once, in the link). */
export async function createShare(
  db: Firestore,
  uid: string,
  input: { name: string; scope: ShareScope },
  now: Date,
): Promise<{ id: string; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const ref = shares(db).doc(`share-${randomBytes(12).toString('hex')}`);
  await db.runTransaction(async (tx) => {
    const mine = await tx.get(shares(db).where('student_uid', '==', uid));
    if (mine.docs.filter(live).length >= SHARES_MAX_COUNT)
      throw new HttpError(409, TOO_MANY_SHARES);
    tx.create(ref, {
      student_uid: uid,
      name: input.name,
      scope: input.scope,
      cheers: true,
      token_hash: hashToken(token),
      supporter_uid: null,
      supporter_name: null,
      supporter_email: null,
      created_at: now.toISOString(),
      accepted_at: null,
      ended_at: null,
      cheer_day: null,
      cheer_count: 0,
    } satisfies ShareDoc);
  });
  return { id: ref.id, token };
}

/** The student's live shares, oldest first. */
export async function listShares(db: Firestore, uid: string): Promise<ShareView[]> {
  const snap = await shares(db).where('student_uid', '==', uid).get();
  return snap.docs
    .filter(live)
    .map((d) => viewOf(d.id, d.data() as ShareDoc))
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/** Changes one of the student's shares; another student's id answers 404. */
export async function updateShare(
  db: Firestore,
  uid: string,
  id: string,
  changes: {
    name?: string | undefined;
    scope?: ShareScope | undefined;
    cheers?: boolean | undefined;
  },
): Promise<ShareView> {
  const ref = shareRef(db, id);
  if (!ref) throw notFound(NO_SUCH_SHARE);
  return db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!live(snap) || snap.get('student_uid') !== uid) throw notFound(NO_SUCH_SHARE);
    const update: Partial<ShareDoc> = {};
    if (changes.name !== undefined) update.name = changes.name;
    if (changes.scope !== undefined) update.scope = changes.scope;
    if (changes.cheers !== undefined) update.cheers = changes.cheers;
    tx.update(ref, update);
    return viewOf(id, { ...(snap.data() as ShareDoc), ...update });
  });
}

/**
 * Stops a share at once: the token and scope go, and the supporter's next read answers that
 * the board is no longer shared.
 */
export async function endShare(db: Firestore, uid: string, id: string, now: Date): Promise<void> {
  const ref = shareRef(db, id);
  if (!ref) throw notFound(NO_SUCH_SHARE);
  await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!live(snap) || snap.get('student_uid') !== uid) throw notFound(NO_SUCH_SHARE);
    tx.update(ref, {
      ended_at: now.toISOString(),
      token_hash: null,
      scope: { steps: false, focus: false, descriptions: false },
      name: '',
    });
  });
}

/**
 * Binds the share whose link carries `token` to the signed-in supporter. Using it again from
 * the same account is fine; from any other account, or after the share ended, the link does
 * not work.
 */
export async function acceptShare(
  db: Firestore,
  supporter: { uid: string; name: string | null; email: string | null },
  token: string,
  now: Date,
): Promise<SharedBoardEntry> {
  if (!TOKEN.test(token)) throw notFound(LINK_NOT_VALID);
  const found = await shares(db).where('token_hash', '==', hashToken(token)).limit(1).get();
  const ref = found.docs[0]?.ref;
  if (!ref) throw notFound(LINK_NOT_VALID);
  const d = await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const doc = snap.data() as ShareDoc | undefined;
    if (!doc || !live(snap) || doc.token_hash !== hashToken(token)) throw notFound(LINK_NOT_VALID);
    if (doc.student_uid === supporter.uid) throw new HttpError(400, OWN_LINK);
    if (doc.supporter_uid && doc.supporter_uid !== supporter.uid) throw notFound(LINK_NOT_VALID);
    if (!doc.supporter_uid) {
      tx.update(ref, {
        supporter_uid: supporter.uid,
        supporter_name: supporter.name,
        supporter_email: supporter.email,
        accepted_at: now.toISOString(),
      });
    }
    return doc;
  });
  return {
    id: ref.id,
    student_name: await studentName(db, d.student_uid),
    scope: d.scope,
    cheers: d.cheers,
  };
}

async function studentName(db: Firestore, uid: string): Promise<string> {
  const name = (await studentDoc(db, uid).get()).get('name') as unknown;
  return typeof name === 'string' && name.trim() ? name.trim() : 'Your student';
}

/** The boards shared with the caller, by name. */
export async function sharedWith(db: Firestore, uid: string): Promise<SharedBoardEntry[]> {
  const snap = await shares(db).where('supporter_uid', '==', uid).get();
  const docs = snap.docs.filter(live);
  const profiles = docs.length
    ? await db.getAll(...docs.map((d) => studentDoc(db, d.get('student_uid') as string)))
    : [];
  return docs
    .map((d, i) => {
      const name = profiles[i]?.get('name') as unknown;
      const data = d.data() as ShareDoc;
      return {
        id: d.id,
        student_name: typeof name === 'string' && name.trim() ? name.trim() : 'Your student',
        scope: data.scope,
        cheers: data.cheers,
      };
    })
    .sort((a, b) => a.student_name.localeCompare(b.student_name));
}

/**
 * The share `id` as its bound supporter `uid` may use it. Anyone else gets a 404 as if it did
 * not exist; its supporter, once it has ended, gets the sentence that it is no longer shared.
 */
async function grantOf(db: Firestore, uid: string, id: string) {
  const ref = shareRef(db, id);
  if (!ref) throw notFound(NO_SUCH_BOARD);
  const snap = await ref.get();
  const doc = snap.data() as ShareDoc | undefined;
  if (!doc || doc.supporter_uid !== uid) throw notFound(NO_SUCH_BOARD);
  if (doc.ended_at) throw notFound(SHARE_ENDED);
  return { ref, doc };
}

/**
 * The shared board for a supporter's poll: unchanged (`board` null) when `etag` is still its tag,
 * for two document reads (the share and the student's board stamp), otherwise the board and its
 * new tag. The tag is the board's stamp (changed by every write to the student's assignments and
 * by counted focus time), the share's scope and cheers switch, and the hour, so the summary's
 * "this week" and "in the next 3 days" move on with the clock. The stamp is read before the
 * board: a write in between shows on the next poll, never the other way round.
 */
export async function sharedBoardIfChanged(
  db: Firestore,
  uid: string,
  id: string,
  now: Date,
  etag: string | undefined,
): Promise<{ board: SharedBoard | null; etag: string | null }> {
  const { doc } = await grantOf(db, uid, id);
  const stamp = await readBoardStamp(db, doc.student_uid);
  const tag = stamp
    ? `"${createHash('sha256')
        .update(JSON.stringify([stamp, doc.scope, doc.cheers, now.toISOString().slice(0, 13)]))
        .digest('base64url')
        .slice(0, 27)}"`
    : null;
  if (tag && etag === tag) return { board: null, etag: tag };
  return { board: await boardOf(db, doc, now), etag: tag };
}

/** The student's board as the share's scope lets its supporter see it. */
async function boardOf(db: Firestore, doc: ShareDoc, now: Date): Promise<SharedBoard> {
  const student = studentDoc(db, doc.student_uid);
  // Only the fields the projection may use are read from the database.
  const fields = ['title', 'due_date', 'status', 'completed_date', 'rank'];
  if (doc.scope.steps) fields.push('subtasks');
  if (doc.scope.descriptions) fields.push('description');
  const [profile, cards, sessions] = await Promise.all([
    student.get(),
    student
      .collection('assignments')
      .select(...fields)
      .get(),
    doc.scope.focus
      ? student
          .collection('focus_sessions')
          .where('updated_at', '>=', weekStartIso(now))
          .select('credited_minutes')
          .get()
      : null,
  ]);
  const assignments = cards.docs
    .sort((a, b) => Number(a.get('rank') ?? 0) - Number(b.get('rank') ?? 0))
    .map((d) => projectCard(assignmentFromDoc(d.id, d.data()), doc.scope));
  const focus = sessions
    ? sessions.docs.reduce((sum, d) => sum + (Number(d.get('credited_minutes')) || 0), 0)
    : null;
  const name = profile.get('name') as unknown;
  const zone = profile.get('time_zone') as unknown;
  return {
    student_name: typeof name === 'string' && name.trim() ? name.trim() : 'Your student',
    scope: doc.scope,
    cheers: doc.cheers,
    assignments,
    summary: summarize(assignments, focus, typeof zone === 'string' && zone ? zone : 'UTC', now),
  };
}

const cheersOf = (db: Firestore, uid: string) => studentDoc(db, uid).collection('cheers');

/**
 * Leaves a cheer on the student's board, at most CHEERS_PER_DAY a UTC day per share, counted
 * on the share in the same transaction as the cheer is written.
 */
export async function sendCheer(
  db: Firestore,
  uid: string,
  id: string,
  text: string,
  now: Date,
): Promise<Cheer & { student_uid: string }> {
  const { ref } = await grantOf(db, uid, id);
  const day = now.toISOString().slice(0, 10);
  return db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const doc = snap.data() as ShareDoc | undefined;
    if (!doc || doc.supporter_uid !== uid) throw notFound(NO_SUCH_BOARD);
    if (doc.ended_at) throw notFound(SHARE_ENDED);
    if (!doc.cheers) throw new HttpError(403, CHEERS_OFF);
    const count = doc.cheer_day === day ? doc.cheer_count : 0;
    if (count >= CHEERS_PER_DAY) throw new HttpError(429, CHEERS_USED_UP);
    const cheerRef = cheersOf(db, doc.student_uid).doc();
    const cheer = {
      share_id: id,
      from: doc.name,
      text,
      created_at: now.toISOString(),
    };
    tx.create(cheerRef, cheer);
    tx.update(ref, { cheer_day: day, cheer_count: count + 1 });
    return {
      id: cheerRef.id,
      from: cheer.from,
      text,
      created_at: cheer.created_at,
      student_uid: doc.student_uid,
    };
  });
}

/** The cheers left on the student's board in the last 7 days, newest first. */
export async function cheersFor(db: Firestore, uid: string, now: Date): Promise<Cheer[]> {
  const snap = await cheersOf(db, uid).where('created_at', '>=', weekStartIso(now)).get();
  return snap.docs
    .map((d) => ({
      id: d.id,
      from: String(d.get('from') ?? ''),
      text: String(d.get('text') ?? ''),
      created_at: String(d.get('created_at') ?? ''),
    }))
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
}

/** Puts a cheer away; another student's or a missing one answers 404. */
export async function dismissCheer(db: Firestore, uid: string, id: string): Promise<void> {
  if (!/^[A-Za-z0-9]{1,40}$/.test(id)) throw notFound('That cheer does not exist.');
  const ref = cheersOf(db, uid).doc(id);
  if (!(await ref.get()).exists) throw notFound('That cheer does not exist.');
  await ref.delete();
}

/**
 * Account deletion: the student's shares end with them (their supporters' views answer 404),
 * and the links where they are the supporter go too (with the name and address kept there).
 */
export async function deleteSharesOf(db: Firestore, uid: string): Promise<void> {
  const [theirs, supporting] = await Promise.all([
    shares(db).where('student_uid', '==', uid).get(),
    shares(db).where('supporter_uid', '==', uid).get(),
  ]);
  await Promise.all([...theirs.docs, ...supporting.docs].map((d) => d.ref.delete()));
}
