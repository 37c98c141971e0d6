import type { Assignment, PlanSettings } from '@brainboard/domain';
import type { Firestore } from 'firebase-admin/firestore';
import type { KnownEvent } from './calendarEvents.ts';

/**
 * The student's plan: one document, `users/{uid}/plan/current`, holding the sessions as a map
 * keyed by their client-chosen ids (a move or a removal writes one field path), the plan's
 * version (raised by every write; a whole list saved names the version it was based on) and the
 * basis it was planned on (each open dated assignment's id, due date and status), so a read that
 * finds the basis changed (a due date moved on another device, a new assignment, one done)
 * replans the open sessions (docs/decisions/0023-plan-my-week.md).
 */
export interface StoredSession {
  assignment_id: string;
  /** ISO instants (UTC); answered in the student's zone. */
  start: string;
  end: string;
  by_hand: boolean;
  /**
   * Focus Mode was started on its assignment while it was under way (focus/sessions.ts): once
   * its time has passed it counts as done, and is never replanned as passed unstarted.
   */
  started?: boolean;
}

export interface PlanDoc {
  sessions: Record<string, StoredSession>;
  version: number;
  basis: string;
  updated_at: string;
  /** "Add to Google Calendar" is on: every plan change is mirrored as events. */
  calendar_sync?: boolean;
  /** The event of each session in the student's calendar. */
  calendar_events?: Record<string, KnownEvent>;
}

export const planRef = (db: Firestore, uid: string) =>
  db.collection('users').doc(uid).collection('plan').doc('current');
export const assignmentsOf = (db: Firestore, uid: string) =>
  db.collection('users').doc(uid).collection('assignments');

/** What planning needs from the student's data. */
export interface Student {
  zone: string;
  settings: PlanSettings;
  assignments: Assignment[];
}

/**
 * The assignment of the work session under way at `now` (started, not yet ended), or null: "What
 * now?" picks it first. One document read.
 */
export async function plannedNow(db: Firestore, uid: string, now: number): Promise<string | null> {
  const doc = (await planRef(db, uid).get()).data() as PlanDoc | undefined;
  const under = Object.values(doc?.sessions ?? {}).find(
    (s) => Date.parse(s.start) <= now && now < Date.parse(s.end),
  );
  return under?.assignment_id ?? null;
}

/** How early before its start a Focus Mode start still counts for a session. */
const EARLY_START_MS = 15 * 60_000;

/**
 * The id of the session of `assignmentId` that a Focus Mode start at `now` begins (under way,
 * or starting within 15 minutes), when it is not marked started yet; null otherwise.
 */
export function sessionStartedBy(
  doc: PlanDoc | undefined,
  assignmentId: string,
  now: number,
): string | null {
  const hit = Object.entries(doc?.sessions ?? {}).find(
    ([, s]) =>
      s.assignment_id === assignmentId &&
      !s.started &&
      Date.parse(s.start) - EARLY_START_MS <= now &&
      now < Date.parse(s.end),
  );
  return hit?.[0] ?? null;
}
