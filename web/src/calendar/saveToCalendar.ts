import type { CalendarSaveAnswer } from '@brainboard/domain';
import { callEndpoint } from '../data/api/call.ts';
import type { ApiClient } from '../data/api/client.ts';
import { errorDetail } from '../data/api/client.ts';
import { showAlert } from '../ui/notify.ts';
import { calendarOutcomeMessage, type CalendarOutcome } from './calendarOutcome.ts';

/** The browser's IANA time zone (the event is placed at the due time there), or undefined. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** `POST /api/assignment/{id}/save-to-calendar` with the browser's time zone. */
export function saveToCalendar(
  api: Pick<ApiClient, 'post'>,
  assignmentId: string,
  timeZone: string | undefined = browserTimeZone(),
): Promise<CalendarSaveAnswer> {
  return callEndpoint(
    api,
    'POST /api/assignment/:id/save-to-calendar',
    { id: assignmentId },
    timeZone ? { time_zone: timeZone } : {},
  );
}

/** Runs the calendar step and says what it came to; never throws. */
async function calendarStep(
  api: Pick<ApiClient, 'post'>,
  assignmentId: string,
): Promise<CalendarOutcome> {
  try {
    const answer = await saveToCalendar(api, assignmentId);
    return { ok: true, serverMessage: answer?.message ?? null };
  } catch (err) {
    console.warn('Brainboard: saving to the calendar failed.', err);
    return { ok: false, error: errorDetail(err) };
  }
}

/**
 * What the assignment editor calls after a successful save with "Save to
 * Google Calendar" ticked: adds or updates the event and shows the
 * alert. The texts say "created/updated" either way (the texts are exact), so
 * `isNew` changes nothing the student sees; it is kept for the call's clarity.
 */
export async function saveAssignmentToCalendar(
  api: Pick<ApiClient, 'post'>,
  assignmentId: string,
  _isNew: boolean,
): Promise<void> {
  const outcome = await calendarStep(api, assignmentId);
  await showAlert(calendarOutcomeMessage(outcome));
}
