import { FOCUS_TIMER_MS, isClientId } from '@brainboard/domain';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { assignmentRef } from '../assignments/store.ts';
import { requireLiveAccount } from '../users/liveAccount.ts';
import { profileRef } from '../users/profile.ts';

/**
 * Minutes focused on an assignment, counted by the server from Focus Mode's events, never from a
 * total the browser sends. A session (`users/{uid}/focus_sessions/{session_id}`, the id chosen by
 * the browser so a retried event changes nothing) runs from `start` to `pause`, again from
 * `resume`, and ends at `finish`. Running time is measured with the server's clock; a hidden tab
 * keeps running, as the timer does. One session counts at most the timer's length, so a tab left
 * open for hours adds 25 minutes, not hours. Counted whole minutes are added to the assignment's
 * `focus_minutes` with an increment at each pause and at the finish, so two devices focusing on
 * the same assignment both count.
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

  // pause or finish: count the running stretch, then add the newly counted whole minutes
  // (rounded at the finish, so the last part-minute counts when it is most of one).
  const counted = session.counted_ms + stretch(session, now);
  const minutes = event === 'finish' ? Math.round(counted / 60_000) : Math.floor(counted / 60_000);
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

function focusSessionRef(db: Firestore, uid: string, sessionId: string) {
  return profileRef(db, uid).collection('focus_sessions').doc(sessionId);
}

/**
 * Records one event in a transaction with the assignment's increment, so an event is counted
 * once or not at all. Answers null when the assignment does not exist, the outcome otherwise.
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
  const ref = assignmentRef(db, uid, assignmentId);
  return db.runTransaction(async (tx) => {
    const [assignment, stored] = await Promise.all([tx.get(ref), tx.get(sessionRef)]);
    if (!assignment.exists) return null;
    const outcome = applyFocusEvent(
      stored.exists ? (stored.data() as FocusSessionDoc) : null,
      assignmentId,
      event,
      now,
    );
    if (!outcome.ok || !outcome.changed) return outcome;
    // A new session is a new document under the user: not while the account is being deleted.
    if (!stored.exists) await requireLiveAccount(tx, db, uid);
    tx.set(sessionRef, outcome.session);
    if (outcome.creditMinutes > 0) {
      tx.update(ref, {
        focus_minutes: FieldValue.increment(outcome.creditMinutes),
        version: FieldValue.increment(1),
        updated_at: new Date(now).toISOString(),
      });
    }
    return outcome;
  });
}
