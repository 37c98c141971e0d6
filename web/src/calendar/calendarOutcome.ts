import {
  calendarAccessMissing,
  calendarFailed,
  calendarSaved,
  isCalendarAccessError,
} from '@brainboard/domain';

/** What the calendar step of a save came to. */
export type CalendarOutcome =
  { ok: true; serverMessage?: string | null } | { ok: false; error: string };

/**
 * The alert after an assignment was saved with "Save to
 * Google Calendar" ticked. The assignment itself is saved in every case.
 * - success: "✅ Assignment created/updated and saved to calendar successfully!" + the server's message;
 * - an error containing "Calendar access not granted": the save's success and a note to sign in
 *   with Google again for calendar access;
 * - any other error: the save succeeded but adding to the calendar failed, and the error.
 */
export function calendarOutcomeMessage(outcome: CalendarOutcome): string {
  if (outcome.ok) return calendarSaved(outcome.serverMessage);
  if (isCalendarAccessError(outcome.error)) return calendarAccessMissing('Google');
  return calendarFailed(outcome.error);
}
