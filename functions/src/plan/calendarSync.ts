// The plan mirrored in the student's Google Calendar ("Add to Google Calendar").
import type { Firestore } from 'firebase-admin/firestore';
import type { GoogleConfig } from '../auth/config.ts';
import { syncSessionEvents } from './calendarEvents.ts';
import { assignmentsOf, planRef, type PlanDoc } from './planDoc.ts';

/**
 * Mirrors the plan in the student's Google Calendar when "Add to Google Calendar" is on (or
 * `force`): one event per session, written after the plan's own write has committed. Answers
 * how many events the calendar shows. Google's failures are thrown; a plan write that calls
 * this catches them (the plan stands; the next change or "Add to Google Calendar" tries again).
 */
export async function syncCalendar(
  db: Firestore,
  google: GoogleConfig,
  uid: string,
  force = false,
): Promise<number> {
  const [snap, list] = await Promise.all([planRef(db, uid).get(), assignmentsOf(db, uid).get()]);
  const doc = snap.data() as PlanDoc | undefined;
  if (!force && !doc?.calendar_sync) return 0;
  const titles = new Map(list.docs.map((d) => [d.id, String(d.get('title') ?? '')]));
  const sessions = Object.entries(doc?.sessions ?? {}).map(([id, s]) => ({
    id,
    assignment_id: s.assignment_id,
    title: titles.get(s.assignment_id) ?? '',
    start: s.start,
    end: s.end,
  }));
  const events = await syncSessionEvents(db, google, uid, sessions, doc?.calendar_events ?? {});
  await planRef(db, uid).set({ calendar_sync: true, calendar_events: events }, { merge: true });
  return Object.keys(events).length;
}

/** "Add to Google Calendar" turned off: every session's event is removed. */
export async function clearCalendar(
  db: Firestore,
  google: GoogleConfig,
  uid: string,
): Promise<void> {
  const doc = (await planRef(db, uid).get()).data() as PlanDoc | undefined;
  const known = doc?.calendar_events ?? {};
  if (Object.keys(known).length > 0) await syncSessionEvents(db, google, uid, [], known);
  if (doc) await planRef(db, uid).update({ calendar_sync: false, calendar_events: {} });
}

/** After a plan write: the calendar follows when it is on; a failure leaves the plan as saved. */
export async function followInCalendar(
  db: Firestore,
  google: GoogleConfig,
  uid: string,
): Promise<void> {
  try {
    await syncCalendar(db, google, uid);
  } catch (err) {
    console.warn(
      'The plan is saved; mirroring it in Google Calendar failed',
      (err as Error)?.message,
    );
  }
}
