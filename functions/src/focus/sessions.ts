import { FOCUS_TIMER_MS, isClientId } from '@brainboard/domain';
import { FieldPath, FieldValue, type Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { assignmentRef } from '../assignments/store.ts';
import { planRef, sessionStartedBy, type PlanDoc } from '../plan/planDoc.ts';
import { touchBoard } from '../board/stamp.ts';
import { requireLiveAccount } from '../profile/liveAccount.ts';
import { profileRef } from '../profile/profile.ts';

/**
 * Minutes focused on an assignment, counted by the server from Focus Mode's events, never from a
 * total the browser sends. A session (`users/{uid}/focus_sessions/{session_id}`, the id chosen by
 * the browser so a retried event changes nothing) runs from `start` to `pause`, again from
 * `resume`, and ends at `finish`. Running time is measured with the server's clock; a hidden tab
 * keeps running, as the timer does. One session counts at most the timer's length, so a tab left
 * open for hours adds 25 minutes, not hours. Counted whole minutes (never a part of one) are added
 * to the assignment's `focus_minutes` with an increment at each pause and at the finish.
 *
 * One session per assignment is open at a time (`users/{uid}/focus_open/{assignmentId}` names it):
 * a start while another is open (Focus Mode opened on a second device, or again after a closed
 * tab that never said finish) finishes that one at that moment, its time so far counted, and the
 * new one counts from then on. So the minutes added to an assignment never exceed the time that
 * passed, however many sessions are started (docs/product.md, Time you can see).
 */

const FOCUS_EVENTS = ['start', 'pause', 'resume', 'finish'] as const;
export type FocusEvent = (typeof FOCUS_EVENTS)[number];

/** The most one session may count: the length of the timer. */
export const SESSION_CAP_MS = FOCUS_TIMER_MS;

export interface FocusSessionDoc {
  assignment_id: string;
  state: 'running' | 'paused' | 'finished';
  /** Server time (ms) the current running stretch began; null unless running. */
  running_since: number | null;
  /** Running time counted so far, at most SESSION_CAP_MS. */
  counted_ms: number;
  /** Whole minutes already added to the assignment. */
  credited_minutes: number;
  created_at: string;
  updated_at: string;
}

const SESSION_ID_ERROR = 'session_id must be 1 to 128 letters, digits, "-" or "_".';
const EVENT_ERROR = `event must be one of: ${FOCUS_EVENTS.join(', ')}.`;
export const NOT_STARTED = 'That focus session has not started yet. Start it first.';
export const OTHER_ASSIGNMENT = 'That focus session belongs to another assignment.';

export const focusEventSchema = z.strictObject(
  {
    session_id: z.string({ error: SESSION_ID_ERROR }).refine(isClientId, SESSION_ID_ERROR),
    event: z.enum(FOCUS_EVENTS, { error: EVENT_ERROR }),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown field: ${String(issue.keys[0])}.`
        : 'focus session event must be an object.',
  },
);

export type EventOutcome =
  | { ok: true; session: FocusSessionDoc; creditMinutes: number; changed: boolean }
  | { ok: false; error: string };

/** Running time of the current stretch, within what the cap still allows. */
function stretch(s: FocusSessionDoc, now: number): number {
  if (s.state !== 'running' || s.running_since === null) return 0;
  return Math.min(Math.max(0, now - s.running_since), SESSION_CAP_MS - s.counted_ms);
}

/**
 * One event applied to a session at server time `now` (ms). Repeats and events that do not fit
 * the state (a pause while paused, anything after finish) change nothing, so retries are safe.
 */
export function applyFocusEvent(
  session: FocusSessionDoc | null,
  assignmentId: string,
  event: FocusEvent,
  now: number,
): EventOutcome {
  const at = new Date(now).toISOString();
  if (!session) {
    if (event !== 'start') return { ok: false, error: NOT_STARTED };
    return {
      ok: true,
      changed: true,
      creditMinutes: 0,
      session: {
        assignment_id: assignmentId,
        state: 'running',
        running_since: now,
        counted_ms: 0,
        credited_minutes: 0,
        created_at: at,
        updated_at: at,
      },
    };
  }
  if (session.assignment_id !== assignmentId) return { ok: false, error: OTHER_ASSIGNMENT };
  const unchanged: EventOutcome = { ok: true, session, creditMinutes: 0, changed: false };
  if (session.state === 'finished') return unchanged;

  if (event === 'resume') {
    if (session.state !== 'paused') return unchanged;
    return {
      ok: true,
      changed: true,
      creditMinutes: 0,
      session: { ...session, state: 'running', running_since: now, updated_at: at },
    };
  }
  if (event === 'start' || (event === 'pause' && session.state !== 'running')) return unchanged;

  // pause or finish: count the running stretch, then add the newly counted whole minutes. Never
  // rounded up: a minute is added only once it has passed.
  const counted = session.counted_ms + stretch(session, now);
  const minutes = Math.floor(counted / 60_000);
  const creditMinutes = Math.max(0, minutes - session.credited_minutes);
  return {
    ok: true,
    changed: true,
    creditMinutes,
    session: {
      ...session,
      state: event === 'finish' ? 'finished' : 'paused',
      running_since: null,
      counted_ms: counted,
      credited_minutes: session.credited_minutes + creditMinutes,
      updated_at: at,
    },
  };
}

/** The session open on an assignment, and that session as stored (null when gone). */
interface OpenSession {
  id: string;
  session: FocusSessionDoc | null;
}

/** One event's outcome, and what it does to the assignment's open session. */
export interface FocusPlan {
  outcome: EventOutcome;
  /** The other session this start finished, with the minutes that adds. */
  closed: { id: string; session: FocusSessionDoc; creditMinutes: number } | null;
  /** The open session afterwards: an id, null for none, undefined when unchanged. */
  open: string | null | undefined;
}

/**
 * Event `event` of session `sessionId` (stored as `stored`) on assignment `assignmentId`, whose
 * open session is `open`, at server time `now` (ms). A new session's start finishes the open one
 * first, at `now`, and becomes the open one; a finish of the open one leaves none open.
 */
export function planFocusEvent(
  stored: FocusSessionDoc | null,
  sessionId: string,
  open: OpenSession | null,
  assignmentId: string,
  event: FocusEvent,
  now: number,
): FocusPlan {
  const outcome = applyFocusEvent(stored, assignmentId, event, now);
  if (!outcome.ok || !outcome.changed) return { outcome, closed: null, open: undefined };
  if (!stored) {
    const other = open && open.id !== sessionId ? open.session : null;
    const ended = other ? applyFocusEvent(other, assignmentId, 'finish', now) : null;
    const closed =
      open && ended?.ok && ended.changed
        ? { id: open.id, session: ended.session, creditMinutes: ended.creditMinutes }
        : null;
    return { outcome, closed, open: sessionId };
  }
  const finished = outcome.session.state === 'finished' && open?.id === sessionId;
  return { outcome, closed: null, open: finished ? null : undefined };
}

function focusSessionRef(db: Firestore, uid: string, sessionId: string) {
  return profileRef(db, uid).collection('focus_sessions').doc(sessionId);
}

/** Which session is open on an assignment: `{ session_id, updated_at }`. */
function openSessionRef(db: Firestore, uid: string, assignmentId: string) {
  return profileRef(db, uid).collection('focus_open').doc(assignmentId);
}

/**
 * Records one event in a transaction with the assignment's increment, so an event is counted
 * once or not at all, and two starts at once leave one session open. Answers null when the
 * assignment does not exist, the outcome otherwise.
 */
export async function recordFocusEvent(
  db: Firestore,
  uid: string,
  assignmentId: string,
  sessionId: string,
  event: FocusEvent,
  now = Date.now(),
): Promise<EventOutcome | null> {
  const sessionRef = focusSessionRef(db, uid, sessionId);
  const openRef = openSessionRef(db, uid, assignmentId);
  const ref = assignmentRef(db, uid, assignmentId);
  return db.runTransaction(async (tx) => {
    const [assignment, stored, pointer] = await Promise.all([
      tx.get(ref),
      tx.get(sessionRef),
      tx.get(openRef),
    ]);
    if (!assignment.exists) return null;
    const openId = pointer.get('session_id') as unknown;
    let open: OpenSession | null = null;
    if (typeof openId === 'string') {
      // Only a new session's start acts on another open session; then it is read too.
      const other =
        !stored.exists && event === 'start' && openId !== sessionId
          ? await tx.get(focusSessionRef(db, uid, openId))
          : null;
      open = { id: openId, session: other?.exists ? (other.data() as FocusSessionDoc) : null };
    }
    const plan = planFocusEvent(
      stored.exists ? (stored.data() as FocusSessionDoc) : null,
      sessionId,
      open,
      assignmentId,
      event,
      now,
    );
    const { outcome, closed } = plan;
    if (!outcome.ok || !outcome.changed) return outcome;
    // A new session's start marks the plan's session it begins (Plan my week) as started.
    const planned =
      !stored.exists && event === 'start'
        ? sessionStartedBy(
            (await tx.get(planRef(db, uid))).data() as PlanDoc | undefined,
            assignmentId,
            now,
          )
        : null;
    const at = new Date(now).toISOString();
    // A new session is a new document under the user: not while the account is being deleted.
    if (!stored.exists) await requireLiveAccount(tx, db, uid);
    tx.set(sessionRef, outcome.session);
    if (planned) tx.update(planRef(db, uid), new FieldPath('sessions', planned, 'started'), true);
    if (closed) tx.set(focusSessionRef(db, uid, closed.id), closed.session);
    if (plan.open === null) tx.delete(openRef);
    else if (plan.open) tx.set(openRef, { session_id: plan.open, updated_at: at });
    const credit = outcome.creditMinutes + (closed?.creditMinutes ?? 0);
    if (credit > 0) {
      tx.update(ref, {
        focus_minutes: FieldValue.increment(credit),
        version: FieldValue.increment(1),
        updated_at: at,
      });
      touchBoard(tx, db, uid);
    }
    return outcome;
  });
}
